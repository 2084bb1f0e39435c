// The blog index's cards: the large featured card and the grid card. Plain links, no script.
import type { ArticleSummary } from '../../model/page.ts';
import { formatDate } from '../format-date.ts';
import { keepTogether } from '../keep-together.tsx';

/** Decoration for the featured card, by category. */
const EMOJI: Record<string, string> = {
  Psychology: '🧠', Analysis: '📊', Neuroscience: '⚡', Productivity: '🎯', Science: '🔬', Lifestyle: '🌿',
  'Practical Tips': '🛠️', 'Mental Health': '💚', 'Success Stories': '🏆', 'Digital Wellness': '🧘',
  'Personal Experience': '📖', 'Lifestyle Design': '🌅', 'Sleep Health': '😴',
};

function Meta({ article }: { article: ArticleSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-600">
      <span className="rounded-full bg-violet-100 px-3 py-1 text-xs font-bold text-violet-800" data-testid="card-category">{article.category}</span>
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        <time dateTime={article.date}>{formatDate(article.date)}</time>
        <span aria-hidden="true">•</span>
        <span>{article.readTime} min read</span>
      </span>
    </p>
  );
}

/** An article's title, its link covering the whole card. */
function CardTitle({ article, className }: { article: ArticleSummary; className: string }) {
  return (
    <h3 className={className}>
      <a href={article.route} className="after:absolute after:inset-0 group-hover:text-violet-700">{keepTogether(article.title)}</a>
    </h3>
  );
}

export function FeaturedCard({ article }: { article: ArticleSummary }) {
  return (
    <article className="group relative grid overflow-hidden rounded-3xl border border-gray-200 bg-white shadow-lg transition hover:shadow-2xl md:grid-cols-5" data-testid="featured-article">
      <div className="flex flex-col justify-between gap-6 bg-gradient-to-br from-violet-600 via-fuchsia-600 to-pink-600 p-6 text-white sm:p-8 md:col-span-2">
        <span className="self-start rounded-full bg-white px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-violet-700">★ Featured</span>
        <span aria-hidden="true" className="hidden text-center text-8xl drop-shadow-lg md:block">{EMOJI[article.category] ?? '📱'}</span>
        <p className="text-lg font-bold leading-snug text-white/95 sm:text-xl">{article.readTime} minutes that can change how you use your phone for good.</p>
      </div>
      <div className="flex flex-col p-6 sm:p-8 md:col-span-3">
        <Meta article={article} />
        <CardTitle article={article} className="mt-4 text-2xl font-extrabold leading-tight text-gray-900 sm:text-3xl" />
        <p className="mt-4 text-lg leading-relaxed text-gray-700">{article.excerpt}</p>
        <p className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm text-gray-600">By <span className="font-semibold text-gray-900">{article.author.name}</span></span>
          <span aria-hidden="true" className="rounded-xl bg-gray-900 px-5 py-2.5 font-bold text-white group-hover:bg-violet-700">Read the article →</span>
        </p>
      </div>
    </article>
  );
}

export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg" data-testid="article-card">
      <div aria-hidden="true" className="h-1.5 bg-gradient-to-r from-violet-600 to-pink-600" />
      <div className="flex flex-1 flex-col p-6">
        <Meta article={article} />
        <CardTitle article={article} className="mt-4 text-xl font-extrabold leading-snug text-gray-900" />
        <p className="mt-3 flex-1 leading-relaxed text-gray-700">{article.excerpt}</p>
        <p className="mt-5 flex items-center justify-between gap-3 text-sm">
          <span className="text-gray-600">{article.author.name}</span>
          <span aria-hidden="true" className="font-bold text-violet-700">Read more →</span>
        </p>
      </div>
    </article>
  );
}
