// A paragraph of prose with inline emphasis and links.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';

export function Paragraph({ block }: { block: BlockOf<'paragraph'> }) {
  return <p id={block.id} className="prose-width mb-5 text-lg leading-relaxed text-gray-700"><Inline text={block.text} /></p>;
}
