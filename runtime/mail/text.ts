// The plain-text version of a mail, from the same sections as its HTML: what a text-only program or a
// screen reader set to text shows, and what spam filters expect beside the HTML. Links are written
// after their words, as `words (address)`, with the same addresses the HTML links to; the foot says
// the same things as the HTML's.
import { parseInline, parseProse, type InlineNode, type ProseBlock } from '../../model/markup.ts';
import { hasUnsubscribe, mailLink, UNSUBSCRIBE_URL, type MailBlock, type MailDefinition, type MailSender } from '../../model/newsletter.ts';

const CALLOUT_NAMES = { tip: 'Tip', warning: 'Warning', info: 'Note', success: 'Success' } as const;

export function mailText(mail: MailDefinition, sender: MailSender): string {
  const hrefOf = (href: string) => mailLink(href, mail, sender.url);
  const inline = (nodes: readonly InlineNode[]): string =>
    nodes
      .map((n) => {
        if (n.type === 'text') return n.value;
        if (n.type !== 'link') return inline(n.children);
        const words = inline(n.children);
        const href = hrefOf(n.href);
        if (!href) return words;
        return words === n.href ? href : `${words} (${href})`;
      })
      .join('');
  const line = (text: string | undefined) => (text ? inline(parseInline(text)) : '');
  const underline = (text: string, mark: string) => `${text}\n${mark.repeat(Math.min(text.length, 60))}`;
  const items = (list: string[], ordered: boolean, start = 1) => list.map((item, i) => `${ordered ? `${start + i}.` : '-'} ${item.replace(/\n/g, '\n   ')}`).join('\n');
  const prose = (blocks: readonly ProseBlock[]): string =>
    blocks
      .map((b) => {
        if (b.type === 'heading') return underline(inline(b.children), b.level === 3 ? '-' : '=');
        if (b.type === 'paragraph') return inline(b.children);
        if (b.type === 'list') return items(b.items.map(prose), b.ordered, b.start);
        return prose(b.children).split('\n').map((l) => `> ${l}`).join('\n');
      })
      .join('\n\n');
  const block = (b: MailBlock): string => {
    switch (b.type) {
      case 'heading':
        return underline(b.text, b.level === 3 ? '-' : '=');
      case 'paragraph':
        return line(b.text);
      case 'markdown':
        return prose(parseProse(b.text));
      case 'list':
        return items(b.items.map(line), b.ordered);
      case 'quote':
        return `> ${line(b.text)}${b.cite ? `\n> — ${b.cite}` : ''}`;
      case 'callout':
        return `${b.title ?? CALLOUT_NAMES[b.tone]}: ${line(b.text)}`;
      case 'cta': {
        const href = hrefOf(b.href);
        return [b.title, b.text && line(b.text), href ? `${b.label}: ${href}` : b.label].filter(Boolean).join('\n');
      }
      case 'image':
        return [`[${b.image.alt || 'Image'}]`, b.caption && line(b.caption)].filter(Boolean).join('\n');
    }
  };
  const host = sender.url.replace(/^https:\/\//, '').replace(/\/$/, '');
  const foot = [
    hasUnsubscribe(mail.kind)
      ? `You get this because you confirmed your address on ${host}. Unsubscribe in one click: ${UNSUBSCRIBE_URL}`
      : `You get this because this address was given on ${host}. It is not on any list unless you confirm.`,
    mail.route ? `Read this letter on the web: ${hrefOf(mail.route) ?? ''}` : '',
    [sender.name, sender.postalAddress].filter(Boolean).join(' · '),
  ].filter(Boolean);
  return `${[sender.name, ...mail.sections.map(block)].join('\n\n')}\n\n-- \n${foot.join('\n')}\n`;
}
