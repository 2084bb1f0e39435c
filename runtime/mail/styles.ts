// The mail's look, as inline styles: mail programs drop <style> sheets and class names (Gmail keeps
// some, Outlook's Word engine few), so every element carries its own. The site's violet and pink, on
// white, in the system's sans-serif; sizes in px, which every program reads alike.
import type { CSSProperties } from 'react';

export const COLOR = {
  page: '#f5f3ff',
  card: '#ffffff',
  text: '#374151',
  strong: '#111827',
  muted: '#6b7280',
  link: '#6d28d9',
  button: '#6d28d9',
  buttonText: '#ffffff',
  rule: '#e5e7eb',
  quote: '#db2777',
} as const;

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The card's width, and the text's inside its padding: images are made no wider. */
export const CARD_WIDTH = 600;
export const CARD_PADDING = 32;
export const TEXT_WIDTH = CARD_WIDTH - 2 * CARD_PADDING;

export const text: CSSProperties = { margin: '0 0 16px', fontFamily: FONT, fontSize: 16, lineHeight: '26px', color: COLOR.text };
export const heading = (level: number): CSSProperties => ({
  margin: level === 3 ? '24px 0 8px' : '32px 0 12px',
  fontFamily: FONT,
  fontSize: level === 3 ? 18 : 22,
  lineHeight: level === 3 ? '26px' : '30px',
  fontWeight: 800,
  color: COLOR.strong,
});
export const list: CSSProperties = { margin: '0 0 16px', paddingLeft: 24, fontFamily: FONT, fontSize: 16, lineHeight: '26px', color: COLOR.text };
export const listItem: CSSProperties = { margin: '0 0 8px' };
export const link: CSSProperties = { color: COLOR.link, fontWeight: 600, textDecoration: 'underline' };
export const small: CSSProperties = { margin: '0 0 8px', fontFamily: FONT, fontSize: 13, lineHeight: '20px', color: COLOR.muted };

/** A table used for layout only: screen readers skip it (role presentation), and no program adds spacing of its own. */
export const LAYOUT = { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, border: 0 } as const;
