// The list block in a mail: ul or ol with inline styles (Outlook keeps their markers with a left padding).
import type { BlockOf } from '../../../model/page.ts';
import { MailInline } from '../inline.tsx';
import { list, listItem } from '../styles.ts';

export function MailList({ block }: { block: BlockOf<'list'> }) {
  const Tag = block.ordered ? 'ol' : 'ul';
  return (
    <Tag style={list}>
      {block.items.map((item, i) => <li key={i} style={listItem}><MailInline text={item} /></li>)}
    </Tag>
  );
}
