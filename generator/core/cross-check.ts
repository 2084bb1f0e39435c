// What a schema cannot say: unique routes, existing products, resolvable links and anchors, safe
// addresses, one featured article, honest read times, files that exist. Which field is a product id,
// an address, a file or prose comes from the schemas (`x-kind`), never from a field's name.
import { createHash } from 'node:crypto';
import { isSafeHref } from '../../model/href.ts';
import { placeholderOf, PLACEHOLDERS_IN_TEXT } from '../../model/newsletter.ts';
import { countWords, inlineLinks, inlinePlain, parseInline, parseProse, proseLinks, prosePlain, type ProseBlock } from '../../model/markup.ts';
import type { PageDefinition, SiteConfig } from '../../model/page.ts';
import { catalogueMentions } from './catalogue-mentions.ts';
import { didYouMean } from './did-you-mean.ts';
import { draftCopy } from './draft-copy.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { readTimeFor, readTimeRange } from './read-time.ts';
import { formatPath, locate, locateIn, valueAt, type SourceFile } from './source.ts';
import type { FieldAt } from './schema-errors.ts';
import type { CheckedDoc, DocumentFacts, FieldFacts } from './documents.ts';

export type { CheckedDoc, DocumentFacts, FieldFacts };

/** What an article's body says, for the read time and the repeat check. */
interface ArticleProse {
  words: number;
  /** Paragraphs long enough to count as repeats, normalised (lower case, single spaces): their opening, a NUL, a hash of the whole. */
  paragraphs: { text: string; path: FieldAt['path'] }[];
}

export interface CheckInput {
  site: SiteConfig;
  docs: CheckedDoc[];
  /** Paths served as files (public/ and generated files), e.g. /free-detox-starter-kit.pdf. */
  staticFiles: Set<string>;
  /** Every route a page file defines, valid or not: a link to an invalid page is not broken. */
  knownRoutes?: Set<string>;
  /** Whether `docs` holds every page; site-wide counts (the featured article) need all of them. */
  complete?: boolean;
  /**
   * The catalogue a document's tokens were filled from (a live page's is the live catalogue, without
   * products not yet released): hand-written counts and lists are judged against that one. Default `site`.
   */
  catalogueFor?: (doc: CheckedDoc) => SiteConfig;
  /** Judges a link to an existing page by when each end is published (drafts, scheduled pages; see publication.ts). */
  linkRule?: (from: CheckedDoc, to: PageDefinition, href: string, at: () => ReturnType<typeof locate>) => Diagnostic | undefined;
}

export function crossCheck({ site, docs, staticFiles, knownRoutes, complete = true, linkRule, catalogueFor }: CheckInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  const routes = routesOf(docs, out);
  const anchors = anchorsOf(docs, out);
  const checkHref = hrefChecker(routes, anchors, staticFiles, knownRoutes, linkRule, out);
  const prose = checkFields(site, docs, routes, anchors, staticFiles, checkHref, out);
  out.push(...checkArticles(docs, prose, complete));
  const byCatalogue = new Map<SiteConfig, CheckedDoc[]>();
  for (const doc of docs) {
    const catalogue = catalogueFor?.(doc) ?? site;
    const group = byCatalogue.get(catalogue);
    if (group) group.push(doc);
    else byCatalogue.set(catalogue, [doc]);
  }
  for (const [catalogue, group] of byCatalogue) out.push(...catalogueMentions(catalogue, group));
  out.push(...draftCopy(docs));
  return out;
}

/** Each page by its route; a second page with a route already taken is reported. */
function routesOf(docs: readonly CheckedDoc[], out: Diagnostic[]): Map<string, PageDefinition> {
  const routes = new Map<string, PageDefinition>();
  for (const { page, source } of docs) {
    if (!page) continue;
    const first = routes.get(page.route);
    if (first) out.push(diagnostic('DuplicateRoute', locate(source, []), page.route, first.file));
    else routes.set(page.route, page);
  }
  return routes;
}

/** Anchors: the ids of every section a page renders, templates' own included; a repeated id is reported. */
function anchorsOf(docs: readonly CheckedDoc[], out: Diagnostic[]): Map<string, Set<string>> {
  const anchors = new Map<string, Set<string>>();
  for (const { page, source, fields } of docs) {
    if (!page || anchors.has(page.route)) continue;
    const ids = new Set<string>();
    for (const s of page.sections) {
      if (!s.id) continue;
      if (ids.has(s.id)) {
        const field = fields.find((f) => f.kind === 'sectionId' && valueAt(source.data, f.path) === s.id);
        out.push(diagnostic('DuplicateSectionId', locate(source, field?.path ?? []), s.id, page.route));
      }
      ids.add(s.id);
    }
    anchors.set(page.route, ids);
  }
  return anchors;
}

