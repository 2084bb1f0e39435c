// The blog index: h1 and subtitle, then the category filter island holding the featured card and the
// grid. The cards are the listed articles the generator compiled from the article files.
import type { BlockOf } from '../../model/page.ts';
import { useRender } from '../context.tsx';
import { formatDate } from '../format-date.ts';
import { Inline } from '../inline-text.tsx';
import { Island } from '../island.tsx';
import type { BlogCard } from '../islands/blog-filter.island.tsx';

export function BlogIndex({ block }: { block: BlockOf<'blog-index'> }) {
  const { articles } = useRender();
  const cards: BlogCard[] = articles.map((a) => ({
    route: a.route,
    title: a.title,
    excerpt: a.excerpt,
    category: a.category,
    date: a.date,
    dateLabel: formatDate(a.date),
    readTime: a.readTime,
    author: a.author.name,
    featured: a.featured,
  }));
  return (
    <>
      <header id={block.id} className="bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 pb-10 pt-28 text-center sm:pt-32">
        <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">{block.heading}</h1>
        {block.subtitle && <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700"><Inline text={block.subtitle} /></p>}
      </header>
      <section aria-label="Articles" className="px-4 pb-16 pt-8 sm:pb-20">
        <div className="mx-auto max-w-6xl">
          <Island name="blog-filter" props={{ categories: block.categories, articles: cards }} />
        </div>
      </section>
    </>
  );
}
