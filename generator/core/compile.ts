// YAML -> validated, cross-checked, typed page definitions. Collects every error of every file;
// nothing is returned to build from when anything is invalid.
import { diagnostic, type Diagnostic } from './errors.ts';
import { crossCheck, factsFromJson, type CheckedDoc, type DocumentFacts } from './cross-check.ts';
import { isContentFile, loadSite, REGISTRY_FILE, routeOf, type InputFile, type SiteInputs } from './load.ts';
import type { ArticleSummary, CompiledSite, Page, PageDefinition, Block, BlockDraft, SiteConfig } from '../../model/page.ts';
import { checkCatalogue } from './catalogue-check.ts';
import { liveConfig, publicationChecks, publicationLinkRule, publicationOf, readPublishAt, scheduleOf, sourceIsLive, type Schedule } from './publication.ts';
import type { CompileCache } from '../store/compile-cache.ts';
import { cacheable, readAndValidate, type FileEntry } from './read.ts';
import type { KindedValidate, SchemaSet } from './schemas.ts';
import { lazySource, locate, locateIn, withData, type SourceFile } from './source.ts';
import { substituteTokens } from './tokens.ts';
import { articleSummary, expandArticle } from './templates/article.ts';
import { checkBlogPages, listedArticles, withBlogPages } from './templates/blog-pages.ts';
import { expandPlatform } from './templates/platform.ts';
import { checkExperiment, splitExperiment } from './experiments.ts';
import { checkMail, mailRouteOf, type MailRead } from './newsletters.ts';
import type { FieldAt } from './schema-errors.ts';

/** Files the build writes that pages may link to, relative to the output folder: the render writes each (render/render-site.ts). */
export const GENERATED_FILES = ['sitemap.xml', 'robots.txt', 'rss.xml', 'free-detox-starter-kit.pdf'] as const;
export type GeneratedFile = (typeof GENERATED_FILES)[number];

export interface CompileResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Source text by project-relative file, for code frames. */
  texts: Map<string, string>;
  site?: CompiledSite;
  /** Every file read, for watchers. */
  files: string[];
  /** Drafts and scheduled pages as of the compile's moment, and when the next one is due. */
  schedule?: Schedule;
}

export interface CompileOptions {
  /** Block types that have a component (the render entry's registry); checked against the schemas. */
  components?: readonly string[];
  /** Schemas already loaded (the fuzzer compiles thousands of documents against one set). */
  schemas?: SchemaSet;
  /** The moment the site is compiled as of: pages scheduled later are not published (default: now). */
  asOf?: Date;
  /** Keep drafts and scheduled pages in the site (the dev server, which marks them with a ribbon). */
  includeUnpublished?: boolean;
  /**
   * Parse and validation results by content hash: unchanged files are not parsed again; with its
   * in-memory layer (remember()), a process that compiles again reuses the last compile's documents
   * and pages (see store/compile-cache.ts).
   */
  cache?: CompileCache<FileEntry>;
  /** Page files' texts by full path, already read (the studio's unsaved drafts), so they are not read from disk. */
  texts?: ReadonlyMap<string, string>;
}

/** The compile of the site in `root` as it is on disk: load (load.ts), then compile. */
export function compileSite(root: string, opts: CompileOptions = {}): CompileResult {
  return compile(loadSite(root, { schemas: opts.schemas, texts: opts.texts }), opts);
}

/**
 * The core: the site's files in, the compiled site and every diagnostic out, in one pass: read each
 * file (read), then every check (check), then the compiled site (assemble). It reads no file and
 * writes none (a cache, when given, only saves it repeating work it did before; its owner, the store,
 * writes it: store/store.ts).
 */
export function compile(inputs: SiteInputs, opts: CompileOptions = {}): CompileResult {
  return assemble(check(read(inputs, opts), opts));
}

