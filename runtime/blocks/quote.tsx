// A quotation with its source.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';

export function Quote({ block }: { block: BlockOf<'quote'> }) {
  return (
    <div className="prose-width my-8">
      <figure id={block.id} className="border-l-4 border-pink-500 pl-5">
        <blockquote className="text-xl italic leading-relaxed text-gray-800"><Inline text={block.text} /></blockquote>
        {block.cite && <figcaption className="mt-2 text-sm font-semibold text-gray-600">— {block.cite}</figcaption>}
      </figure>
    </div>
  );
}
