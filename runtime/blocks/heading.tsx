// A heading inside a text page or article (h2 or h3).
import type { BlockOf } from '../../model/page.ts';

export function Heading({ block }: { block: BlockOf<'heading'> }) {
  const Tag = block.level === 3 ? 'h3' : 'h2';
  const size = block.level === 3 ? 'text-xl mt-8' : 'text-2xl sm:text-3xl mt-12';
  return <Tag id={block.id} className={`prose-width scroll-mt-20 font-extrabold text-gray-900 ${size} mb-4`}>{block.text}</Tag>;
}
