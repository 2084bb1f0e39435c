// The quote block in a mail: a table cell with a pink rule on its left (a border on a cell is what
// Outlook draws), the words in italics, who said them below.
import type { ReactNode } from 'react';
import type { BlockOf } from '../../../model/page.ts';
import { MailInline } from '../inline.tsx';
import { COLOR, FONT, LAYOUT, small } from '../styles.ts';

export function QuoteBox({ children, cite }: { children: ReactNode; cite?: string }) {
  return (
    <table {...LAYOUT} style={{ margin: '8px 0 24px' }}>
      <tbody>
        <tr>
          <td style={{ borderLeft: `4px solid ${COLOR.quote}`, padding: '4px 0 4px 20px' }}>
            <div style={{ fontFamily: FONT, fontSize: 18, lineHeight: '28px', fontStyle: 'italic', color: COLOR.strong }}>{children}</div>
            {cite && <p style={{ ...small, margin: '8px 0 0', fontWeight: 600 }}>— {cite}</p>}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function MailQuote({ block }: { block: BlockOf<'quote'> }) {
  return <QuoteBox cite={block.cite}><MailInline text={block.text} /></QuoteBox>;
}
