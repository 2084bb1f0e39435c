// A highlighted tip, warning, note or success box.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';

const TONES = {
  tip: { box: 'border-emerald-500 bg-emerald-50', title: 'text-emerald-900', icon: '💡', name: 'Tip' },
  warning: { box: 'border-amber-500 bg-amber-50', title: 'text-amber-900', icon: '⚠️', name: 'Warning' },
  info: { box: 'border-sky-500 bg-sky-50', title: 'text-sky-900', icon: 'ℹ️', name: 'Note' },
  success: { box: 'border-violet-500 bg-violet-50', title: 'text-violet-900', icon: '✅', name: 'Success' },
} as const;

export function Callout({ block }: { block: BlockOf<'callout'> }) {
  const t = TONES[block.tone];
  return (
    <div className="prose-width my-8">
      <aside id={block.id} aria-label={block.title ?? t.name} className={`rounded-r-xl border-l-4 p-5 ${t.box}`}>
        <p className={`mb-1 font-bold ${t.title}`}><span aria-hidden="true">{t.icon} </span>{block.title ?? t.name}</p>
        <p className="leading-relaxed text-gray-800"><Inline text={block.text} /></p>
      </aside>
    </div>
  );
}
