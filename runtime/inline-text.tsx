// Inline markup in YAML text (emphasis, strong, links): parsed by the one parser in model/markup.ts
// and rendered as React elements, never as raw HTML, so YAML can never inject markup. Server-side
// only; islands use inline-nodes.tsx with trees parsed at build time.
import { parseInline } from '../model/markup.ts';
import { InlineNodes } from './inline-nodes.tsx';

export { InlineNodes };

export function Inline({ text }: { text: string | undefined }) {
  return text ? <InlineNodes nodes={parseInline(text)} /> : null;
}
