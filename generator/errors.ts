// Every message the generator shows, in one place (after Astro's errors-data.ts): each entry has a
// permanent name, a title, a message function and a hint. Call sites pass facts, never wording.
// Style: say what happened, then what to do; no "Oops".
const list = (xs: readonly string[]) => xs.join(', ');
const guessed = (guess: string | undefined, show = (g: string) => `"${g}"`) => (guess ? `; did you mean ${show(guess)}?` : '');

export const ErrorCatalogue = {
  YamlSyntax: {
    title: 'YAML syntax error',
    message: (detail: string) => detail,
    hint: 'Check indentation and quotes around this line.',
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
    hint: 'Numbers are written without quotes; text in quotes.',
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
    message: (type: string, guess: string | undefined, known: readonly string[]) => `unknown block type "${type}"${guessed(guess)} Known types: ${list(known)}`,
    hint: 'Each block type needs a schema in schemas/blocks/ and a component in runtime/blocks/.',
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
    message: (id: string, guess: string | undefined, known: readonly string[]) => `unknown product "${id}"${guessed(guess)} Known products: ${list(known)}`,
    hint: 'Products are defined in site.config.yaml under `products`.',
  },
  BrokenLink: {
    title: 'Broken internal link',
    message: (href: string, guess: string | undefined) => `link ${href} goes to no page${guessed(guess)}`,
    hint: 'Internal links must point to a page in pages/ or a file in public/.',
  },
  BrokenAnchor: {
    title: 'Broken #anchor',
    message: (href: string, route: string, anchor: string, guess: string | undefined, ids: readonly string[]) =>
      `link ${href}: ${route} has no section "#${anchor}"${guessed(guess, (g) => `"#${g}"`)} Sections there: ${ids.length ? ids.map((i) => `#${i}`).join(', ') : 'none'}`,
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
  ReadTime: {
    title: 'Read time does not match the article',
    message: (stated: number, words: number, minWords: number, maxWords: number) =>
      `readTime is ${stated} min, which allows ${minWords}–${maxWords} words at 200 words a minute, but the body has ${words} words`,
    hint: 'Read times are computed at about 200 words a minute, within a third; fix readTime or the body.',
  },
  ProseHeading: {
    title: 'Heading level not allowed',
    message: (level: number) => `a level-${level} heading (${'#'.repeat(level)}) is not allowed in prose; use ## or ###`,
    hint: 'The page title is the only level-1 heading; sections start at ##.',
  },
  UnknownToken: {
    title: 'Unknown value in text',
    message: (token: string, guess: string | undefined, known: readonly string[]) => `${token} is not a known value${guessed(guess, (g) => `{${g}}`)}. Known: ${known.map((n) => `{${n}}`).join(', ')}`,
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
  MissingPreview: {
    title: 'No preview for a platform guide',
    severity: 'warning',
    message: (id: string, source: string) => `product "${id}" has no preview source ${source}; its sales page will show an empty preview`,
    hint: 'Write the preview source (copy one from content/previews/) and run `npx tsx supabase/seed/generate-previews.ts`.',
  },
  StaleTypes: {
    title: 'Generated types are stale',
    message: (file: string) => `${file} does not match the schemas`,
    hint: 'Run `npm run gen:types` and commit the result.',
  },
} as const satisfies Record<string, { title: string; severity?: Severity; message: (...args: never[]) => string; hint: string }>;

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

export function diagnostic<N extends ErrorName>(name: N, at: Location, ...args: MessageArgs<N>): Diagnostic {
  const entry = ErrorCatalogue[name];
  const message = (entry.message as (...a: MessageArgs<N>) => string)(...args);
  const severity: Severity = 'severity' in entry ? entry.severity : 'error';
  return { name, severity, title: entry.title, hint: entry.hint, ...at, message };
}
