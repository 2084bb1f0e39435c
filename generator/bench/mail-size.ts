// `npm run bench`'s figure for the mails (issue 51): each published newsletter's and each list mail's
// HTML as the sender sends it (model/newsletter.ts measuredBytes), against the 102,000 bytes past which
// Gmail clips a mail. The build itself refuses a mail over the limit (render/render-mails.ts), so the
// bench shows how close each one is.
import { MAIL_HTML_LIMIT } from '../../model/newsletter.ts';

export function describeMailSizes(bytes: Record<string, number>): string {
  const rows = Object.entries(bytes).sort(([, a], [, b]) => b - a);
  if (!rows.length) return 'mails: none (no newsletter published, no content/mail/)';
  const lines = rows.map(([slug, n]) => `  ${slug.padEnd(38)} ${`${(n / 1000).toFixed(1)} KB`.padStart(9)}  ${Math.round((n / MAIL_HTML_LIMIT) * 100)}% of the limit`);
  return `mails: HTML as sent, budget ${MAIL_HTML_LIMIT / 1000} KB each (Gmail clips above):\n${lines.join('\n')}`;
}
