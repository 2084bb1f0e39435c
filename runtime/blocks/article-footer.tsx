// The end of an article: the Read More Articles button.
import type { BlockOf } from '../../model/page.ts';

export function ArticleFooter({ block }: { block: BlockOf<'article-footer'> }) {
  return (
    <div className="prose-width border-t border-gray-200 py-10 text-center">
      <a href="/blog" className="inline-block rounded-xl bg-gray-900 px-6 py-3 font-bold text-white hover:bg-gray-800">{block.label}</a>
    </div>
  );
}
