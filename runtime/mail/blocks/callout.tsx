// The callout block in a mail: a tinted cell with its tone's rule on the left, its title in bold.
import type { BlockOf } from '../../../model/page.ts';
import { MailInline } from '../inline.tsx';
import { COLOR, FONT, LAYOUT, text } from '../styles.ts';

/** The web callout's tones (runtime/blocks/callout.tsx) as colours a mail program keeps. */
const TONES = {
  tip: { rule: '#10b981', tint: '#ecfdf5', title: '#064e3b', icon: '💡', name: 'Tip' },
  warning: { rule: '#f59e0b', tint: '#fffbeb', title: '#78350f', icon: '⚠️', name: 'Warning' },
  info: { rule: '#0ea5e9', tint: '#f0f9ff', title: '#0c4a6e', icon: 'ℹ️', name: 'Note' },
  success: { rule: '#8b5cf6', tint: '#f5f3ff', title: '#4c1d95', icon: '✅', name: 'Success' },
} as const;

export function MailCallout({ block }: { block: BlockOf<'callout'> }) {
  const t = TONES[block.tone];
  return (
    <table {...LAYOUT} style={{ margin: '8px 0 24px' }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: t.tint, borderLeft: `4px solid ${t.rule}`, borderRadius: '0 12px 12px 0', padding: '16px 20px' }}>
            <p style={{ margin: '0 0 4px', fontFamily: FONT, fontSize: 16, lineHeight: '24px', fontWeight: 700, color: t.title }}>{t.icon} {block.title ?? t.name}</p>
            <p style={{ ...text, margin: 0, color: COLOR.strong }}><MailInline text={block.text} /></p>
          </td>
        </tr>
      </tbody>
    </table>
  );
}
