// The heading block in a mail: an h2 or h3 with its style inline.
import type { BlockOf } from '../../../model/page.ts';
import { heading } from '../styles.ts';

export function MailHeading({ block }: { block: BlockOf<'heading'> }) {
  const Tag = block.level === 3 ? 'h3' : 'h2';
  return <Tag style={heading(block.level)}>{block.text}</Tag>;
}
