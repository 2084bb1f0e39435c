// YAML -> validated, cross-checked, typed page definitions. Collects every error of every file;
// nothing is returned to build from when anything is invalid.
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from './errors.ts';
import { crossCheck, factsFromJson, type CheckedDoc, type DocumentFacts } from './cross-check.ts';
import { loadSite, readRegistry, REGISTRY_FILE, routeOf, type InputFile, type SiteInputs } from './load.ts';
import type { ArticleSummary, CompiledSite, Page, PageDefinition, Block, BlockDraft, SiteConfig } from '../../model/page.ts';
import { checkCatalogue } from './catalogue-check.ts';
import { liveConfig, publicationChecks, publicationLinkRule, publicationOf, readPublishAt, scheduleOf, sourceIsLive, type Schedule } from './publication.ts';
import type { CompileCache } from '../store/compile-cache.ts';
import { cacheable, readAndValidate } from './read.ts';
import { readBlockSchemas, type KindedValidate, type SchemaSet } from './schemas.ts';
import { lazySource, locate, locateIn, withData, type SourceFile } from './source.ts';
import { substituteTokens } from './tokens.ts';
import { articleSummary, expandArticle } from './templates/article.ts';
import { checkBlogPages, listedArticles, withBlogPages } from './templates/blog-pages.ts';
import { expandPlatform } from './templates/platform.ts';
import { checkExperiment, splitExperiment } from './experiments.ts';
import type { FieldAt } from './schema-errors.ts';

/** Files the build writes that pages may link to. */
export const GENERATED_FILES = ['/free-detox-starter-kit.pdf', '/sitemap.xml', '/robots.txt', '/rss.xml'];

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
  /** Parse and validation results by content hash: unchanged files are not parsed again (see store/compile-cache.ts). */
  cache?: CompileCache;
  /** The last compile's results by file, for a process that compiles again on each save (the dev server). */
  memo?: CompileMemo;
  /** Page files' texts by full path, as prevalidation read them (UTF-8 and within the size limit), so they are not read again. */
  texts?: ReadonlyMap<string, string>;
}

/**
 * What a compile made of each file, kept by the process for its next compile (the dev server compiles
 * on every save): a file whose text is unchanged keeps its parsed and validated document, and a page
 * whose document and catalogue are unchanged keeps its definition and the diagnostics it raised. Only
 * the site-wide checks run again. Nothing downstream changes these objects, so sharing them is safe.
 */
export class CompileMemo {
  readonly files = new Map<string, { text: string; result: { source?: SourceFile; fields: FieldAt[]; diagnostics: Diagnostic[]; facts?: DocumentFacts } }>();
  readonly pages = new Map<string, { source: SourceFile; site: string; raised: Diagnostic[]; doc: CheckedDoc }>();
}

/** The compile of the site in `root` as it is on disk: load (load.ts), then compile. */
export function compileSite(root: string, opts: CompileOptions = {}): CompileResult {
  return compile(loadSite(root, { schemas: opts.schemas, texts: opts.texts }), opts);
}

/**
 * The core: the site's files in, the compiled site and every diagnostic out. It reads no file and
 * writes none (a cache or memo, when given, only saves it repeating work it did before).
 */
