// A heading inside a text page or article (h2 or h3).
import type { BlockOf } from '../../model/page.ts';
import { useHeadingId } from '../outline.tsx';
import { keepTogether } from '../keep-together.tsx';
import { PROSE } from './prose-styles.ts';

export function Heading({ block }: { block: BlockOf<'heading'> }) {
  const Tag = block.level === 3 ? 'h3' : 'h2';
  const tocId = useHeadingId(block, 0);
  return <Tag id={tocId ?? block.id} className={block.level === 3 ? PROSE.h3 : PROSE.h2}>{keepTogether(block.text)}</Tag>;
}