/** One file as read: its parsed and validated document (when it parsed), kinded fields, diagnostics, facts. */
type FileRead = { source?: SourceFile; fields: FieldAt[]; diagnostics: Diagnostic[]; facts?: DocumentFacts };

/** Every file of the site, parsed and validated. */
export interface SiteRead {
  inputs: SiteInputs;
  cache?: CompileCache<FileEntry>;
  texts: Map<string, string>;
  diagnostics: Diagnostic[];
  files: string[];
  config?: FileRead;
  /** The pages that parsed and validated without a diagnostic. */
  valid: { route: string; source: SourceFile; fields: FieldAt[]; facts?: DocumentFacts }[];
  /** The newsletters and list mails that parsed and validated without a diagnostic (core/newsletters.ts). */
  mails: MailRead[];
}

/**
 * Step 2, for each file: parsed and validated (read.ts); a file met before (same text, same schemas,
 * same code) comes from the compile cache, or from its in-memory layer in a process that compiles again.
 */
export function read(inputs: SiteInputs, opts: Pick<CompileOptions, 'cache'> = {}): SiteRead {
  const { schemas } = inputs;
  const cache = opts.cache;
  const texts = new Map<string, string>();
  cache?.begin(inputs.schemasDigest);
  const readValidated = ({ file, src }: InputFile, kind: 'site' | 'page' | 'mail', validate: KindedValidate): FileRead => {
    texts.set(file, src.text);
    const usable = cacheable(src);
    // Keyed by the file as well as its text: diagnostics name their file, and a copied article has the same text.
    const key = `${kind}:${file}`;
    const known = usable ? cache?.recall<{ text: string; result: FileRead }>(`file:${key}`) : undefined;
    if (known && known.text === src.text) return known.result;
    const hit = usable ? cache?.get(key, src.text) : undefined;
    let result: FileRead;
    if (hit) {
      result = hit.data === undefined ? { fields: [], diagnostics: hit.diagnostics } : { source: lazySource(file, src.text, hit.data), fields: hit.fields, diagnostics: hit.diagnostics, facts: hit.facts && factsFromJson(hit.facts) };
    } else {
      const { entry, source } = readAndValidate(file, src, validate, schemas.blockTypes);
      if (usable) cache?.set(key, src.text, entry);
      result = { source, fields: entry.fields, diagnostics: entry.diagnostics, facts: entry.facts && factsFromJson(entry.facts) };
    }
    if (usable) cache?.keep(`file:${key}`, { text: src.text, result });
    return result;
  };
  const config = inputs.config ? readValidated(inputs.config, 'site', schemas.validateSiteConfig) : undefined;
  const diagnostics = [...(config?.diagnostics ?? [])];
  const valid: SiteRead['valid'] = [];
  for (const input of inputs.pages) {
    const { source, fields, diagnostics: found, facts } = readValidated(input, 'page', schemas.validatePage);
    diagnostics.push(...found);
    if (source && !found.length) valid.push({ route: routeOf(input.file), source, fields, facts });
  }
  const mails: MailRead[] = [];
  for (const input of inputs.mails) {
    const { source, fields, diagnostics: found, facts } = readValidated(input, 'mail', schemas.validateNewsletter);
    diagnostics.push(...found);
    if (source && !found.length) mails.push({ source, fields, facts });
  }
  const files = [...(inputs.config ? [inputs.config.file] : []), ...inputs.pages.map((p) => p.file), ...inputs.mails.map((m) => m.file)];
  return { inputs, cache, texts, diagnostics, files, config, valid, mails };
}

/** The site after every check: its documents, made into page definitions, and every diagnostic. */
export interface SiteChecked {
  read: SiteRead;
  diagnostics: Diagnostic[];
  /** Absent when the site config is invalid: then nothing could be checked across the site. */
  site?: { live: SiteConfig; missingPreviews: CompiledSite['missingPreviews']; docs: CheckedDoc[]; asOf: Date; dev: boolean };
}

