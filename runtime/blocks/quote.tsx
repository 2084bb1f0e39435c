// A quotation with its source.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';
import { PROSE } from './prose-styles.ts';

export function Quote({ block }: { block: BlockOf<'quote'> }) {
  return (
    <div className={PROSE.quoteBox}>
      <figure id={block.id} className={PROSE.quoteFigure}>
        <blockquote className={PROSE.quote}><Inline text={block.text} /></blockquote>
        {block.cite && <figcaption className="mt-2 text-sm font-semibold text-gray-600">— {block.cite}</figcaption>}
      </figure>
    </div>
  );
}
