// The blog index's category filter. Prerendered in the 'All' view (the featured card and the grid of
// every other listed article), so with scripts off every listed article is there; once hydrated, the
// chips (buttons with aria-pressed) narrow the list to one category.
import { useState } from 'react';
import { keepTogether } from '../keep-together.tsx';

export interface BlogCard {
  route: string;
  title: string;
  excerpt: string;
  category: string;
  /** ISO date, for <time dateTime>. */
  date: string;
  /** The date as shown, e.g. "January 31, 2025". */
  dateLabel: string;
  readTime: number;
  author: string;
  featured: boolean;
}

interface BlogFilterProps {
  /** The chips after 'All', in order. */
  categories: string[];
  /** Listed articles, newest first, the featured one first. */
  articles: BlogCard[];
}

const ALL = 'All';

export default function BlogFilter({ categories, articles }: BlogFilterProps) {
  const [active, setActive] = useState(ALL);
  const shown = active === ALL ? articles : articles.filter((a) => a.category === active);
  const featured = active === ALL ? (articles.find((a) => a.featured) ?? articles[0]) : undefined;
  const grid = featured ? articles.filter((a) => a !== featured) : shown;
  const gridTitle = active === ALL ? 'Latest Articles' : `${active} Articles`;
  return (
    <div>
      <div role="group" aria-label="Filter articles by category" className="mx-auto flex max-w-4xl flex-wrap justify-center gap-2" data-testid="category-chips">
        {[ALL, ...categories].map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === active}
            onClick={() => setActive(c)}
            className={`rounded-full border px-4 py-2 text-sm font-semibold ${c === active ? 'border-violet-600 bg-violet-600 text-white shadow' : 'border-gray-300 bg-white text-gray-700 hover:border-violet-400 hover:text-violet-700'}`}
          >
            {c}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">{`${shown.length} ${shown.length === 1 ? 'article' : 'articles'} shown`}</p>

      {featured && (
        <section aria-labelledby="featured-heading" className="mt-12">
          <h2 id="featured-heading" className="mb-6 text-2xl font-extrabold text-gray-900 sm:text-3xl">Featured Article</h2>
          <FeaturedCard article={featured} />
        </section>
      )}

      <section aria-labelledby="grid-heading" className="mt-14">
        <h2 id="grid-heading" className="mb-6 text-2xl font-extrabold text-gray-900 sm:text-3xl">{gridTitle}</h2>
        {grid.length ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-grid">
            {grid.map((a) => <ArticleCard key={a.route} article={a} />)}
          </div>
        ) : (
          <p className="rounded-2xl border border-dashed border-gray-300 p-8 text-center text-gray-600">No articles in this category yet. Choose another category or see all articles.</p>
        )}
      </section>
    </div>
  );
}

/** Decoration for the featured card, by category. */
const EMOJI: Record<string, string> = {
  Psychology: '🧠', Analysis: '📊', Neuroscience: '⚡', Productivity: '🎯', Science: '🔬', Lifestyle: '🌿',
  'Practical Tips': '🛠️', 'Mental Health': '💚', 'Success Stories': '🏆', 'Digital Wellness': '🧘',
  'Personal Experience': '📖', 'Lifestyle Design': '🌅', 'Sleep Health': '😴',
};

function Meta({ article }: { article: BlogCard }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-600">
      <span className="rounded-full bg-violet-100 px-3 py-1 text-xs font-bold text-violet-800" data-testid="card-category">{article.category}</span>
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        <time dateTime={article.date}>{article.dateLabel}</time>
        <span aria-hidden="true">•</span>
        <span>{article.readTime} min read</span>
      </span>
    </p>
  );
}

function FeaturedCard({ article }: { article: BlogCard }) {
  return (
    <article className="group relative grid overflow-hidden rounded-3xl border border-gray-200 bg-white shadow-lg transition hover:shadow-2xl md:grid-cols-5" data-testid="featured-article">
      <div className="flex flex-col justify-between gap-6 bg-gradient-to-br from-violet-600 via-fuchsia-600 to-pink-600 p-6 text-white sm:p-8 md:col-span-2">
        <span className="self-start rounded-full bg-white px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-violet-700">★ Featured</span>
        <span aria-hidden="true" className="hidden text-center text-8xl drop-shadow-lg md:block">{EMOJI[article.category] ?? '📱'}</span>
        <p className="text-lg font-bold leading-snug text-white/95 sm:text-xl">{article.readTime} minutes that can change how you use your phone for good.</p>
      </div>
      <div className="flex flex-col p-6 sm:p-8 md:col-span-3">
        <Meta article={article} />
        <h3 className="mt-4 text-2xl font-extrabold leading-tight text-gray-900 sm:text-3xl">
          <a href={article.route} className="after:absolute after:inset-0 group-hover:text-violet-700">{keepTogether(article.title)}</a>
        </h3>
        <p className="mt-4 text-lg leading-relaxed text-gray-700">{article.excerpt}</p>
        <p className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm text-gray-600">By <span className="font-semibold text-gray-900">{article.author}</span></span>
          <span aria-hidden="true" className="rounded-xl bg-gray-900 px-5 py-2.5 font-bold text-white group-hover:bg-violet-700">Read the article →</span>
        </p>
      </div>
    </article>
  );
}

function ArticleCard({ article }: { article: BlogCard }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg" data-testid="article-card">
      <div aria-hidden="true" className="h-1.5 bg-gradient-to-r from-violet-600 to-pink-600" />
      <div className="flex flex-1 flex-col p-6">
        <Meta article={article} />
        <h3 className="mt-4 text-xl font-extrabold leading-snug text-gray-900">
          <a href={article.route} className="after:absolute after:inset-0 group-hover:text-violet-700">{keepTogether(article.title)}</a>
        </h3>
        <p className="mt-3 flex-1 leading-relaxed text-gray-700">{article.excerpt}</p>
        <p className="mt-5 flex items-center justify-between gap-3 text-sm">
          <span className="text-gray-600">{article.author}</span>
          <span aria-hidden="true" className="font-bold text-violet-700">Read more →</span>
        </p>
      </div>
    </article>
  );
}
