// Every message the generator shows, in one place (after Astro's errors-data.ts): each entry has a
// permanent name, a title, a message function and a hint. Call sites pass facts, never wording.
// Style: say what happened, then what to do; no "Oops".
import type { IndentFinding } from './indentation.ts';

const list = (xs: readonly string[]) => xs.join(', ');
const guessed = (guess: string | undefined, show = (g: string) => `"${g}"`) => (guess ? `; did you mean ${show(guess)}?` : '');
/** The end of a sentence another follows: the guess as a question, or a full stop. */
const ended = (guess: string | undefined, show?: (g: string) => string) => guessed(guess, show) || '.';

export const ErrorCatalogue = {
  YamlSyntax: {
    title: 'YAML syntax error',
    message: (detail: string) => detail,
    hint: 'Check indentation and quotes around this line.',
  },
  Indentation: {
    title: 'Wrong indentation',
    message: (f: IndentFinding) => {
      const kind = f.what.startsWith('-') ? 'item' : 'key';
      const lineUp = f.above ? `line "${f.what}" up with "${f.above.what}" (line ${f.above.line}, column ${f.above.column})` : 'line it up with the keys of its block';
      switch (f.reason) {
        case 'tab':
          return 'this line is indented with a tab; tabs cannot indent YAML, use spaces';
        case 'more':
          return `this line is indented more than the ${kind} above it: ${lineUp}`;
        case 'less':
          return `this line is indented less than the ${kind} above it: ${lineUp}`;
        case 'sameLine':
          return `"${f.what}" follows "${f.above?.what ?? ''}" on one line; a key starts a line of its own (in column ${f.above?.column ?? 1}, below "${f.above?.what ?? ''}")`;
      }
    },
    hint: 'YAML nests by indentation: the keys of one block start in the same column, and a block inside a key starts two spaces further in. Indent with spaces, never tabs.',
  },
  UnquotedColon: {
    title: 'Colon in a text without quotes',
    message: (f: IndentFinding) => {
      const above = f.above?.what ?? '';
      return `"${f.what}" follows "${above}" on one line and is read as a new key, because a word and a colon start a key. If "${f.what}" is part of the text, put the whole text in quotes; if it is a key of its own, start it on a line of its own, in column ${f.above?.column ?? 1} below "${above}".`;
    },
    hint: 'A text with a colon and a space in it goes in quotes: text: "Step 1: turn off notifications". Inside double quotes write a double quote as \\"; or use single quotes around the whole text.',
  },
  InvalidEncoding: {
    title: 'Not UTF-8',
    message: () => 'this file has bytes that are not UTF-8 text',
    hint: 'Save the file as UTF-8 (most editors: "Save with encoding").',
  },
  FileTooLarge: {
    title: 'File too large',
    message: (bytes: number, limit: number) => `this file is ${Math.round(bytes / 1024)} KB; source files may be at most ${Math.round(limit / 1024)} KB`,
    hint: 'Split the page, or move long content into several articles.',
  },
  DuplicateKey: {
    title: 'Duplicate key',
    message: (key: string) => `the key "${key}" appears twice in this mapping`,
    hint: 'A key may appear once per mapping; remove or rename one of them.',
  },
  WrongType: {
    title: 'Wrong type',
    message: (expected: string, got: string) => `must be ${expected}, got ${got}`,
    hint: (expected: string, got: string) => wrongTypeHint(expected, got),
  },
  MissingField: {
    title: 'Missing required field',
    message: (field: string) => `missing required field "${field}"`,
    hint: 'Add the field; the schema in schemas/ lists every field with a description.',
  },
  UnknownField: {
    title: 'Unknown field',
    message: (field: string, guess: string | undefined, allowed: readonly string[]) => `unknown field "${field}"${guess ? guessed(guess) : `; allowed: ${list(allowed)}`}`,
    hint: 'Remove it or fix its spelling; the schema lists the allowed fields.',
  },
  NotAllowedValue: {
    title: 'Value not allowed',
    message: (allowed: readonly string[], got: string, guess?: string) =>
      `must be ${allowed.length === 1 ? allowed[0] : `one of ${list(allowed)}`}, got ${got}${guessed(guess)}`,
    hint: 'Pick one of the listed values.',
  },
  PatternMismatch: {
    title: 'Value has the wrong form',
    message: (pattern: string, got: string) => `must match ${pattern}, got ${got}`,
    hint: 'The field’s description in the schema shows the expected form.',
  },
  InvalidValue: {
    title: 'Invalid value',
    message: (rule: string, got: string) => `${rule}, got ${got}`,
    hint: 'The field’s description in the schema says what it accepts.',
  },
  UnknownBlockType: {
    title: 'Unknown block type',
    message: (type: string, guess: string | undefined, known: readonly string[]) => `unknown block type "${type}"${ended(guess)} Known types: ${list(known)}.`,
    hint: 'Most often a misspelt type: write one of the known types (each is described in schemas/blocks/<type>.schema.json). A developer adding a new kind of block writes its schema there and its component in runtime/blocks/.',
  },
  BlockNotAllowed: {
    title: 'Block not allowed in this template',
    message: (type: string, template: string, guess: string | undefined, allowed: readonly string[]) =>
      `a page with template "${template}" does not hold "${type}" blocks${ended(guess)} It holds: ${list(allowed)}.`,
    hint: "Each template takes the blocks page.schema.json lists for it (the studio's palette offers only those): an article takes prose blocks, and its own header and footer come from the template. Pick one of the listed blocks, or move this block to a page of another template.",
  },
  BlockWithoutComponent: {
    title: 'Block has no component',
    message: (type: string) => `block "${type}" has a schema but no component in runtime/registry.tsx`,
    hint: 'Add runtime/blocks/<type>.tsx and register it in runtime/registry.tsx, or remove the schema.',
  },
  ComponentWithoutSchema: {
    title: 'Component has no schema',
    message: (type: string) => `block "${type}" is registered in runtime/registry.tsx but has no schemas/blocks/${type}.schema.json`,
    hint: 'Add the block’s schema (with "type": { "const": "<type>" } and examples), or remove it from the registry.',
  },
  UnknownProduct: {
    title: 'Unknown product id',
    message: (id: string, guess: string | undefined, known: readonly string[]) => `unknown product "${id}"${ended(guess)} Known products: ${list(known)}.`,
    hint: 'Products are defined in site.config.yaml under `products`.',
  },
  UnknownRoute: {
    title: 'Unknown route',
    message: (route: string, guess: string | undefined) => `no page has the route ${route}${guessed(guess)}`,
    hint: 'A route is a page file\'s path: pages/about.yaml is /about, pages/index.yaml is /.',
  },
  RoutePatternMatchesNothing: {
    title: 'Route pattern matches no page',
    message: (pattern: string, guess: string | undefined) => `the pattern ${pattern} matches no page${guessed(guess)}`,
    hint: 'In a route pattern, * stands for any part of a route, e.g. /blog/* or /*-detox.',
  },
  UnknownBlockId: {
    title: 'Unknown block id',
    message: (id: string, guess: string | undefined) => `no block on any page has the id "${id}"${guessed(guess)}`,
    hint: 'A block\'s id is the `id:` written on it in its page file (its anchor).',
  },
  BrokenLink: {
    title: 'Broken internal link',
    message: (href: string, guess: string | undefined) => `link ${href} goes to no page${guessed(guess)}`,
    hint: 'Internal links must point to a page in pages/ or a file in public/.',
  },
  ValueReadAsComment: {
    title: 'Value read as a comment',
    message: (written: string, guess: string | undefined, ids: readonly string[] | undefined) =>
      `${written} is read as a comment, so this field is empty (in YAML a # after a space starts a comment); write it in quotes: "${written}".` +
      (ids ? `${guess ? ` Did you mean "#${guess}"?` : ''} Sections on this page: ${ids.length ? ids.map((i) => `#${i}`).join(', ') : 'none'}.` : ''),
    hint: 'Put addresses and texts that start with # in quotes, e.g. href: "#faq".',
  },
  BrokenAnchor: {
    title: 'Broken #anchor',
    message: (href: string, route: string, anchor: string, guess: string | undefined, ids: readonly string[]) =>
      `link ${href}: ${route} has no section "#${anchor}"${ended(guess, (g) => `"#${g}"`)} Sections there: ${ids.length ? ids.map((i) => `#${i}`).join(', ') : 'none'}.`,
    hint: 'An anchor must be the `id` of a section on the target page.',
  },
  UnsafeLink: {
    title: 'Link not allowed',
    message: (href: string) => `link ${href} is not allowed; links go to /pages, #sections, https:// or mailto: addresses`,
    hint: 'Use https:// for other sites; script, data and plain http addresses are refused.',
  },
  DuplicateRoute: {
    title: 'Duplicate route',
    message: (route: string, otherFile: string) => `route ${route} is also defined by ${otherFile}`,
    hint: 'Two files map to the same address; keep one of them.',
  },
  DuplicateSectionId: {
    title: 'Duplicate section id',
    message: (id: string, route: string) => `section id "${id}" is used twice on ${route}`,
    hint: 'Section ids are anchors and must be unique on a page.',
  },
  FeaturedArticle: {
    title: 'Featured article',
    message: (count: number, routes: readonly string[]) => `exactly one listed article must be featured; found ${count} (${routes.length ? list(routes) : 'none'})`,
    hint: 'Exactly one listed article has `featured: true`.',
  },
  EmptyBlogCategory: {
    title: 'Category with no articles',
    severity: 'warning',
    message: (category: string) => `no listed article has the category "${category}", so it gets no chip and no page.`,
    hint: 'Leave the category out until an article uses it, or check the articles’ `category` and `unlisted`.',
  },
  UndeclaredBlogCategory: {
    title: 'Category not declared in the blog index',
    severity: 'warning',
    message: (category: string, index: string, guess: string | undefined, declared: readonly string[]) =>
      `the category "${category}" is not declared in ${index}${guess ? `; did you mean "${guess}"?` : '.'} The article is listed under 'All' only, with no chip and no category page. Declared: ${declared.length ? list(declared) : 'none'}.`,
    hint: 'Fix the spelling, or add the category to `categories` in the blog index (its name alone, or with a slug and a description); nothing else needs editing.',
  },
  ReadTime: {
    title: 'Read time does not match the article',
    message: (stated: number, words: number, minWords: number, maxWords: number, fits: number, fitsMin: number, fitsMax: number) =>
      `readTime is ${stated} min, which allows ${minWords}–${maxWords} words at 200 words a minute, but the body has ${words} words. Write readTime: ${fits} (${fitsMin}–${fitsMax} words).`,
    hint: 'Read times are computed at about 200 words a minute, within a third; fix readTime or the body.',
  },
  ProseHeading: {
    title: 'Heading level not allowed',
    message: (level: number) => `a level-${level} heading (${'#'.repeat(level)}) is not allowed in prose; use ## or ###`,
    hint: 'The page title is the only level-1 heading; sections start at ##.',
  },
  UnknownToken: {
    title: 'Unknown value in text',
    message: (token: string, guess: string | undefined, known: readonly string[]) => `${token} is not a known value${ended(guess, (g) => `{${g}}`)} Known: ${known.map((n) => `{${n}}`).join(', ')}.`,
    hint: 'Text may name catalogue values such as {price:instagram} or {provider}.',
  },
  TokenNeedsProduct: {
    title: 'Value needs a product',
    message: (token: string, name: string) => `${token} needs a product, e.g. {${name}:ultimate}`,
    hint: 'Product values name the product after a colon: {price:instagram}.',
  },
  TokenUnknownProduct: {
    title: 'Unknown product in text',
    message: (token: string, id: string, guess: string | undefined) => `${token}: unknown product "${id}"${guessed(guess)}`,
    hint: 'Products are defined in site.config.yaml under `products`.',
  },
  TokenNeedsBundle: {
    title: 'Value needs a bundle',
    message: (token: string, id: string, bundles: readonly string[]) =>
      `${token}: "${id}" is not a bundle, so it has no products to count or list${bundles.length ? `; bundles: ${list(bundles)}` : ''}`,
    hint: 'Counts and platform lists belong to a bundle: a product with `bundles` in site.config.yaml.',
  },
  TokenNeedsBundleMember: {
    title: 'Value needs a product inside a bundle',
    message: (token: string, id: string, members: readonly string[]) =>
      `${token}: "${id}" is in no bundle, so it has no other platforms to list${members.length ? `; products in a bundle: ${list(members)}` : ''}.`,
    hint: 'The other platforms are counted from a product a bundle holds: name a platform guide, e.g. {otherPlatforms:instagram}.',
  },
  CatalogueListByHand: {
    title: 'Platforms listed by hand',
    severity: 'warning',
    message: (phrase: string, listed: number, of: number, bundle: string, left: readonly string[], token: string) =>
      `"${phrase}" names ${listed} of the ${of} platforms of "${bundle}"${left.length ? ` (not ${left.join(', ')})` : ''}; write ${token} so the list follows the catalogue.`,
    hint: 'A list of platforms typed out goes stale when a platform joins the catalogue. Tokens fill it in: {platforms:<bundle>} (A, B and C), {platformsOr:<bundle>} (A, B or C), {otherPlatforms:<product>} and {otherPlatformsOr:<product>} (the bundle without that product). A customer’s words belong in a testimonial, which is never checked.',
  },
  CatalogueCountByHand: {
    title: 'Platforms counted by hand',
    severity: 'warning',
    message: (phrase: string, figure: string, bundle: string, count: number, token: string) =>
      `"${phrase}" says ${figure}, but "${bundle}" holds ${count} platforms; write ${token} so the count follows the catalogue.`,
    hint: 'A count typed out goes stale when a platform joins the catalogue. Tokens fill it in: {count:<bundle>} (4), {countWord:<bundle>} (four), {CountWord:<bundle>} (Four).',
  },
  BundleOriginalPrice: {
    title: "Bundle's original price differs from its products",
    message: (id: string, written: number, sum: number) =>
      `the original price of bundle "${id}" is ${written}, but its products cost ${sum} bought one by one`,
    hint: 'Remove `originalPrice` and it is computed from the products; or correct it.',
  },
  UnknownPlatform: {
    title: 'Unknown platform',
    message: (name: string, guess: string | undefined, known: readonly string[]) => `unknown platform "${name}"${ended(guess)} Known platforms: ${list(known)}.`,
    hint: 'Platform names are the `platform` of each product in site.config.yaml.',
  },
  MissingFile: {
    title: 'Missing file',
    message: (path: string) => `${path} is not in public/`,
    hint: 'Images and files are served from public/.',
  },
  InvalidTemplateOutput: {
    title: 'Template wrote an invalid block',
    message: (type: string, detail: string) => `the template's "${type}" block is invalid: ${detail}`,
    hint: 'This is a fault of the generator’s template, not of the page; report it with this page file.',
  },
  RepeatedParagraph: {
    title: 'Paragraph written twice',
    severity: 'warning',
    message: (start: string, first: string) => `"${start}" is already in ${first}`,
    hint: 'Rewrite one of them: readers and search engines notice copied text.',
  },
  BackendMismatch: {
    title: 'Built for another backend than the running site',
    severity: 'warning',
    message: (built: string, from: string, serving: string, pid: number) =>
      `this build writes ${built} (${from}) into the pages and _headers, but npm start (process ${pid}) serves this folder with its backend at ${serving}: every form of that site will fail to reach it`,
    hint: 'Leave VITE_SUPABASE_URL unset to build for the address npm start serves with, build into another folder (OUT_DIR=…), or restart npm start with this address so that both use the same one.',
  },
  MailProviderMissing: {
    title: 'No mail provider for a hosted backend',
    message: (backend: string) =>
      `this site is built for ${backend}, but site.config.yaml names no mail provider: nobody who signs up gets the confirmation mail, so no address is ever confirmed and pending ones are deleted after 30 days`,
    hint: 'Add mail: { provider: resend, from: "Name <hello@your-domain>" } (or postmark; smtp for a self-hosted backend), then set its secret on the project: supabase secrets set RESEND_API_KEY=… (docs/deploying/mail.md). Locally npm start catches every mail instead.',
  },
  MissingPreview: {
    title: 'No preview for a platform guide',
    severity: 'warning',
    message: (id: string, source: string, pdf: string) => `product "${id}" has no preview source ${source}; its sales page shows 'Preview coming soon' until ${pdf} is in the previews bucket`,
    hint: 'The owner can upload that PDF at /admin/upload: the page shows it from its next view, without a rebuild. Or write the preview source (copy one from content/previews/) and run `npx tsx supabase/seed/generate-previews.ts`.',
  },
  InvalidPublishAt: {
    title: 'Publish moment not understood',
    message: (value: string, problem: string) => `publishAt ${JSON.stringify(value)} ${problem}`,
    hint: 'Write a date, "2026-12-01" (the start of that day in UTC), or a date-time with its zone, "2026-12-01T09:00:00Z" or "2026-12-01T09:00+01:00".',
  },
  LinkToUnpublished: {
    title: 'Link to a page not yet published',
    message: (href: string, why: string) => `link ${href} goes to a page that ${why}; on the live site this link would be broken`,
    hint: 'Publish the target first (remove `draft: true`, or give it an earlier `publishAt`), or remove the link. `npm run dev` shows drafts, so this is only a warning there.',
  },
  UnpublishedProductPage: {
    title: 'Product not yet released',
    message: (id: string, route: string, why: string) => `product "${id}" is not released: its page ${route} ${why}, so the live site leaves the product out and this reference would have nothing to show`,
    hint: 'Name the product here once its page is published (remove `draft: true` when the DRAFT copy is replaced); until then the build lists it nowhere by itself.',
  },
  DateBeforePublishAt: {
    title: 'Article dated before it is published',
    severity: 'warning',
    message: (date: string, publishAt: string) => `the article is dated ${date} but publishes at ${publishAt}; it would appear below newer articles on /blog and in feeds as old news`,
    hint: 'Set `date` to the day it publishes (the date shown on the article).',
  },
  DraftCopy: {
    title: 'Draft copy on a published page',
    message: (text: string) => `"${text}" is still marked DRAFT:, but this page is not a draft, so a build would publish it`,
    hint: 'Write the final copy in place of every text that starts with DRAFT:, or keep `draft: true` at the top of the page until it is done.',
  },
  ExampleCopy: {
    title: 'Example copy on a published page',
    message: (text: string, from: string) => `"${text}" is still the ${from}'s example copy; Publish refuses it while the page is not a draft`,
    hint: 'Write this page\'s own copy in its place (or keep `draft: true` at the top of the page until it is done).',
  },
  VariantsWithoutExperiment: {
    title: 'Variants without an experiment',
    message: () => 'this section gives variants, but its page declares no `experiment`',
    hint: 'Declare the experiment at the top of the page (experiment: { id, variants: [b], goal, start }), or remove `variants` from the section.',
  },
  UnknownVariant: {
    title: 'Unknown variant',
    message: (variant: string, declared: readonly string[], guess: string | undefined) => `"${variant}" is not a variant of this page's experiment (it declares ${list(declared)})${ended(guess)}`,
    hint: "A section's `variants` may only name the variants listed in the page's `experiment.variants`; the control is the section as written.",
  },
  UnknownGoal: {
    title: 'Unknown goal',
    message: (goal: string, goals: readonly string[], guess: string | undefined) => (goals.length ? `"${goal}" is not a goal in site.config.yaml (its goals: ${list(goals)})${ended(guess)}` : `"${goal}" is not a goal: site.config.yaml declares no analytics.goals.`),
    hint: 'An experiment is judged by one goal declared under analytics.goals in site.config.yaml; add it there, or use the id of one that is.',
  },
  ExperimentDates: {
    title: 'Experiment ends before it starts',
    message: (start: string, end: string) => `the planned end ${end} is before the start ${start}`,
    hint: 'Give a planned end on or after the start (YYYY-MM-DD), or leave it out.',
  },
  ExperimentPastEnd: {
    title: 'Experiment past its planned end',
    severity: 'warning',
    message: (id: string, end: string) => `the experiment "${id}" was planned to end on ${end}`,
    hint: 'Read its verdict in /admin/insights, then end it: move the winning variant\'s fields into the page\'s own and delete `experiment` and every `variants` (see docs/marketer/experiments.md, "End it"). Or move `end` later.',
  },
  ExperimentHasVerdict: {
    title: 'Experiment has an answer',
    severity: 'warning',
    message: (id: string, answer: string, figures: string) => `the experiment "${id}" has reached a verdict: ${answer}; ${figures}`,
    hint: 'The sequential test behind it stays right however often it is read, so the answer is real: end the experiment. Move the winning variant\'s fields into the page\'s own (or keep the control) and delete `experiment` and every `variants` (see docs/marketer/experiments.md, "End it"); /admin/insights shows the figures.',
  },
  VariantChangesNothing: {
    title: 'Variant changes nothing',
    severity: 'warning',
    message: (variant: string) => `no section gives the variant "${variant}" any field, so it is the control under another name`,
    hint: 'Under a section, add `variants: { <variant>: { <field>: <value> } }`, or remove the variant from `experiment.variants`.',
  },
  NewsletterName: {
    title: 'Newsletter file name',
    message: (slug: string, taken: string | undefined) =>
      taken ? `"${slug}" is the name of the list's own ${taken}; a newsletter named so would take its place` : `"${slug}" is not a newsletter's name: lower-case letters, digits and dashes, in newsletters/ itself`,
    hint: 'A newsletter is newsletters/<slug>.yaml: the slug is its web address (/newsletters/<slug>) and its campaign (utm_campaign), and names its mail for the sender. Rename the file.',
  },
  BlockNotInMail: {
    title: 'Block not allowed in a mail',
    message: (type: string, guess: string | undefined, allowed: readonly string[]) => `a mail does not hold "${type}" blocks${ended(guess)} It holds: ${list(allowed)}.`,
    hint: 'Mail programs show tables and inline styles, no script and little CSS, so a mail takes the blocks that have a mail version (runtime/mail/blocks/). Link to a page of the site for the rest.',
  },
  MailPlaceholder: {
    title: 'Address not filled in here',
    message: (href: string, mail: string | undefined, filled: readonly string[]) =>
      mail ? `${href} is not filled in in ${mail}${filled.length ? `, which fills in ${list(filled)}` : ', which fills in no address of its own'}` : `${href} is filled in only in a mail of content/mail/, never on a page`,
    hint: 'The sender fills in {{confirm_url}} (the subscriber\'s Confirm page) in content/mail/confirmation.yaml and {{unsubscribe_url}} in content/mail/welcome.yaml. Every newsletter and the welcome mail carry the unsubscribe link in their foot by themselves.',
  },
  MailAnchor: {
    title: 'Section link in a mail with no web version',
    message: (href: string) => `${href} links to a section of this mail, which has no web page to open it on`,
    hint: 'Link to a page of the site instead (/blog/<slug>#section), or leave the link out.',
  },
  MailImage: {
    title: 'Image mail programs cannot show',
    message: (src: string) => `${src} is not a PNG, JPEG or GIF; Gmail, Outlook and most mail programs show no SVG or WebP`,
    hint: 'Export the image as a PNG (a JPEG for a photo) into public/ and name that file here.',
  },
  ConfirmationWithoutLink: {
    title: 'Confirmation without its Confirm link',
    message: () => 'the confirmation mail never links to {{confirm_url}}, so nobody who gets it could confirm',
    hint: 'Add a button: `- type: cta`, `label: "Confirm"`, `href: "{{confirm_url}}"`.',
  },
  MailTooLarge: {
    title: 'Mail too large for Gmail',
    message: (bytes: number, limit: number) => `this mail's HTML is ${bytes.toLocaleString('en-US')} bytes once sent; Gmail clips a mail over ${limit.toLocaleString('en-US')} bytes and hides the rest, the unsubscribe link with it`,
    hint: 'Shorten it, or move the long part into an article and link to it from the mail.',
  },
  StaleTypes: {
    title: 'Generated types are stale',
    message: (file: string) => `${file} does not match the schemas`,
    hint: 'Run `npm run gen:types` and commit the result.',
  },
} as const satisfies Record<string, { title: string; severity?: Severity; message: (...args: never[]) => string; hint: string | ((...args: never[]) => string) }>;

export type ErrorName = keyof typeof ErrorCatalogue;
/** Errors make a page invalid; warnings are reported and allowed (see --max-warnings). */
export type Severity = 'error' | 'warning';
export type MessageArgs<N extends ErrorName> = Parameters<(typeof ErrorCatalogue)[N]['message']>;

export interface Location {
  /** Path relative to the project root, with / separators, e.g. pages/instagram-detox.yaml. */
  file: string;
  line: number;
  column: number;
  /** Where the offending text ends, when known. */
  endLine?: number;
  endColumn?: number;
  /** Where inside the document, e.g. sections[2].price; empty for the document itself. */
  path: string;
}

export interface Diagnostic extends Location {
  name: ErrorName;
  severity: Severity;
  title: string;
  message: string;
  hint: string;
}

/**
 * What to do about a value of the wrong type, for what was expected and what was found (the schema's
 * type names; a found value as schema-errors.ts shows it: "a list", "a mapping", 42, "42").
 */
export function wrongTypeHint(expected: string, got: string): string {
  const wants = (t: string) => expected.split(/[,|]| or /).map((x) => x.trim()).includes(t);
  const quoted = got.startsWith('"');
  if ((wants('number') || wants('integer')) && quoted) return 'Numbers are written without quotes: price: 19, not price: "19".';
  if (wants('boolean') && quoted) return 'Yes and no are written true and false, without quotes.';
  if (wants('string') && !quoted && got !== 'a list' && got !== 'a mapping') return 'Text goes in quotes, so a number, true or a date stays text: title: "2024".';
  if (wants('object') && got === 'a list') return 'This field holds fields of its own (name: value lines, indented under it), not a list: remove the "- " before them.';
  if (wants('array') && got !== 'a list') return 'This field is a list: write each item on its own line, indented under it and starting with "- ".';
  if (wants('object')) return 'This field holds fields of its own: name: value lines, indented two spaces under it.';
  return 'The schema in schemas/ says what this field holds, with an example.';
}

export function diagnostic<N extends ErrorName>(name: N, at: Location, ...args: MessageArgs<N>): Diagnostic {
  const entry = ErrorCatalogue[name];
  const message = (entry.message as (...a: MessageArgs<N>) => string)(...args);
  const severity: Severity = 'severity' in entry ? entry.severity : 'error';
  const hint = typeof entry.hint === 'function' ? (entry.hint as (...a: MessageArgs<N>) => string)(...args) : entry.hint;
  return { name, severity, title: entry.title, hint, ...at, message };
}
