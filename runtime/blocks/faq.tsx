// FAQ: an accordion island, one item open at a time.
import type { BlockOf } from '../../model/page.ts';
import { parseInline } from '../../model/markup.ts';
import { Island } from '../island.tsx';
import { SectionHeading, SectionShell } from './section-shell.tsx';

export function Faq({ block }: { block: BlockOf<'faq'> }) {
  const headingId = `${block.id ?? 'faq'}-heading`;
  return (
    <SectionShell id={block.id} className="bg-gray-50" narrow labelledBy={headingId}>
      <SectionHeading id={headingId} title={block.heading} subtitle={block.subheading} />
      <Island name="accordion" hydrate="visible" props={{ items: block.items.map((item) => ({ question: item.question, answer: parseInline(item.answer) })) }} />
    </SectionShell>
  );
}
