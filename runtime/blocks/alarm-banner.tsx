// The alarm-style banner some articles open with.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';

export function AlarmBanner({ block }: { block: BlockOf<'alarm-banner'> }) {
  return (
    <div className="prose-width mb-8">
      <div id={block.id} role="note" className="rounded-xl bg-gradient-to-r from-red-600 to-orange-500 p-5 text-white shadow-lg">
        <p className="text-lg font-extrabold uppercase tracking-wide"><span aria-hidden="true">🚨 </span>{block.title}</p>
        <p className="mt-1 text-white/95"><Inline text={block.text} /></p>
      </div>
    </div>
  );
}
