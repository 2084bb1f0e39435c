// The image block in a mail: its file from the site ({{origin}}, so the sender decides the host), no
// wider than the text, with its width written as an attribute for Outlook and its height left to follow.
// fetchPriority low keeps React from adding a <link rel="preload"> to the mail's head for it.
import type { BlockOf } from '../../../model/page.ts';
import { ORIGIN } from '../../../model/newsletter.ts';
import { MailInline } from '../inline.tsx';
import { small, TEXT_WIDTH } from '../styles.ts';

export function MailImage({ block }: { block: BlockOf<'image'> }) {
  const { src, alt, width } = block.image;
  const shown = Math.min(width, TEXT_WIDTH);
  return (
    <div style={{ margin: '8px 0 24px' }}>
      <img src={`${ORIGIN}${src}`} alt={alt} width={shown} fetchPriority="low" style={{ display: 'block', width: '100%', maxWidth: shown, height: 'auto', border: 0, borderRadius: 12 }} />
      {block.caption && <p style={{ ...small, margin: '8px 0 0', textAlign: 'center' }}><MailInline text={block.caption} /></p>}
    </div>
  );
}
