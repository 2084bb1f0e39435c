// Renders a parsed inline tree (model/markup.ts) as React elements, never as raw HTML. Islands receive
// trees as props and import only this module, so their bundles carry no Markdown parser.
import { Fragment, type ReactNode } from 'react';
import { isSafeHref } from '../model/href.ts';
import type { InlineNode } from '../model/markup.ts';
import { keepTogether } from './keep-together.tsx';

const LINK_CLASS = 'font-semibold text-violet-700 underline underline-offset-2 hover:text-violet-900';

export function InlineNodes({ nodes }: { nodes: readonly InlineNode[] }): ReactNode {
  return nodes.map((n, i) => {
    if (n.type === 'text') return <Fragment key={i}>{keepTogether(n.value)}</Fragment>;
    if (n.type === 'strong') return <strong key={i}><InlineNodes nodes={n.children} /></strong>;
    if (n.type === 'emphasis') return <em key={i}><InlineNodes nodes={n.children} /></em>;
    // Validation refuses unsafe addresses; should one get this far, its label is shown unlinked.
    if (!isSafeHref(n.href)) return <InlineNodes key={i} nodes={n.children} />;
    const external = /^https?:/.test(n.href);
    return (
      <a key={i} href={n.href} className={LINK_CLASS} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
        <InlineNodes nodes={n.children} />
      </a>
    );
  });
}
