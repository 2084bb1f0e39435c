// YAML -> validated, cross-checked, typed page definitions. Collects every error of every file;
// nothing is returned to build from when anything is invalid.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { diagnostic, type Diagnostic } from './errors.ts';
import { crossCheck } from './cross-check.ts';
import { isYaml, listFiles, readText, routeOf } from './load.ts';
import type { ArticleSummary, CompiledSite, Page, PageDefinition, Section, SiteConfig } from '../model/page.ts';
import { loadSchemas } from './schemas.ts';
import { locate, parseSource, type SourceFile } from './source.ts';
import { substituteTokens } from './tokens.ts';
import { articleSummary, expandArticle } from './templates/article.ts';
import { expandPlatform } from './templates/platform.ts';
import { validateDocument } from './validate.ts';

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

export function compileSite(root: string): CompileResult {
  const schemas = loadSchemas(join(root, 'schemas'));
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();
  const rel = (f: string) => relative(root, f).split('\\').join('/');

  const read = (full: string): SourceFile | undefined => {
    const file = rel(full);
    const text = readText(full);
    texts.set(file, text);
    const { source, errors } = parseSource(file, text);
    diagnostics.push(...errors);
    return errors.length ? undefined : source;
  };

  const configPath = join(root, 'site.config.yaml');
  const siteSource = existsSync(configPath) ? read(configPath) : undefined;
  if (siteSource) diagnostics.push(...validateDocument(siteSource, schemas.validateSiteConfig, schemas.blockTypes));

  const pagesDir = join(root, 'pages');
  const pageFiles = listFiles(pagesDir, isYaml);
  const valid: { full: string; source: SourceFile }[] = [];
  for (const full of pageFiles) {
    const source = read(full);
    if (!source) continue;
    const errors = validateDocument(source, schemas.validatePage, schemas.blockTypes);
    diagnostics.push(...errors);
    if (!errors.length) valid.push({ full, source });
  }

  const files = [configPath, ...pageFiles];
  if (!siteSource || diagnostics.length) return { ok: false, diagnostics, texts, files };

  const site = siteSource.data as SiteConfig;
  const pages: { page: PageDefinition; source: SourceFile }[] = [];
  for (const { full, source } of valid) {
    const { data, errors } = substituteTokens(source.data, site);
    for (const e of errors) diagnostics.push(diagnostic('UnknownToken', locate(source, e.path), e.message));
    // Cross-checks read the substituted text; positions still come from the original nodes.
    const substituted: SourceFile = { ...source, data };
    pages.push({ page: definePage(routeOf(pagesDir, full), substituted), source: substituted });
  }
  const publicDir = join(root, 'public');
  const staticFiles = new Set([...GENERATED_FILES, ...listFiles(publicDir, () => true).map((f) => `/${relative(publicDir, f).split('\\').join('/')}`)]);
  diagnostics.push(...crossCheck({ site, siteSource, pages, staticFiles }));
  if (diagnostics.length) return { ok: false, diagnostics, texts, files };

  const articles = pages
    .map(({ page }) => page.article)
    .filter((a): a is ArticleSummary => !!a && !a.unlisted)
    .sort((a, b) => Number(b.featured) - Number(a.featured) || b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return { ok: true, diagnostics, texts, files, site: { site, pages: pages.map((p) => p.page), articles } };
}

function definePage(route: string, source: SourceFile): PageDefinition {
  const page = source.data as Page;
  const template = page.template ?? 'page';
  const base = { route, file: source.file, title: page.title, description: page.description, image: page.image, template };
  if (template === 'article') {
    const article = articleSummary(route, page);
    return { ...base, header: page.header ?? 'site', article, sections: expandArticle(article, page.sections ?? []) };
  }
  if (template === 'platform') {
    return { ...base, header: page.header ?? 'back-home', sections: [...expandPlatform(page.platform!), ...((page.sections ?? []) as Section[])] };
  }
  return { ...base, header: page.header ?? 'site', sections: page.sections ?? [] };
}
