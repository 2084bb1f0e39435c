// Inline markup in YAML text: **bold**, *italic* and [label](href). Rendered as React elements,
// never as raw HTML, so YAML can never inject markup.
import type { ReactNode } from 'react';

const TOKEN = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = `${keyPrefix}${n++}`;
    if (m[1] !== undefined) out.push(<strong key={key}>{parseInline(m[1], key)}</strong>);
    else if (m[2] !== undefined) out.push(<em key={key}>{parseInline(m[2], key)}</em>);
    else {
      const href = m[4]!;
      const external = /^https?:/.test(href);
      out.push(
        <a key={key} href={href} className="font-semibold text-violet-700 underline underline-offset-2 hover:text-violet-900" {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
          {m[3]}
        </a>,
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Inline({ text }: { text: string | undefined }) {
  return text ? <>{parseInline(text)}</> : null;
}

/** The visible text of inline markup, e.g. for excerpts and meta tags. */
export function inlineToPlain(text: string): string {
  return text.replace(TOKEN, (_, b, i, label) => b ?? i ?? label ?? '');
}
