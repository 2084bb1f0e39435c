// FAQ: each question a <details>, all sharing one `name`, so the browser keeps one answer open at a time
// and opens them with no script at all (nothing to hydrate, nothing to lose before hydration). <summary>
// is the button a keyboard and a screen reader know, its open state read out by the browser.
import type { BlockOf } from '../../model/page.ts';
import { Inline } from '../inline-text.tsx';
import { SectionHeading, SectionShell } from './section-shell.tsx';

export function Faq({ block }: { block: BlockOf<'faq'> }) {
  const base = block.id ?? 'faq';
  const headingId = `${base}-heading`;
  return (
    <SectionShell id={block.id} className="bg-gray-50" narrow labelledBy={headingId}>
      <SectionHeading id={headingId} title={block.heading} subtitle={block.subheading} />
      <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white" data-testid="accordion">
        {block.items.map((item) => (
          <details key={item.question} name={`faq-${base}`} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50 [&::-webkit-details-marker]:hidden">
              <h3>{item.question}</h3>
              <span aria-hidden="true" className="text-xl text-violet-600 transition-transform group-open:rotate-45">+</span>
            </summary>
            <div className="px-5 pb-5 text-gray-700">
              <Inline text={item.answer} />
            </div>
          </details>
        ))}
      </div>
    </SectionShell>
  );
}