type HrefCheck = (doc: CheckedDoc, href: string, at: () => ReturnType<typeof locate>) => void;

/**
 * Checks an address: safe, and when internal, to a page, a file or a section that exists. A mail's
 * {{placeholder}} only where the sender fills it in; a #section only where a web version holds it.
 */
function hrefChecker(routes: Map<string, PageDefinition>, anchors: Map<string, Set<string>>, staticFiles: Set<string>, knownRoutes: Set<string> | undefined, linkRule: CheckInput['linkRule'], out: Diagnostic[]): HrefCheck {
  return (doc, href, at) => {
    if (placeholderOf(href)) {
      const filled = doc.mail ? PLACEHOLDERS_IN_TEXT[doc.mail.kind] : [];
      if (!filled.includes(href)) out.push(diagnostic('MailPlaceholder', at(), href, doc.mail?.file, filled));
      return;
    }
    if (href.startsWith('#') && doc.mail && !doc.page) {
      out.push(diagnostic('MailAnchor', at(), href));
      return;
    }
    if (!isSafeHref(href)) {
      out.push(diagnostic('UnsafeLink', at(), href));
      return;
    }
    const ownRoute = doc.page?.route;
    if (!href.startsWith('/') && !(href.startsWith('#') && ownRoute)) return;
    const hashAt = href.indexOf('#');
    // A query (/blog?ref=x, a newsletter's campaign tags) names no other page.
    const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
    const pathPart = beforeHash.includes('?') ? beforeHash.slice(0, beforeHash.indexOf('?')) : beforeHash;
    const hash = hashAt < 0 ? '' : href.slice(hashAt + 1);
    // A bare #anchor points into the page that holds it.
    const route = href.startsWith('#') ? ownRoute! : pathPart.length > 1 ? pathPart.replace(/\/$/, '') : pathPart;
    const target = routes.get(route);
    if (!target && !staticFiles.has(route) && !knownRoutes?.has(route)) {
      out.push(diagnostic('BrokenLink', at(), href, didYouMean(route, routes.keys())));
      return;
    }
    const unpublished = target && linkRule?.(doc, target, href, at);
    if (unpublished) out.push(unpublished);
    const ids = anchors.get(route);
    if (hash && target && !ids?.has(hash)) out.push(diagnostic('BrokenAnchor', at(), href, route, hash, didYouMean(hash, ids ?? []), [...(ids ?? [])]));
  };
}

/**
 * Each field checked by what the schema says it is (x-kind). An article's prose is gathered from the
 * same parse as its links (each text is parsed once): its words for the read time, and its paragraphs
 * for the repeat check.
 */
function checkFields(site: SiteConfig, docs: readonly CheckedDoc[], routes: Map<string, PageDefinition>, anchors: Map<string, Set<string>>, staticFiles: Set<string>, checkHref: HrefCheck, out: Diagnostic[]): Map<CheckedDoc, ArticleProse> {
  // Every block id on every page, for what names a block wherever it stands (an analytics goal).
  const blockIds = new Set([...anchors.values()].flatMap((ids) => [...ids]));
  const productIds = [...new Set(site.products.map((p) => p.id))];
  // Platform names come from the catalogue alone, so a new product needs no schema edit.
  const platformNames = [...new Set(site.products.map((p) => p.platform))];
  const prose = new Map<CheckedDoc, ArticleProse>();
  for (const doc of docs) {
    const { source, fields } = doc;
    const body: ArticleProse | undefined = doc.page?.article ? { words: 0, paragraphs: [] } : undefined;
    if (body) prose.set(doc, body);
    const facts = factsOf(doc, body !== undefined);
    // A plain loop that makes no function per field (a thousand articles hold a hundred thousand
    // fields): positions are found only for a diagnostic.
    for (let i = 0; i < fields.length; i++) {
      const fact = facts[i];
      if (!fact) continue;
      const field = fields[i]!;
      const value = valueAt(source.data, field.path) as string;
      if (body && fact.words) body.words += fact.words;
      if (body && fact.paragraphs) for (const text of fact.paragraphs) body.paragraphs.push({ text, path: field.path });
      switch (field.kind) {
        case 'productId':
          if (!productIds.includes(value)) out.push(diagnostic('UnknownProduct', locate(source, field.path), value, didYouMean(value, productIds), productIds));
          break;
        case 'platformName':
          if (!platformNames.includes(value)) out.push(diagnostic('UnknownPlatform', locate(source, field.path), value, didYouMean(value, platformNames), platformNames));
          break;
        case 'href':
          checkHref(doc, value, () => locate(source, field.path));
          break;
        case 'route':
          if (!routes.has(value)) out.push(diagnostic('UnknownRoute', locate(source, field.path), value, didYouMean(value, routes.keys())));
          break;
        case 'routePattern': {
          const pattern = routePattern(value);
          if (![...routes.keys()].some((r) => pattern.test(r))) out.push(diagnostic('RoutePatternMatchesNothing', locate(source, field.path), value, didYouMean(value, routes.keys())));
          break;
        }
        case 'blockId':
          if (!blockIds.has(value)) out.push(diagnostic('UnknownBlockId', locate(source, field.path), value, didYouMean(value, blockIds)));
          break;
        case 'publicFile':
          if (!staticFiles.has(value)) out.push(diagnostic('MissingFile', locate(source, field.path), value));
          break;
        case 'inline':
        case 'markdown':
          if (fact.links) eachOccurrence(fact.links, (href, nth) => checkHref(doc, href, () => locateIn(source, field.path, `(${href}`, nth, 1)));
          if (fact.headings) for (const h of fact.headings) out.push(diagnostic('ProseHeading', locateIn(source, field.path, h.line), h.level));
          break;
      }
    }
  }
  return prose;
}

