// A bulleted or numbered list; it sits in a prose-width box so its own indent keeps markers on screen.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';
import { PROSE } from './prose-styles.ts';

export function List({ block }: { block: BlockOf<'list'> }) {
  const Tag = block.ordered ? 'ol' : 'ul';
  return (
    <div className={PROSE.listBox}>
      <Tag id={block.id} className={PROSE.list(block.ordered)}>
        {block.items.map((item, i) => <li key={i} className={PROSE.listItem}><Inline text={item} /></li>)}
      </Tag>
    </div>
  );
}
