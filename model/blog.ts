// The blog's listing pages: which cards each page of the index and of each category holds, and their
// addresses. Shared by the generator (which makes one page per listing page) and the runtime (which
// links the chips and the page numbers), so both always agree on an address.
import type { Author } from './schema.generated.ts';

/** An article as lists show it (the blog index, its pages, the feed): its page's facts without its body. */
export interface ArticleSummary {
  slug: string;
  route: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  readTime: number;
  author: Author;
  featured: boolean;
  unlisted: boolean;
}

/** One page of the blog index ('All') or of a category, as the blog-index block renders it. */
export interface BlogListing {
  /** The index page's route: the 'All' chip and the first page of 'All'. */
  indexRoute: string;
  /** The chips after 'All' that have pages, in the block's order: a category no listed article uses has none. */
  categories: { name: string; route: string }[];
  /** The chosen category; absent on 'All'. */
  category?: string;
  /** The chosen category's description, as the blog index declares it. */
  categoryDescription?: string;
  /** The route of this listing's first page (the index, or the category's page). */
  firstRoute: string;
  /** 1-based. */
  page: number;
  pageCount: number;
  /** The featured article, shown above the grid on the first page of 'All' only. */
  featured?: ArticleSummary;
  /** The grid's cards, in the index's order. */
  articles: ArticleSummary[];
}

/** A category's address segment: "Practical Tips" -> "practical-tips", "Café & Co." -> "cafe-co". */
export function categorySlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A category as the blog index declares it: a name, or a name with a slug and a description. */
export type CategoryEntry = string | { name: string; slug?: string; description?: string };

export interface BlogCategory {
  name: string;
  slug: string;
  description?: string;
}

/** The categories a blog index declares, in its order, each with its slug. */
export function blogCategories(entries: readonly CategoryEntry[]): BlogCategory[] {
  return entries.map((e) => (typeof e === 'string' ? { name: e, slug: categorySlug(e) } : { ...e, slug: e.slug ?? categorySlug(e.name) }));
}

const join = (base: string, tail: string) => (base === '/' ? tail : `${base}${tail}`);

/** The first page of a category's listing, under the index page: /blog/category/<slug>. */
export const categoryRoute = (indexRoute: string, category: BlogCategory) => join(indexRoute, `/category/${category.slug}`);

/** Page `n` of a listing whose first page is `firstRoute`: the first page itself, then <first>/page/<n>. */
export const pageRoute = (firstRoute: string, n: number) => (n <= 1 ? firstRoute : join(firstRoute, `/page/${n}`));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  // An empty listing is still one (empty) page, so /blog always exists.
  return out.length ? out : [[]];
}

/**
 * Every listing page of a blog index: 'All' first (its pages in order), then each category with at
 * least one listed article, in the block's order. `articles` are the listed articles in the index's
 * order (featured first, then newest first). The featured article heads page 1 of 'All' and is not
 * repeated in its grid; in its category it is a card like the others.
 */
export function blogListings(indexRoute: string, block: { categories: readonly CategoryEntry[]; pageSize: number }, articles: readonly ArticleSummary[]): BlogListing[] {
  const size = Math.max(1, Math.floor(block.pageSize));
  const used = new Set(articles.map((a) => a.category));
  const shown = blogCategories(block.categories).filter((c) => used.has(c.name));
  const categories = shown.map((c) => ({ name: c.name, route: categoryRoute(indexRoute, c) }));
  const featured = articles.find((a) => a.featured) ?? articles[0];
  const listing = (firstRoute: string, cards: readonly ArticleSummary[], category?: BlogCategory, withFeatured?: ArticleSummary): BlogListing[] => {
    const pages = chunks(cards, size);
    return pages.map((page, i) => ({
      indexRoute,
      categories,
      ...(category === undefined ? {} : { category: category.name }),
      ...(category?.description ? { categoryDescription: category.description } : {}),
      firstRoute,
      page: i + 1,
      pageCount: pages.length,
      ...(i === 0 && withFeatured ? { featured: withFeatured } : {}),
      articles: page,
    }));
  };
  return [
    ...listing(indexRoute, articles.filter((a) => a !== featured), undefined, featured),
    ...shown.flatMap((c) => listing(categoryRoute(indexRoute, c), articles.filter((a) => a.category === c.name), c)),
  ];
}

/**
 * The page numbers a pagination bar shows: all of them when there are few, else the first, the last
 * and the current page's neighbours, with a gap (null) where numbers are left out.
 */
export function pageWindow(current: number, count: number): (number | null)[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const shown = new Set([1, count, current - 1, current, current + 1].filter((n) => n >= 1 && n <= count));
  // Near either end, show a few more so the bar keeps its length: 1 2 3 4 5 … 40.
  if (current <= 4) [2, 3, 4, 5].forEach((n) => shown.add(n));
  if (current >= count - 3) [count - 4, count - 3, count - 2, count - 1].forEach((n) => shown.add(n));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  }
  return out;
}
