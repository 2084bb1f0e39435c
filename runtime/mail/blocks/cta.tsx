// The cta block in a mail: a tinted box with a "bulletproof" button, a link padded inside a coloured
// table cell, which every program draws as a button (Outlook ignores a link's own padding, the cell
// keeps its colour).
import type { BlockOf } from '../../../model/page.ts';
import { useMailHref } from '../mail-context.tsx';
import { MailInline } from '../inline.tsx';
import { COLOR, FONT, LAYOUT, text } from '../styles.ts';

export function MailCta({ block }: { block: BlockOf<'cta'> }) {
  const href = useMailHref()(block.href);
  return (
    <table {...LAYOUT} style={{ margin: '16px 0 24px' }}>
      <tbody>
        <tr>
          <td align="center" style={{ backgroundColor: COLOR.page, border: `1px solid #ddd6fe`, borderRadius: 16, padding: '24px 20px' }}>
            {block.title && <p style={{ margin: '0 0 8px', fontFamily: FONT, fontSize: 20, lineHeight: '28px', fontWeight: 800, color: COLOR.strong }}>{block.title}</p>}
            {block.text && <p style={{ ...text, margin: '0 0 20px' }}><MailInline text={block.text} /></p>}
            <table role="presentation" cellPadding={0} cellSpacing={0} border={0} align="center">
              <tbody>
                <tr>
                  <td align="center" style={{ backgroundColor: COLOR.button, borderRadius: 10 }}>
                    <a href={href} style={{ display: 'inline-block', padding: '14px 28px', fontFamily: FONT, fontSize: 16, lineHeight: '20px', fontWeight: 700, color: COLOR.buttonText, textDecoration: 'none', borderRadius: 10 }}>{block.label}</a>
                  </td>
                </tr>
              </tbody>
            </table>
          </td>
        </tr>
      </tbody>
    </table>
  );
}
