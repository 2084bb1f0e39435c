// The blog's listing pages, made by the compiler from the page holding the blog-index block and the
// listed articles: the index's later pages (/blog/page/2, …) and each category's pages
// (/blog/category/<slug>, /blog/category/<slug>/page/2, …). They are page definitions like any other,
// so rendering, the sitemap and incremental builds treat them as they treat a page file.
import { blogCategories, blogListings, pageRoute, type BlogListing } from '../../../model/blog.ts';
import type { ArticleSummary, BlockOf, PageDefinition } from '../../../model/page.ts';
import type { CheckedDoc } from '../cross-check.ts';
import { didYouMean } from '../did-you-mean.ts';
import { diagnostic, type Diagnostic } from '../errors.ts';
import { locate } from '../source.ts';

/** Listed articles in the index's order: the featured one first, then newest first. */
export function listedArticles(pages: readonly PageDefinition[]): ArticleSummary[] {
  return pages
    .map((page) => page.article)
    .filter((a): a is ArticleSummary => !!a && !a.unlisted)
    .sort((a, b) => Number(b.featured) - Number(a.featured) || b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

const blogIndexBlock = (page: PageDefinition) => page.sections.find((s): s is BlockOf<'blog-index'> => s.type === 'blog-index');

/** The page definition of one listing page of `index`, whose first blog-index block is `block`. */
function listingPage(index: PageDefinition, block: BlockOf<'blog-index'>, listing: BlogListing): PageDefinition {
  if (listing.category === undefined && listing.page === 1) return { ...index, listing };
  const route = pageRoute(listing.firstRoute, listing.page);
  const of = listing.pageCount > 1 ? `page ${listing.page} of ${listing.pageCount}` : '';
  if (listing.category === undefined) {
    return { ...index, route, listing, title: `${index.title} – Page ${listing.page}`, description: `${index.description} This is ${of}.` };
  }
  return {
    ...index,
    route,
    listing,
    title: `${listing.category} Articles – ${block.heading}${listing.page > 1 ? ` – Page ${listing.page}` : ''}`,
    description: `${listing.categoryDescription ?? `${block.heading}: ${listing.category} articles, newest first.`}${of ? ` This is ${of}.` : ''}`,
  };
}

/** Every page whose first blog-index block lists the articles, each followed by its generated listing pages. */
export function withBlogPages(pages: readonly PageDefinition[], articles: readonly ArticleSummary[]): PageDefinition[] {
  return pages.flatMap((page) => {
    const block = blogIndexBlock(page);
    if (!block) return [page];
    return blogListings(page.route, block, articles).map((listing) => listingPage(page, block, listing));
  });
}

/**
 * Before the cross-check: the generated pages as documents of their index's file (so links to them
 * resolve, and a page file at one of their addresses is a duplicate route), a warning for each declared
 * category no listed article uses, and one at each article whose category the index does not declare,
 * so it has no chip and no page (`complete`: every page file is valid, so none of its articles is
 * missing). Validation sees every article, published or not, as it sees every page.
 */
export function checkBlogPages(docs: readonly CheckedDoc[], articles: readonly ArticleSummary[], complete = true): { docs: CheckedDoc[]; diagnostics: Diagnostic[] } {
  const out: CheckedDoc[] = [];
  const diagnostics: Diagnostic[] = [];
  const used = new Set(articles.map((a) => a.category));
  const declared: string[] = [];
  let indexFile: string | undefined;
  for (const doc of docs) {
    const index = doc.page;
    const at = index?.sections.findIndex((s) => s.type === 'blog-index') ?? -1;
    if (!index || at < 0) continue;
    const block = index.sections[at] as BlockOf<'blog-index'>;
    indexFile ??= doc.source.file;
    blogCategories(block.categories).forEach((category, i) => {
      declared.push(category.name);
      if (complete && !used.has(category.name)) diagnostics.push(diagnostic('EmptyBlogCategory', locate(doc.source, ['sections', at, 'categories', i]), category.name));
    });
    for (const listing of blogListings(index.route, block, articles).slice(1)) {
      out.push({ source: doc.source, fields: [], page: listingPage(index, block, listing) });
    }
  }
  if (indexFile) {
    for (const doc of docs) {
      const article = doc.page?.article;
      if (!article || article.unlisted || declared.includes(article.category)) continue;
      diagnostics.push(diagnostic('UndeclaredBlogCategory', locate(doc.source, ['article', 'category']), article.category, indexFile, didYouMean(article.category, declared), declared));
    }
  }
  return { docs: out, diagnostics };
}
