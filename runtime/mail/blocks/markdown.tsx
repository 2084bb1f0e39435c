// The markdown block in a mail: its prose (model/markup.ts's one parser) as the heading, paragraph,
// list and quote blocks show it in a mail.
import type { ReactNode } from 'react';
import { parseProse, type ProseBlock } from '../../../model/markup.ts';
import type { BlockOf } from '../../../model/page.ts';
import { MailInlineNodes } from '../inline.tsx';
import { QuoteBox } from './quote.tsx';
import { heading, list, listItem, text } from '../styles.ts';

function Prose({ blocks, nested = false }: { blocks: readonly ProseBlock[]; nested?: boolean }): ReactNode {
  return blocks.map((b, i) => {
    switch (b.type) {
      case 'heading':
        return b.level === 3 ? <h3 key={i} style={heading(3)}><MailInlineNodes nodes={b.children} /></h3> : <h2 key={i} style={heading(2)}><MailInlineNodes nodes={b.children} /></h2>;
      case 'paragraph':
        return <p key={i} style={nested ? { margin: '0 0 8px' } : text}><MailInlineNodes nodes={b.children} /></p>;
      case 'list': {
        const Tag = b.ordered ? 'ol' : 'ul';
        return (
          <Tag key={i} style={list} start={b.ordered && b.start !== 1 ? b.start : undefined}>
            {b.items.map((item, j) => <li key={j} style={listItem}>{item.length === 1 && item[0]!.type === 'paragraph' ? <MailInlineNodes nodes={item[0]!.children} /> : <Prose blocks={item} nested />}</li>)}
          </Tag>
        );
      }
      case 'blockquote':
        return <QuoteBox key={i}><Prose blocks={b.children} nested /></QuoteBox>;
    }
  });
}

export function MailMarkdown({ block }: { block: BlockOf<'markdown'> }) {
  return <Prose blocks={parseProse(block.text)} />;
}
