// The top of an article: back link, category, date, read time, title and author.
import type { BlockOf } from '../../model/page.ts';
import { formatDate } from '../format-date.ts';
import { keepTogether } from '../keep-together.tsx';

export function ArticleHeader({ block }: { block: BlockOf<'article-header'> }) {
  return (
    <header className="prose-width pb-6 pt-24 sm:pt-28">
      <a href="/blog" className="inline-flex min-h-11 items-center gap-1 font-semibold text-violet-700 hover:text-violet-900"><span aria-hidden="true">←</span> Back to Blog</a>
      <p className="mt-6 flex flex-wrap items-center gap-3 text-sm text-gray-600">
        <span className="rounded-full bg-violet-100 px-3 py-1 font-semibold text-violet-800">{block.category}</span>
        <time dateTime={block.date}>{formatDate(block.date)}</time>
        <span aria-hidden="true">•</span>
        <span>{block.readTime} min read</span>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-gray-900 sm:text-5xl">{keepTogether(block.title)}</h1>
      <p className="mt-5 text-gray-700">By <span className="font-semibold text-gray-900">{block.author.name}</span>, {block.author.title}</p>
    </header>
  );
}