/**
 * Step 3, every check: the blocks against their components, the catalogue, each page (its tokens, its
 * template's blocks, its experiment), then across the whole site (links, anchors, product ids, read
 * times, one featured article, publication). Each page is made into its definition here, since the
 * checks across the site read definitions; nothing is assembled into a site until all have run.
 */
export function check(read: SiteRead, opts: Pick<CompileOptions, 'components' | 'asOf' | 'includeUnpublished'> = {}): SiteChecked {
  const { inputs, cache, valid } = read;
  const { schemas } = inputs;
  const diagnostics: Diagnostic[] = [...(opts.components ? blockCompleteness(schemas.blockTypes, opts.components) : []), ...read.diagnostics];
  const siteSource = read.config?.source;
  // Without a valid site config nothing can be cross-checked. Invalid pages are left out of the
  // cross-checks, but the valid ones are still checked against the whole site, so a report (or a
  // check of a few named files) is complete in one run.
  if (!siteSource || diagnostics.some((d) => d.severity === 'error' && (d.file === siteSource.file || !isContentFile(d.file)))) return { read, diagnostics };
  const allPagesValid = valid.length === inputs.pages.length;
  // The catalogue first: its texts' tokens filled in, bundle prices and preview sources checked.
  const catalogue = checkCatalogue(siteSource, inputs.previewSources);
  const site = catalogue.site;
  diagnostics.push(...catalogue.diagnostics);
  const asOf = opts.asOf ?? new Date();
  const dev = !!opts.includeUnpublished;
  // Live pages are made from the live catalogue: without products whose page is not live yet, so its
  // counts and figures agree with the cards shown. Unpublished pages (and dev) see the whole catalogue.
  // A newsletter's web version is live as a page is (its draft and publishAt).
  const webVersions = read.mails.flatMap((m) => {
    const route = mailRouteOf(m.source.file);
    return route ? [{ route, source: m.source }] : [];
  });
  const liveByRoute = new Map([...valid, ...webVersions].map((v) => [v.route, sourceIsLive(v.source, asOf)] as const));
  const liveSource = dev ? undefined : liveConfig(siteSource, liveByRoute);
  const liveSite = liveSource ? checkCatalogue(liveSource, inputs.previewSources).site : site;
  const docs: CheckedDoc[] = [{ source: siteSource, fields: read.config?.fields ?? [], facts: read.config?.facts }];
  const pageCheck = pageChecker(schemas, cache, asOf);
  for (const v of valid) {
    const { doc, raised } = pageCheck(v, liveByRoute.get(v.route) ? liveSite : site);
    diagnostics.push(...raised);
    docs.push(doc);
  }
  // Newsletters and the list's mails, each checked as a page is (core/newsletters.ts); a newsletter's web version is a page.
  for (const m of read.mails) {
    const route = mailRouteOf(m.source.file);
    const { doc, raised } = checkMail(m, route && liveByRoute.get(route) === false ? site : liveSite, schemas, asOf);
    diagnostics.push(...raised);
    docs.push(doc);
  }
  const staticFiles = new Set([...GENERATED_FILES.map((f) => `/${f}`), ...inputs.publicFiles]);
  const knownRoutes = new Set([...inputs.pages.map((p) => routeOf(p.file)), ...inputs.mails.flatMap((m) => mailRouteOf(m.file) ?? [])]);
  // The blog's listing pages (/blog/page/2, /blog/category/<slug>) are checked with the page files, so links to them resolve.
  const blog = checkBlogPages(docs, listedArticles(docs.flatMap((d) => (d.page ? [d.page] : []))), allPagesValid);
  diagnostics.push(...blog.diagnostics);
  // A count written by hand is judged against the catalogue its page is made from: "all five apps" is
  // true on a live page while a sixth platform's page is still a draft.
  const catalogueFor = (d: CheckedDoc) => (d.page && liveByRoute.get(d.page.route) === false ? site : liveSite);
  diagnostics.push(...crossCheck({ site, docs: [...docs, ...blog.docs], staticFiles, knownRoutes, complete: allPagesValid, linkRule: publicationLinkRule(asOf, dev), catalogueFor }));
  diagnostics.push(...publicationChecks(site, docs, asOf, dev));
  return { read, diagnostics, site: { live: liveSite, missingPreviews: catalogue.missingPreviews, docs, asOf, dev } };
}

