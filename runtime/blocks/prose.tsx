// Prose blocks shared by articles and text pages: heading, paragraph, list, callout, quote.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../generator/model.ts';

export function Heading({ block }: { block: BlockOf<'heading'> }) {
  const Tag = block.level === 3 ? 'h3' : 'h2';
  const size = block.level === 3 ? 'text-xl mt-8' : 'text-2xl sm:text-3xl mt-12';
  return <Tag id={block.id} className={`prose-width scroll-mt-20 font-extrabold text-gray-900 ${size} mb-4`}>{block.text}</Tag>;
}

export function Paragraph({ block }: { block: BlockOf<'paragraph'> }) {
  return <p id={block.id} className="prose-width mb-5 text-lg leading-relaxed text-gray-700"><Inline text={block.text} /></p>;
}

export function List({ block }: { block: BlockOf<'list'> }) {
  const Tag = block.ordered ? 'ol' : 'ul';
  return (
    <div className="prose-width mb-6">
      <Tag id={block.id} className={`space-y-2 pl-7 text-lg leading-relaxed text-gray-700 ${block.ordered ? 'list-decimal' : 'list-disc'} marker:font-semibold marker:text-violet-700`}>
        {block.items.map((item, i) => <li key={i} className="pl-1"><Inline text={item} /></li>)}
      </Tag>
    </div>
  );
}

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

export function Quote({ block }: { block: BlockOf<'quote'> }) {
  return (
    <div className="prose-width my-8">
      <figure id={block.id} className="border-l-4 border-pink-500 pl-5">
        <blockquote className="text-xl italic leading-relaxed text-gray-800"><Inline text={block.text} /></blockquote>
        {block.cite && <figcaption className="mt-2 text-sm font-semibold text-gray-600">— {block.cite}</figcaption>}
      </figure>
    </div>
  );
}

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

export function Cta({ block }: { block: BlockOf<'cta'> }) {
  return (
    <div className="prose-width my-10">
      <div id={block.id} className="rounded-2xl bg-gradient-to-br from-violet-600 to-pink-600 p-6 text-center text-white shadow-xl sm:p-8">
        {block.title && <p className="text-2xl font-extrabold">{block.title}</p>}
        {block.text && <p className="mx-auto mt-2 max-w-xl text-white/90"><Inline text={block.text} /></p>}
        <a href={block.href} className="mt-5 inline-block rounded-xl bg-white px-6 py-3 font-bold text-violet-700 shadow hover:bg-violet-50">{block.label}</a>
      </div>
    </div>
  );
}
