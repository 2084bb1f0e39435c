// What a schema cannot say: unique routes, existing products, resolvable links and anchors,
// one featured article, honest read times, images that exist.
import { diagnostic, type Diagnostic } from './errors.ts';
import { didYouMean } from './did-you-mean.ts';
import { findImages, findLinks, findProductRefs } from './links.ts';
import { checkReadTime } from './read-time.ts';
import { locate, type SourceFile } from './source.ts';
import type { PageDefinition, SiteConfig } from '../model/page.ts';

export interface CheckInput {
  site: SiteConfig;
  siteSource: SourceFile;
  pages: { page: PageDefinition; source: SourceFile }[];
  /** Paths served as files (public/ and generated files), e.g. /free-detox-starter-kit.pdf. */
  staticFiles: Set<string>;
}

export function crossCheck({ site, siteSource, pages, staticFiles }: CheckInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  const routes = new Map<string, PageDefinition>();
  for (const { page, source } of pages) {
    const first = routes.get(page.route);
    if (first) {
      out.push(diagnostic('DuplicateRoute', locate(source, []), `route ${page.route} is also defined by ${first.file}`));
    } else routes.set(page.route, page);
  }

  const productIds = new Set(site.products.map((p) => p.id));
  const idsByRoute = new Map<string, Set<string>>();
  for (const { page, source } of pages) {
    const ids = new Set<string>();
    page.sections.forEach((s, i) => {
      if (!s.id) return;
      if (ids.has(s.id)) out.push(diagnostic('DuplicateSectionId', locate(source, ['sections', i, 'id']), `section id "${s.id}" is used twice on ${page.route}`));
      ids.add(s.id);
    });
    idsByRoute.set(page.route, ids);
  }

  const checkDoc = (source: SourceFile, data: unknown, ownRoute?: string) => {
    for (const ref of findProductRefs(data)) {
      if (productIds.has(ref.id)) continue;
      const guess = didYouMean(ref.id, productIds);
      out.push(diagnostic('UnknownProduct', locate(source, ref.path), `unknown product "${ref.id}"${guess ? `; did you mean "${guess}"?` : ''} Known products: ${[...productIds].join(', ')}`));
    }
    for (const link of findLinks(data)) {
      if (!link.href.startsWith('/') && !(link.href.startsWith('#') && ownRoute)) continue;
      const [pathPart = '', hash] = link.href.split('#', 2);
      // A bare #anchor points into the page that holds it.
      const route = link.href.startsWith('#') ? ownRoute! : pathPart.length > 1 ? pathPart.replace(/\/$/, '') : pathPart;
      const target = routes.get(route);
      if (!target && !staticFiles.has(route)) {
        const guess = didYouMean(route, routes.keys());
        out.push(diagnostic('BrokenLink', locate(source, link.path), `link ${link.href} goes to no page${guess ? `; did you mean "${guess}"?` : ''}`));
        continue;
      }
      if (hash && target && !idsByRoute.get(route)?.has(hash)) {
        const ids = [...(idsByRoute.get(route) ?? [])];
        const guess = didYouMean(hash, ids);
        out.push(diagnostic('BrokenAnchor', locate(source, link.path), `link ${link.href}: ${route} has no section "${hash}"${guess ? `; did you mean "#${guess}"?` : ''} Sections there: ${ids.join(', ') || 'none'}`));
      }
    }
    for (const img of findImages(data)) {
      if (!staticFiles.has(img.src)) out.push(diagnostic('MissingFile', locate(source, img.path), `image ${img.src} is not in public/`));
    }
  };
  checkDoc(siteSource, siteSource.data);
  for (const { page, source } of pages) checkDoc(source, source.data, page.route);

  // Blog: exactly one featured listed article; read times honest.
  const articles = pages.filter(({ page }) => page.article);
  const featured = articles.filter(({ page }) => page.article!.featured && !page.article!.unlisted);
  if (articles.length && featured.length !== 1) {
    const where = featured[1] ?? articles[0]!;
    const names = featured.map(({ page }) => page.route).join(', ') || 'none';
    out.push(diagnostic('FeaturedArticle', locate(where.source, ['article']), `exactly one listed article must be featured; found ${featured.length} (${names})`));
  }
  for (const { page, source } of articles) {
    const body = (source.data as { sections?: unknown }).sections;
    const r = checkReadTime(page.article!.readTime, body);
    if (!r.ok) {
      out.push(diagnostic('ReadTime', locate(source, ['article', 'readTime']), `readTime is ${page.article!.readTime} min but the body has ${r.words} words, about ${Math.max(1, Math.round(r.minutes))} min at 200 words a minute (allowed within a third)`));
    }
  }
  return out;
}
