// Inline markup in YAML text (emphasis, strong, links), rendered from the one parsed tree of
// model/markup.ts as React elements, never as raw HTML, so YAML can never inject markup.
import type { ReactNode } from 'react';
import { parseInline, type InlineNode } from '../model/markup.ts';

const LINK_CLASS = 'font-semibold text-violet-700 underline underline-offset-2 hover:text-violet-900';

/** Renders a parsed tree; islands receive trees as props, so their bundles carry no parser. */
export function InlineNodes({ nodes }: { nodes: readonly InlineNode[] }): ReactNode {
  return nodes.map((n, i) => {
    if (n.type === 'text') return n.value;
    if (n.type === 'strong') return <strong key={i}><InlineNodes nodes={n.children} /></strong>;
    if (n.type === 'emphasis') return <em key={i}><InlineNodes nodes={n.children} /></em>;
    const external = /^https?:/.test(n.href);
    return (
      <a key={i} href={n.href} className={LINK_CLASS} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
        <InlineNodes nodes={n.children} />
      </a>
    );
  });
}

export function Inline({ text }: { text: string | undefined }) {
  return text ? <InlineNodes nodes={parseInline(text)} /> : null;
}
