// YAML -> validated, cross-checked, typed page definitions. Collects every error of every file;
// nothing is returned to build from when anything is invalid.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { diagnostic, type Diagnostic } from './errors.ts';
import { crossCheck, type CheckedDoc } from './cross-check.ts';
import { isYaml, listFiles, MAX_SOURCE_BYTES, readSourceText, readText, routeOf } from './load.ts';
import type { ArticleSummary, CompiledSite, Page, PageDefinition, Section, SectionDraft, SiteConfig } from '../model/page.ts';
import { previewPath } from '../model/catalogue.ts';
import { loadSchemas, type SchemaSet } from './schemas.ts';
import { locate, locateIn, parseSource, type SourceFile } from './source.ts';
import { substituteTokens } from './tokens.ts';
import { articleSummary, expandArticle } from './templates/article.ts';
import { expandPlatform } from './templates/platform.ts';
import { validateDocument, type FieldAt } from './validate.ts';

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
}

export interface CompileOptions {
  /** Block types that have a component (the render entry's registry); checked against the schemas. */
  components?: readonly string[];
  /** Schemas already loaded (the fuzzer compiles thousands of documents against one set). */
  schemas?: SchemaSet;
}

export function compileSite(root: string, opts: CompileOptions = {}): CompileResult {
  const schemas = opts.schemas ?? loadSchemas(join(root, 'schemas'));
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();
  const rel = (f: string) => relative(root, f).split('\\').join('/');

  const read = (full: string): SourceFile | undefined => {
    const file = rel(full);
    const { text, bytes, invalidAt } = readSourceText(full);
    texts.set(file, text);
    if (bytes > MAX_SOURCE_BYTES) {
      diagnostics.push(diagnostic('FileTooLarge', { file, line: 1, column: 1, path: '' }, bytes, MAX_SOURCE_BYTES));
      return undefined;
    }
    if (invalidAt !== undefined) {
      const before = text.slice(0, invalidAt).split(/\r\n|\r|\n/);
      diagnostics.push(diagnostic('InvalidEncoding', { file, line: before.length, column: before[before.length - 1]!.length + 1, path: '' }));
      return undefined;
    }
    const { source, errors } = parseSource(file, text);
    diagnostics.push(...errors);
    return errors.length ? undefined : source;
  };

  if (opts.components) diagnostics.push(...blockCompleteness(root, schemas.blockTypes, opts.components, texts));

  const configPath = join(root, 'site.config.yaml');
  const siteSource = existsSync(configPath) ? read(configPath) : undefined;
  let siteFields: FieldAt[] = [];
  if (siteSource) {
    const v = validateDocument(siteSource, schemas.validateSiteConfig, schemas.blockTypes);
    diagnostics.push(...v.diagnostics);
    siteFields = v.fields;
  }

  const pagesDir = join(root, 'pages');
  const pageFiles = listFiles(pagesDir, isYaml);
  const valid: { full: string; source: SourceFile; fields: FieldAt[] }[] = [];
  for (const full of pageFiles) {
    const source = read(full);
    if (!source) continue;
    const v = validateDocument(source, schemas.validatePage, schemas.blockTypes);
    diagnostics.push(...v.diagnostics);
    if (!v.diagnostics.length) valid.push({ full, source, fields: v.fields });
  }

  const files = [configPath, ...pageFiles];
  const hasErrors = () => diagnostics.some((d) => d.severity === 'error');
  // Without a valid site config nothing can be cross-checked. Invalid pages are left out of the
  // cross-checks, but the valid ones are still checked against the whole site, so a report (or a
  // check of a few named files) is complete in one run.
  if (!siteSource || diagnostics.some((d) => d.severity === 'error' && (d.file === siteSource.file || !d.file.startsWith('pages/')))) {
    return { ok: false, diagnostics, texts, files };
  }
  const allPagesValid = valid.length === pageFiles.length;

  const site = siteSource.data as SiteConfig;
  diagnostics.push(...missingPreviews(root, site, siteSource));
  const docs: CheckedDoc[] = [{ source: siteSource, fields: siteFields }];
  for (const { full, source, fields } of valid) {
    const { data, errors } = substituteTokens(source.data, site);
    for (const e of errors) diagnostics.push(e.at(locateIn(source, e.path, e.token, e.nth)));
    // Cross-checks read the substituted text; positions still come from the original nodes.
    const substituted: SourceFile = { ...source, data };
    const { page, errors: blockErrors } = completeTemplateBlocks(definePage(routeOf(pagesDir, full), substituted), substituted, schemas, site);
    // A token left unfilled above is met again in the blocks; it is reported once, where it is written.
    if (!errors.length) diagnostics.push(...blockErrors);
    docs.push({ page, source: substituted, fields });
  }
  const publicDir = join(root, 'public');
  const staticFiles = new Set([...GENERATED_FILES, ...listFiles(publicDir, () => true).map((f) => `/${relative(publicDir, f).split('\\').join('/')}`)]);
  const knownRoutes = new Set(pageFiles.map((f) => routeOf(pagesDir, f)));
  diagnostics.push(...crossCheck({ site, docs, staticFiles, knownRoutes, complete: allPagesValid }));
  if (hasErrors()) return { ok: false, diagnostics, texts, files };

  const pages = docs.flatMap((d) => (d.page ? [d.page] : []));
  const articles = pages
    .map((page) => page.article)
    .filter((a): a is ArticleSummary => !!a && !a.unlisted)
    .sort((a, b) => Number(b.featured) - Number(a.featured) || b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return { ok: true, diagnostics, texts, files, site: { site, pages, articles } };
}

/**
 * Blocks written by a template (the article header, the platform page's blocks) never passed through
 * the page schema: validate them here so they get their schema defaults, with tokens filled in, like
 * blocks written by hand. An error here is the template's fault and says so.
 */
function completeTemplateBlocks(draft: PageDraft, source: SourceFile, schemas: SchemaSet, site: SiteConfig): { page: PageDefinition; errors: Diagnostic[] } {
  const out: Diagnostic[] = [];
  // Blocks written in the page were validated (and given their defaults) with it; only the template's own need it.
  const written = new Set<unknown>((source.data as Page).sections ?? []);
  const sections = draft.sections.map((section): Section => {
    if (written.has(section)) return section as Section;
    if (schemas.validateSection(section)) {
      const { data, errors } = substituteTokens(section, site);
      for (const e of errors) out.push(e.at(locate(source, [])));
      return data as Section;
    }
    const detail = (schemas.validateSection.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
    out.push(diagnostic('InvalidTemplateOutput', locate(source, []), section.type, detail));
    return section as Section;
  });
  return { page: { ...draft, sections }, errors: out };
}

/** A platform guide without a preview source would show visitors an empty preview: warn, located at the product. */
function missingPreviews(root: string, site: SiteConfig, source: SourceFile): Diagnostic[] {
  return site.products.flatMap((p, i) => {
    if (p.bundles?.length) return [];
    const file = `content/previews/${previewPath(p).replace(/\.pdf$/, '.yaml')}`;
    return existsSync(join(root, file)) ? [] : [diagnostic('MissingPreview', locate(source, ['products', i, 'id']), p.id, file)];
  });
}

/** Every block schema has a component and every component a schema, or the build stops. */
function blockCompleteness(root: string, blockTypes: readonly string[], components: readonly string[], texts: Map<string, string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const type of blockTypes) {
    if (components.includes(type)) continue;
    out.push(diagnostic('BlockWithoutComponent', { file: `schemas/blocks/${type}.schema.json`, line: 1, column: 1, path: '' }, type));
  }
  const registryFile = 'runtime/registry.tsx';
  const registryText = existsSync(join(root, registryFile)) ? readText(join(root, registryFile)) : '';
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

type PageDraft = Omit<PageDefinition, 'sections'> & { sections: SectionDraft[] };

function definePage(route: string, source: SourceFile): PageDraft {
  const page = source.data as Page;
  const template = page.template;
  const base = { route, file: source.file, title: page.title, description: page.description, image: page.image, template };
  if (template === 'article') {
    const article = articleSummary(route, page);
    return { ...base, header: page.header ?? 'site', article, sections: expandArticle(article, page.sections ?? []) };
  }
  if (template === 'platform') {
    return { ...base, header: page.header ?? 'back-home', sections: [...expandPlatform(page.platform!), ...(page.sections ?? [])] };
  }
  return { ...base, header: page.header ?? 'site', sections: page.sections ?? [] };
}