/** Blog: exactly one featured listed article; read times honest; no paragraph repeated across articles. */
function checkArticles(docs: readonly CheckedDoc[], prose: Map<CheckedDoc, ArticleProse>, complete: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  const articles = docs.filter((d) => d.page?.article);
  // A draft may be marked featured while it is written; it counts once it is no longer a draft.
  const featured = articles.filter((d) => d.page!.article!.featured && !d.page!.article!.unlisted && !d.page!.draft);
  if (complete && articles.length && featured.length !== 1) {
    const where = featured[1] ?? articles[0]!;
    out.push(diagnostic('FeaturedArticle', locate(where.source, ['article']), featured.length, featured.map((d) => d.page!.route)));
  }
  for (const doc of articles) {
    const { page, source } = doc;
    const stated = page!.article!.readTime;
    const words = prose.get(doc)!.words;
    const range = readTimeRange(stated);
    if (words < range.minWords || words > range.maxWords) {
      const fit = readTimeFor(words);
      const fitRange = readTimeRange(fit);
      out.push(diagnostic('ReadTime', locate(source, ['article', 'readTime']), stated, words, range.minWords, range.maxWords, fit, fitRange.minWords, fitRange.maxWords));
    }
  }
  out.push(...repeatedParagraphs(articles, prose));
  return out;
}

/** Paragraphs shorter than this may recur (labels, list items, calls to action). */
const REPEAT_MIN_WORDS = 12;
/** Characters of a repeated paragraph its warning shows. */
const REPEAT_SHOWN = 60;

/**
 * A paragraph written again in the same or another article: a warning at the repeat, naming the first.
 * Usually a copied article not yet rewritten; it does not stop a build.
 */
function repeatedParagraphs(articles: CheckedDoc[], prose: Map<CheckedDoc, ArticleProse>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const first = new Map<string, string>();
  for (const doc of articles) {
    for (const { text: key, path } of prose.get(doc)!.paragraphs) {
      const earlier = first.get(key);
      const start = key.slice(0, key.indexOf('\0'));
      if (earlier) out.push(diagnostic('RepeatedParagraph', paragraphAt(doc, path, start), `${start}…`, earlier));
      else first.set(key, `${doc.source.file} (${formatPath(path)})`);
    }
  }
  return out;
}

/**
 * Where a paragraph starts inside its field (a `markdown` block holds many): its first words found in
 * the text as written, whatever markup or line breaks come between them; the field itself if not found.
 */
function paragraphAt(doc: CheckedDoc, path: FieldAt['path'], start: string) {
  const written = valueAt(doc.written ?? doc.source.data, path);
  const words = start.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  const found = typeof written === 'string' && words.length ? new RegExp(words.join('[^\\p{L}\\p{N}]+'), 'iu').exec(written) : null;
  return found ? locateIn(doc.source, path, found[0].split('\n')[0]!) : locate(doc.source, path);
}

/**
 * Each field's facts (undefined: a field with no string value). A page file's come with its parse
 * (documentFacts, kept in the compile cache), made from its texts as written; the few fields a catalogue
 * token changed get theirs from the filled-in text. The dev server's next compile keeps unchanged
 * documents, whose facts are then known by the document itself.
 */
