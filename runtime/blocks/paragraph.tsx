// A paragraph of prose with inline emphasis and links.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';
import { PROSE } from './prose-styles.ts';

export function Paragraph({ block }: { block: BlockOf<'paragraph'> }) {
  return <p id={block.id} className={PROSE.paragraph}><Inline text={block.text} /></p>;
}
