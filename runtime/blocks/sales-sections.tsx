// The middle of a sales page: problems vs solutions, testimonial cards, the upgrade offer, the includes list.
import type { BlockOf } from '../../generator/model.ts';
import { money, productById } from '../catalogue.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { cutText } from '../text-cut.ts';
import { SectionHeading, SectionShell } from './section-shell.tsx';

export function ProblemSolution({ block }: { block: BlockOf<'problem-solution'> }) {
  const col = (c: typeof block.problems, good: boolean) => (
    <div className={`rounded-2xl p-6 ${good ? 'bg-emerald-50' : 'bg-red-50'}`}>
      <h2 className={`text-2xl font-extrabold ${good ? 'text-emerald-900' : 'text-red-900'}`}>{c.title}</h2>
      <ul className="mt-4 space-y-3">
        {c.items.map((item, i) => (
          <li key={i} className="flex gap-3 text-gray-800"><span aria-hidden="true">{good ? '✅' : '❌'}</span><span><Inline text={item} /></span></li>
        ))}
      </ul>
    </div>
  );
  return (
    <SectionShell id={block.id} className="bg-white">
      {block.heading && <SectionHeading title={block.heading} />}
      <div className="grid gap-6 md:grid-cols-2">{col(block.problems, false)}{col(block.solutions, true)}</div>
    </SectionShell>
  );
}

export function TestimonialCards({ block }: { block: BlockOf<'testimonial-cards'> }) {
  return (
    <SectionShell id={block.id} className="bg-gray-50">
      {block.heading && <SectionHeading title={block.heading} />}
      <div className="grid gap-6 md:grid-cols-3">
        {block.items.map((t) => (
          <figure key={t.name} className="rounded-2xl bg-white p-6 shadow-sm" data-testid="testimonial-card">
            <p className="text-yellow-500" aria-label="5 out of 5 stars">★★★★★</p>
            <blockquote className="mt-3 text-gray-800">“{cutText(t.content, block.maxLength)}”</blockquote>
            <figcaption className="mt-4 flex items-center gap-3">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-violet-600 font-bold text-white" aria-hidden="true">{t.name[0]}</span>
              <span><span className="block font-bold text-gray-900">{t.name}</span><span className="text-sm text-gray-600">{t.role}</span></span>
            </figcaption>
          </figure>
        ))}
      </div>
    </SectionShell>
  );
}

export function UpgradeBox({ block }: { block: BlockOf<'upgrade-box'> }) {
  const { site } = useRender();
  const bundle = productById(site, block.product);
  return (
    <SectionShell id={block.id} narrow>
      <div className="rounded-3xl bg-gradient-to-br from-violet-600 to-pink-600 p-8 text-center text-white shadow-xl">
        <p className="text-sm font-bold uppercase tracking-wide text-yellow-200">{bundle.badge}</p>
        <h2 className="mt-2 text-3xl font-extrabold">{block.heading}</h2>
        {block.text && <p className="mx-auto mt-3 max-w-xl text-white/90"><Inline text={block.text} /></p>}
        <p className="mt-5 text-4xl font-extrabold">{money(bundle.price)} <s className="text-xl text-white/70">{money(bundle.originalPrice)}</s></p>
        <a href={bundle.route} className="mt-6 inline-block rounded-xl bg-white px-8 py-4 font-extrabold text-violet-700 hover:bg-violet-50">{block.label}</a>
      </div>
    </SectionShell>
  );
}

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
