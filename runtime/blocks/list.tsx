// A bulleted or numbered list; it sits in a prose-width box so its own indent keeps markers on screen.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';

export function List({ block }: { block: BlockOf<'list'> }) {
  const Tag = block.ordered ? 'ol' : 'ul';
  return (
    <div className="prose-width mb-6">
      <Tag id={block.id} className={`space-y-2 pl-7 text-lg leading-relaxed text-gray-700 ${block.ordered ? 'list-decimal' : 'list-disc'} marker:font-semibold marker:text-violet-700`}>
        {block.items.map((item, i) => <li key={i} className="pl-1"><Inline text={item} /></li>)}
      </Tag>
    </div>
  );
}
