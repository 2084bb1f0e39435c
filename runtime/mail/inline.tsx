// Inline Markdown (model/markup.ts's tree) as a mail shows it: React elements with inline styles, never
// raw HTML. An address is linked only when it is safe (model/href.ts) or the subscriber's own, which the
// sender fills in; any other keeps its words, unlinked.
import { Fragment, type ReactNode } from 'react';
import { parseInline, type InlineNode } from '../../model/markup.ts';
import { useMailHref } from './mail-context.tsx';
import { link } from './styles.ts';

export function MailInlineNodes({ nodes }: { nodes: readonly InlineNode[] }): ReactNode {
  const hrefOf = useMailHref();
  const walk = (list: readonly InlineNode[]): ReactNode =>
    list.map((n, i) => {
      if (n.type === 'text') return <Fragment key={i}>{n.value}</Fragment>;
      if (n.type === 'strong') return <strong key={i}>{walk(n.children)}</strong>;
      if (n.type === 'emphasis') return <em key={i}>{walk(n.children)}</em>;
      const href = hrefOf(n.href);
      if (!href) return <Fragment key={i}>{walk(n.children)}</Fragment>;
      return <a key={i} href={href} style={link}>{walk(n.children)}</a>;
    });
  return walk(nodes);
}

export function MailInline({ text }: { text: string | undefined }) {
  return text ? <MailInlineNodes nodes={parseInline(text)} /> : null;
}
