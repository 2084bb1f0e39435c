// What a guide includes: a short checklist.
import type { BlockOf } from '../../model/page.ts';
import { Inline } from '../inline-text.tsx';
import { SectionHeading, SectionShell } from './section-shell.tsx';

export function Includes({ block }: { block: BlockOf<'includes'> }) {
  return (
    <SectionShell id={block.id} narrow>
      <SectionHeading title={block.heading} />
      <ul className="space-y-3">
        {block.items.map((item, i) => (
          <li key={i} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4 text-gray-800"><span className="text-emerald-600" aria-hidden="true">✓</span><span><Inline text={item} /></span></li>
        ))}
      </ul>
    </SectionShell>
  );
}
