// The blog index: h1 and subtitle, the category chips, then the page's cards and the page numbers.
// Every view is its own prerendered page (the compiler made one per listing page, see
// generator/core/templates/blog-pages.ts), so the chips and page numbers are plain links and no script runs.
import { blogListings, pageRoute, pageWindow, type BlogListing } from '../../model/blog.ts';
import type { BlockOf } from '../../model/page.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { ArticleCard, FeaturedCard } from './blog-cards.tsx';

const CHIP = 'inline-flex min-h-10 items-center rounded-full border px-4 py-2 text-sm font-semibold';
const CHIP_ON = 'border-violet-600 bg-violet-600 text-white shadow';
const CHIP_OFF = 'border-gray-300 bg-white text-gray-700 hover:border-violet-400 hover:text-violet-700';

export function BlogIndex({ block }: { block: BlockOf<'blog-index'> }) {
  const { page, articles } = useRender();
  // A page the compiler did not make a listing for (a block example rendered alone) shows the first page of 'All'.
  const listing = page.listing ?? blogListings(page.route, block, articles)[0]!;
  const gridTitle = listing.category === undefined ? 'Latest Articles' : `${listing.category} Articles`;
  return (
    <>
      <header id={block.id} className="bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 pb-10 pt-28 text-center sm:pt-32">
        <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">{block.heading}</h1>
        {block.subtitle && <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700"><Inline text={block.subtitle} /></p>}
      </header>
      <section aria-label="Articles" className="px-4 pb-16 pt-8 sm:pb-20">
        <div className="mx-auto max-w-6xl">
          <CategoryChips listing={listing} currentRoute={page.route} />

          {listing.featured && (
            <section aria-labelledby="featured-heading" className="mt-12">
              <h2 id="featured-heading" className="mb-6 text-2xl font-extrabold text-gray-900 sm:text-3xl">Featured Article</h2>
              <FeaturedCard article={listing.featured} />
            </section>
          )}

          <section aria-labelledby="grid-heading" className="mt-14">
            <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id="grid-heading" className="text-2xl font-extrabold text-gray-900 sm:text-3xl">{gridTitle}</h2>
              {listing.pageCount > 1 && <p className="text-sm font-semibold text-gray-600">Page {listing.page} of {listing.pageCount}</p>}
            </div>
            {listing.categoryDescription && <p className="-mt-3 mb-6 max-w-3xl text-gray-700" data-testid="category-description">{listing.categoryDescription}</p>}
            {listing.articles.length ? (
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-grid">
                {listing.articles.map((a) => <ArticleCard key={a.route} article={a} />)}
              </div>
            ) : (
              !listing.featured && <p className="rounded-2xl border border-dashed border-gray-300 p-8 text-center text-gray-600">No articles yet. New ones are on their way.</p>
            )}
          </section>

          <Pagination listing={listing} />
        </div>
      </section>
    </>
  );
}

/**
 * 'All' and the categories that have articles, as links. The chip of the category shown is selected:
 * aria-current="page" on its first page, "true" on its later pages (the chip links to page 1).
 */
function CategoryChips({ listing, currentRoute }: { listing: BlogListing; currentRoute: string }) {
  const chips = [{ name: 'All', route: listing.indexRoute, on: listing.category === undefined }, ...listing.categories.map((c) => ({ ...c, on: c.name === listing.category }))];
  return (
    <nav aria-label="Article categories" data-testid="category-chips">
      <ul className="mx-auto flex max-w-4xl flex-wrap justify-center gap-2">
        {chips.map((c) => (
          <li key={c.route}>
            <a href={c.route} aria-current={c.on ? (c.route === currentRoute ? 'page' : 'true') : undefined} className={`${CHIP} ${c.on ? CHIP_ON : CHIP_OFF}`}>
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const STEP = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-xl border px-3 text-sm font-semibold';
const STEP_ON = 'border-violet-600 bg-violet-600 text-white';
const STEP_OFF = 'border-gray-300 bg-white text-gray-700 hover:border-violet-400 hover:text-violet-700';

/**
 * Previous, the page numbers (a window of them when there are many) and Next; nothing for a single page.
 * On a phone only the current page's neighbours are numbered and Previous and Next are arrows, so the
 * bar stays on one line.
 */
function Pagination({ listing }: { listing: BlogListing }) {
  const { page, pageCount, firstRoute } = listing;
  if (pageCount < 2) return null;
  const to = (n: number) => pageRoute(firstRoute, n);
  return (
    <nav aria-label="Pagination" className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <a href={to(page - 1)} rel="prev" className={`${STEP} ${STEP_OFF}`}>
              <Step label="Previous" arrow="←" />
            </a>
          ) : (
            <span aria-hidden="true" className={`${STEP} border-gray-200 text-gray-500`}>
              <Step label="Previous" arrow="←" />
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="hidden px-1 text-gray-500 sm:block">…</li>
          ) : (
            <li key={n} className={Math.abs(n - page) <= 1 ? undefined : 'hidden sm:block'}>
              <a href={to(n)} aria-current={n === page ? 'page' : undefined} className={`${STEP} ${n === page ? STEP_ON : STEP_OFF}`}>
                <span className="sr-only">Page </span>
                {n}
              </a>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <a href={to(page + 1)} rel="next" className={`${STEP} ${STEP_OFF}`}>
              <Step label="Next" arrow="→" after />
            </a>
          ) : (
            <span aria-hidden="true" className={`${STEP} border-gray-200 text-gray-500`}>
              <Step label="Next" arrow="→" after />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** "← Previous" / "Next →"; on a phone the arrow alone, the word still read out. */
function Step({ label, arrow, after = false }: { label: string; arrow: string; after?: boolean }) {
  const word = <span className={`sr-only sm:not-sr-only ${after ? 'sm:mr-1' : 'sm:ml-1'}`}>{label}</span>;
  return (
    <>
      {after && word}
      <span aria-hidden="true">{arrow}</span>
      {!after && word}
    </>
  );
}
