// The article template: header (back link, category, date, read time, author), the body, Read More.
import type { ArticleSummary, Page, Block, BlockDraft } from '../../../model/page.ts';

export function articleSummary(route: string, page: Page): ArticleSummary {
  const a = page.article!;
  return {
    slug: route.split('/').pop()!,
    route,
    title: page.title,
    excerpt: a.excerpt,
    category: a.category,
    date: a.date,
    readTime: a.readTime,
    author: a.author,
    featured: a.featured,
    unlisted: a.unlisted,
  };
}

export function expandArticle(summary: ArticleSummary, body: Block[]): BlockDraft[] {
  return [
    { type: 'article-header', title: summary.title, category: summary.category, date: summary.date, readTime: summary.readTime, author: summary.author },
    ...body,
    { type: 'article-footer' },
  ];
}