/**
 * Checks one page and makes its definition: its tokens filled in, its template expanded, its
 * template's blocks validated, its experiment checked. With the cache's in-memory layer, the same
 * parsed document with the same catalogue gives the last compile's definition and diagnostics.
 */
function pageChecker(schemas: SchemaSet, cache: CompileCache<FileEntry> | undefined, asOf: Date) {
  type Known = { source: SourceFile; site: string; raised: Diagnostic[]; doc: CheckedDoc };
  const siteKeys = new Map<SiteConfig, string>();
  const keyOf = (site: SiteConfig) => {
    let key = siteKeys.get(site);
    if (key === undefined) siteKeys.set(site, (key = JSON.stringify(site)));
    return key;
  };
  // A block a template wrote, validated (its defaults filled in); a valid one is kept in the compile
  // cache by its content, so a warm build compiles no schema at all.
  const validateBlock = (section: BlockDraft): { ok: true; data: unknown } | { ok: false; detail: string } => {
    const text = cache ? JSON.stringify(section) : '';
    const hit = cache?.get('block', text);
    if (hit) return { ok: true, data: hit.data };
    if (schemas.validateSection(section)) {
      cache?.set('block', text, { data: section, fields: [], diagnostics: [] });
      return { ok: true, data: section };
    }
    return { ok: false, detail: (schemas.validateSection.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ') };
  };
  return ({ route, source, fields, facts }: SiteRead['valid'][number], pageSite: SiteConfig): { doc: CheckedDoc; raised: Diagnostic[] } => {
    const siteKey = cache?.remembers ? keyOf(pageSite) : '';
    const known = cache?.recall<Known>(`page:${source.file}`);
    if (known && known.source === source && known.site === siteKey) return { doc: known.doc, raised: known.raised };
    const raised: Diagnostic[] = [];
    const { data, errors } = substituteTokens(source.data, pageSite);
    for (const e of errors) raised.push(e.at(locateIn(source, e.path, e.token, e.nth)));
    // Cross-checks read the substituted text; positions still come from the original nodes.
    const substituted = withData(source, data);
    const { publishAt, error: publishAtError } = readPublishAt(source);
    if (publishAtError) raised.push(publishAtError);
    const { page, errors: blockErrors } = completeTemplateBlocks(definePage(route, substituted, publishAt), substituted, validateBlock, pageSite);
    // A token left unfilled above is met again in the blocks; it is reported once, where it is written.
    if (!errors.length) raised.push(...blockErrors);
    raised.push(...checkExperiment(substituted, pageSite, { section: schemas.validateSection, page: schemas.validatePage }, schemas.blockTypes, asOf));
    const doc: CheckedDoc = { page, source: substituted, fields, written: source.data, facts };
    cache?.keep(`page:${source.file}`, { source, site: siteKey, raised, doc } satisfies Known);
    return { doc, raised };
  };
}

/**
 * Step 4, the compiled site, from a site that passed every check: the one place drafts and pages
 * scheduled later leave the build (the blog index, the feed, the sitemap and every list made from the
 * compiled site follow), and pages under an experiment are split into their control and variants.
 */
export function assemble(checked: SiteChecked): CompileResult {
  const { read, diagnostics } = checked;
  const { texts, files } = read;
  if (!checked.site || diagnostics.some((d) => d.severity === 'error')) return { ok: false, diagnostics, texts, files };
  const { docs, asOf, dev, live, missingPreviews } = checked.site;
  const allPages = docs.flatMap((d) => (d.page ? [d.page] : []));
  const isPublished = (p: PageDefinition) => dev || publicationOf(p, asOf).state === 'published';
  const published = allPages.filter(isPublished);
  // A newsletter's mail goes out only once its web version is published; the list's own mails always.
  const mails = docs.flatMap((d) => (d.mail && (!d.page || isPublished(d.page)) ? [d.mail] : []));
  // A page under an experiment is listed as its control; its variants are built beside it, never listed.
  const split = published.map((p) => splitExperiment(p, read.inputs.schemas.validateSection));
  const pages = split.map((s) => s.control);
  const variants = split.flatMap((s) => s.variants);
  const articles = listedArticles(pages);
  // Made from the published articles only, after the line above, so no listing shows an unpublished one.
  const compiled: CompiledSite = { site: live, pages: withBlogPages(pages, articles), articles, missingPreviews };
  if (variants.length) compiled.variants = variants;
  if (mails.length) compiled.mails = mails;
  return { ok: true, diagnostics, texts, files, site: compiled, schedule: scheduleOf(allPages, asOf) };
}

/**
 * Blocks written by a template (the article header, the platform page's blocks) never passed through
 * the page schema: validate them here so they get their schema defaults, with tokens filled in, like
 * blocks written by hand. An error here is the template's fault and says so.
 */
function completeTemplateBlocks(draft: PageDraft, source: SourceFile, validateBlock: (section: BlockDraft) => { ok: true; data: unknown } | { ok: false; detail: string }, site: SiteConfig): { page: PageDefinition; errors: Diagnostic[] } {
  const out: Diagnostic[] = [];
  // Blocks written in the page were validated (and given their defaults) with it; only the template's own need it.
  const written = new Set<unknown>((source.data as Page).sections ?? []);
  const sections = draft.sections.map((section): Block => {
    if (written.has(section)) return section as Block;
    const v = validateBlock(section);
    if (v.ok) {
      const { data, errors } = substituteTokens(v.data, site);
      for (const e of errors) out.push(e.at(locate(source, [])));
      return data as Block;
    }
    out.push(diagnostic('InvalidTemplateOutput', locate(source, []), section.type, v.detail));
    return section as Block;
  });
  return { page: { ...draft, sections }, errors: out };
}

/**
 * Every block schema has a component and every component a schema, or the build stops. By name: block
 * type <type> is schemas/blocks/<type>.schema.json and runtime/blocks/<type>.tsx, registered in the registry.
 */
function blockCompleteness(blockTypes: readonly string[], components: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const type of blockTypes) {
    if (components.includes(type)) continue;
    out.push(diagnostic('BlockWithoutComponent', { file: `schemas/blocks/${type}.schema.json`, line: 1, column: 1, path: '' }, type));
  }
  for (const type of components) {
    if (blockTypes.includes(type)) continue;
    out.push(diagnostic('ComponentWithoutSchema', { file: REGISTRY_FILE, line: 1, column: 1, path: '' }, type));
  }
  return out;
}

type PageDraft = Omit<PageDefinition, 'sections'> & { sections: BlockDraft[] };

function definePage(route: string, source: SourceFile, publishAt: string | undefined): PageDraft {
  const page = source.data as Page;
  const template = page.template;
  const base = { route, file: source.file, title: page.title, description: page.description, image: page.image, template, draft: page.draft, publishAt, ...(page.unlisted ? { unlisted: true } : {}), ...(page.experiment ? { experiment: page.experiment } : {}) };
  if (template === 'article') {
    const article = articleSummary(route, page);
    return { ...base, header: page.header ?? 'site', article, sections: expandArticle(article, page.sections ?? []) };
  }
  if (template === 'platform') {
    return { ...base, header: page.header ?? 'back-home', sections: [...expandPlatform(page.platform!), ...(page.sections ?? [])] };
  }
  return { ...base, header: page.header ?? 'site', sections: page.sections ?? [] };
}