export function compile(inputs: SiteInputs, opts: CompileOptions = {}): CompileResult {
  const { schemas } = inputs;
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();

  // Step 2, for each file: parsed and validated (read.ts); a file met before (same text, same schemas,
  // same code) comes from the compile cache, and in the dev server from the last compile's memo.
  opts.cache?.begin(inputs.schemasDigest);
  type Read = { source?: SourceFile; fields: FieldAt[]; diagnostics: Diagnostic[]; facts?: DocumentFacts };
  const readValidated = ({ file, src }: InputFile, kind: 'site' | 'page', validate: KindedValidate): Read => {
    texts.set(file, src.text);
    const usable = cacheable(src);
    // Keyed by the file as well as its text: diagnostics name their file, and a copied article has the same text.
    const key = `${kind}:${file}`;
    const known = usable ? opts.memo?.files.get(key) : undefined;
    if (known && known.text === src.text) return known.result;
    const hit = usable ? opts.cache?.get(key, src.text) : undefined;
    let result: Read;
    if (hit) {
      result = hit.data === undefined ? { fields: [], diagnostics: hit.diagnostics } : { source: lazySource(file, src.text, hit.data), fields: hit.fields, diagnostics: hit.diagnostics, facts: hit.facts && factsFromJson(hit.facts) };
    } else {
      const { entry, source } = readAndValidate(file, src, validate, schemas.blockTypes);
      if (usable) opts.cache?.set(key, src.text, entry);
      result = { source, fields: entry.fields, diagnostics: entry.diagnostics, facts: entry.facts && factsFromJson(entry.facts) };
    }
    if (usable) opts.memo?.files.set(key, { text: src.text, result });
    return result;
  };

  // A block a template wrote, validated (its defaults filled in); a valid one is kept in the compile
  // cache by its content, so a warm build compiles no schema at all.
  const validateBlock = (section: BlockDraft): { ok: true; data: unknown } | { ok: false; detail: string } => {
    const text = opts.cache ? JSON.stringify(section) : '';
    const hit = opts.cache?.get('block', text);
    if (hit) return { ok: true, data: hit.data };
    if (schemas.validateSection(section)) {
      opts.cache?.set('block', text, { data: section, fields: [], diagnostics: [] });
      return { ok: true, data: section };
    }
    return { ok: false, detail: (schemas.validateSection.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ') };
  };

  if (opts.components) diagnostics.push(...blockCompleteness(schemas.blockTypes, opts.components, inputs.registry, texts));

  const siteRead = inputs.config ? readValidated(inputs.config, 'site', schemas.validateSiteConfig) : undefined;
  const siteSource = siteRead?.source;
  diagnostics.push(...(siteRead?.diagnostics ?? []));
  const siteFields: FieldAt[] = siteRead?.fields ?? [];

  const valid: { route: string; source: SourceFile; fields: FieldAt[]; facts?: DocumentFacts }[] = [];
  for (const input of inputs.pages) {
    const { source, fields, diagnostics: found, facts } = readValidated(input, 'page', schemas.validatePage);
    diagnostics.push(...found);
    if (source && !found.length) valid.push({ route: routeOf(input.file), source, fields, facts });
  }

  const files = [...(inputs.config ? [inputs.config.file] : []), ...inputs.pages.map((p) => p.file)];
  const hasErrors = () => diagnostics.some((d) => d.severity === 'error');
  // Without a valid site config nothing can be cross-checked. Invalid pages are left out of the
  // cross-checks, but the valid ones are still checked against the whole site, so a report (or a
  // check of a few named files) is complete in one run.
  if (!siteSource || diagnostics.some((d) => d.severity === 'error' && (d.file === siteSource.file || !d.file.startsWith('pages/')))) {
    return { ok: false, diagnostics, texts, files };
  }
  const allPagesValid = valid.length === inputs.pages.length;

  // Step 3, the cross-checks, begin with the catalogue: its texts' tokens filled in, bundle prices and
  // preview sources checked.
  const catalogue = checkCatalogue(siteSource, inputs.previewSources);
  const site = catalogue.site;
  diagnostics.push(...catalogue.diagnostics);
  const asOf = opts.asOf ?? new Date();
  const dev = !!opts.includeUnpublished;
  // Live pages are made from the live catalogue: without products whose page is not live yet, so its
  // counts and figures agree with the cards shown. Unpublished pages (and dev) see the whole catalogue.
  const liveByRoute = new Map(valid.map((v) => [v.route, sourceIsLive(v.source, asOf)] as const));
  const liveSource = dev ? undefined : liveConfig(siteSource, liveByRoute);
  const liveSite = liveSource ? checkCatalogue(liveSource, inputs.previewSources).site : site;
  const docs: CheckedDoc[] = [{ source: siteSource, fields: siteFields, facts: siteRead?.facts }];
  const siteKeys = opts.memo ? new Map([[site, JSON.stringify(site)], [liveSite, JSON.stringify(liveSite)]]) : undefined;
  // Step 4, compile: each page's tokens filled in and its template expanded into a typed definition.
  for (const { route, source, fields, facts } of valid) {
    const pageSite = liveByRoute.get(route) ? liveSite : site;
    // The same parsed document (the file is unchanged) with the same catalogue makes the same page.
    const known = opts.memo?.pages.get(source.file);
    const siteKey = siteKeys?.get(pageSite) ?? '';
    if (known && known.source === source && known.site === siteKey) {
      diagnostics.push(...known.raised);
      docs.push(known.doc);
      continue;
    }
    const before = diagnostics.length;
    const { data, errors } = substituteTokens(source.data, pageSite);
    for (const e of errors) diagnostics.push(e.at(locateIn(source, e.path, e.token, e.nth)));
    // Cross-checks read the substituted text; positions still come from the original nodes.
    const substituted = withData(source, data);
    const { publishAt, error: publishAtError } = readPublishAt(source);
    if (publishAtError) diagnostics.push(publishAtError);
    const { page, errors: blockErrors } = completeTemplateBlocks(definePage(route, substituted, publishAt), substituted, validateBlock, pageSite);
    // A token left unfilled above is met again in the blocks; it is reported once, where it is written.
    if (!errors.length) diagnostics.push(...blockErrors);
    diagnostics.push(...checkExperiment(substituted, pageSite, { section: schemas.validateSection, page: schemas.validatePage }, schemas.blockTypes, asOf));
    const doc: CheckedDoc = { page, source: substituted, fields, written: source.data, facts };
    docs.push(doc);
    opts.memo?.pages.set(source.file, { source, site: siteKey, raised: diagnostics.slice(before), doc });
  }
  const staticFiles = new Set([...GENERATED_FILES, ...inputs.publicFiles]);
  const knownRoutes = new Set(inputs.pages.map((p) => routeOf(p.file)));
  // The blog's listing pages (/blog/page/2, /blog/category/<slug>) are checked with the page files, so links to them resolve.
  const blog = checkBlogPages(docs, listedArticles(docs.flatMap((d) => (d.page ? [d.page] : []))), allPagesValid);
  diagnostics.push(...blog.diagnostics);
  // Step 3 again, across the whole site: links, anchors, product ids, read times, one featured article…
  // A count written by hand is judged against the catalogue its page is made from: "all five apps" is
  // true on a live page while a sixth platform's page is still a draft.
  const catalogueFor = (d: CheckedDoc) => (d.page && liveByRoute.get(d.page.route) === false ? site : liveSite);
  diagnostics.push(...crossCheck({ site, docs: [...docs, ...blog.docs], staticFiles, knownRoutes, complete: allPagesValid, linkRule: publicationLinkRule(asOf, dev), catalogueFor }));
  diagnostics.push(...publicationChecks(site, docs, asOf, dev));
  if (hasErrors()) return { ok: false, diagnostics, texts, files };

  // The one place drafts and pages scheduled later leave the build: the blog index, the feed, the
  // sitemap and every list made from the compiled site follow.
  opts.cache?.save();
  const allPages = docs.flatMap((d) => (d.page ? [d.page] : []));
  const published = dev ? allPages : allPages.filter((p) => publicationOf(p, asOf).state === 'published');
  // A page under an experiment is listed as its control; its variants are built beside it, never listed.
  const split = published.map((p) => splitExperiment(p, schemas.validateSection));
  const pages = split.map((s) => s.control);
  const variants = split.flatMap((s) => s.variants);
  const articles = listedArticles(pages);
  // Made from the published articles only, after the line above, so no listing shows an unpublished one.
  const compiled: CompiledSite = { site: liveSite, pages: withBlogPages(pages, articles), articles, missingPreviews: catalogue.missingPreviews };
  if (variants.length) compiled.variants = variants;
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
 * The block check alone, for a caller that learns the components after compiling (the build, whose
 * render workers load them while the main thread compiles). `texts` gets the registry's text.
 */
export function checkComponents(root: string, components: readonly string[], texts: Map<string, string>): Diagnostic[] {
  return blockCompleteness(readBlockSchemas(join(root, 'schemas')).map((b) => b.type), components, readRegistry(root), texts);
}

/** Every block schema has a component and every component a schema, or the build stops. */
function blockCompleteness(blockTypes: readonly string[], components: readonly string[], registryText: string, texts: Map<string, string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const type of blockTypes) {
    if (components.includes(type)) continue;
    out.push(diagnostic('BlockWithoutComponent', { file: `schemas/blocks/${type}.schema.json`, line: 1, column: 1, path: '' }, type));
  }
  const registryFile = REGISTRY_FILE;
  for (const type of components) {
    if (blockTypes.includes(type)) continue;
    texts.set(registryFile, registryText);
    // Point at the registry entry itself when it can be found.
    const lines = registryText.split('\n');
    const index = lines.findIndex((l) => l.includes(`'${type}':`) || l.trimStart().startsWith(`${type}:`));
    const column = index < 0 ? 1 : lines[index]!.length - lines[index]!.trimStart().length + 1;
    out.push(diagnostic('ComponentWithoutSchema', { file: registryFile, line: index + 1 || 1, column, path: '' }, type));
  }
  return out;
}

type PageDraft = Omit<PageDefinition, 'sections'> & { sections: BlockDraft[] };

function definePage(route: string, source: SourceFile, publishAt: string | undefined): PageDraft {
  const page = source.data as Page;
  const template = page.template;
  const base = { route, file: source.file, title: page.title, description: page.description, image: page.image, template, draft: page.draft, publishAt, ...(page.experiment ? { experiment: page.experiment } : {}) };
  if (template === 'article') {
    const article = articleSummary(route, page);
    return { ...base, header: page.header ?? 'site', article, sections: expandArticle(article, page.sections ?? []) };
  }
  if (template === 'platform') {
    return { ...base, header: page.header ?? 'back-home', sections: [...expandPlatform(page.platform!), ...(page.sections ?? [])] };
  }
  return { ...base, header: page.header ?? 'site', sections: page.sections ?? [] };
}