function factsOf(doc: CheckedDoc, article: boolean): DocumentFacts {
  const data = doc.source.data;
  const known = typeof data === 'object' && data ? factsByDocument.get(data) : undefined;
  if (known) return known;
  const values = doc.fields.map((f) => valueAt(data, f.path));
  const written = doc.written === undefined ? values : doc.fields.map((f) => valueAt(doc.written, f.path));
  const facts = (doc.facts ?? factsOfValues(article, doc.fields, written)).map((f, i) => {
    if (values[i] === written[i]) return f;
    const value = values[i];
    return typeof value === 'string' ? fieldFacts(doc.fields[i]!, value, article && doc.fields[i]!.path[0] === 'sections') : undefined;
  });
  if (typeof data === 'object' && data) factsByDocument.set(data, facts);
  return facts;
}

const factsByDocument = new WeakMap<object, DocumentFacts>();

/** The facts of a document as written: whether it is an article comes from its template. */
export function documentFacts(data: unknown, fields: readonly FieldAt[]): DocumentFacts {
  const article = (data as { template?: unknown } | null)?.template === 'article';
  return factsOfValues(article, fields, fields.map((f) => valueAt(data, f.path)));
}

/** Facts as the compile cache keeps them (JSON has no undefined in a list), and back. */
export const factsToJson = (facts: DocumentFacts) => facts.map((f) => f ?? null);
export const factsFromJson = (facts: (FieldFacts | null)[]): DocumentFacts => facts.map((f) => f ?? undefined);

/** The facts of a document's fields, from their values. */
export function factsOfValues(article: boolean, fields: readonly FieldAt[], values: readonly unknown[]): DocumentFacts {
  return fields.map((field, i) => {
    const value = values[i];
    return typeof value === 'string' ? fieldFacts(field, value, article && field.path[0] === 'sections') : undefined;
  });
}

function fieldFacts(field: FieldAt, value: string, inBody: boolean): FieldFacts {
  const facts: FieldFacts = {};
  const paragraphs = (texts: string[]) => {
    const keys = texts.map((t) => t.toLowerCase().replace(/\s+/g, ' ').trim()).filter((k) => wordsIn(k) >= REPEAT_MIN_WORDS);
    // A paragraph is known by its opening (for the message) and a hash of the whole, not by its whole
    // text: the cache then holds a few bytes a paragraph, not the article a second time.
    if (keys.length) facts.paragraphs = keys.map((k) => `${k.slice(0, REPEAT_SHOWN)}\0${createHash('sha256').update(k).digest('base64url')}`);
  };
  switch (field.kind) {
    case 'text':
      if (inBody) facts.words = countWords(value);
      break;
    case 'inline': {
      const tree = parseInline(value);
      const links = inlineLinks(tree);
      if (links.length) facts.links = links;
      if (inBody) {
        const plain = inlinePlain(tree);
        facts.words = countWords(plain);
        paragraphs([plain]);
      }
      break;
    }
    case 'markdown': {
      const blocks = parseProse(value);
      if (inBody) {
        facts.words = countWords(prosePlain(blocks));
        paragraphs(proseParagraphs(blocks));
      }
      const links = proseLinks(blocks).map((l) => l.href);
      if (links.length) facts.links = links;
      const lines = value.split('\n');
      const bad = headings(blocks).filter((h) => h.level !== 2 && h.level !== 3);
      if (bad.length) facts.headings = bad.map((h) => ({ level: h.level, line: lines[h.line]?.trim() ?? '' }));
      break;
    }
  }
  return facts;
}

/** Words of a normalised paragraph (single spaces, trimmed): its spaces and one. */
function wordsIn(key: string): number {
  let spaces = 0;
  for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) spaces++;
  return spaces + 1;
}

function proseParagraphs(blocks: readonly ProseBlock[]): string[] {
  return blocks.flatMap((b) => (b.type === 'list' ? b.items.flatMap(proseParagraphs) : b.type === 'blockquote' ? proseParagraphs(b.children) : [inlinePlain(b.children)]));
}

/** Calls `fn` with each item and how many equal items came before it (to find the nth in a text). */
function eachOccurrence(items: string[], fn: (item: string, nth: number) => void): void {
  const seen = new Map<string, number>();
  for (const item of items) {
    const nth = seen.get(item) ?? 0;
    seen.set(item, nth + 1);
    fn(item, nth);
  }
}

function headings(blocks: readonly ProseBlock[]): { level: number; line: number }[] {
  return blocks.flatMap((b) =>
    b.type === 'heading' ? [{ level: b.level, line: b.line }] : b.type === 'list' ? b.items.flatMap(headings) : b.type === 'blockquote' ? headings(b.children) : [],
  );
}

/** A route pattern (`*` for any characters within one path segment, never a `/`) as the expression that matches the routes it names; the database reads it the same way (analytics.step_regex). */
export function routePattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[a-z0-9-]*')}$`);
}
