// The paragraph block in a mail.
import type { BlockOf } from '../../../model/page.ts';
import { MailInline } from '../inline.tsx';
import { text } from '../styles.ts';

export function MailParagraph({ block }: { block: BlockOf<'paragraph'> }) {
  return <p style={text}><MailInline text={block.text} /></p>;
}
