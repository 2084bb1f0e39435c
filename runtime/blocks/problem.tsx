// The landing page's wake-up call: problem cards, 'THE HARD TRUTH' box and two buttons that, as the
// specification says, do nothing. They are plain <button type="button"> elements: no island, no script.
import type { BlockOf } from '../../model/page.ts';
import { Inline } from '../inline-text.tsx';
import { SectionShell } from './section-shell.tsx';

type Colour = BlockOf<'problem'>['cards'][number]['colour'];

// Full class names, so Tailwind finds them. Light accents on the dark section keep contrast high.
const COLOURS: Record<Colour, { bar: string; icon: string; figure: string }> = {
  red: { bar: 'bg-red-500', icon: 'bg-red-500/15 ring-red-400/40', figure: 'text-red-300' },
  orange: { bar: 'bg-orange-500', icon: 'bg-orange-500/15 ring-orange-400/40', figure: 'text-orange-300' },
  purple: { bar: 'bg-violet-500', icon: 'bg-violet-500/15 ring-violet-400/40', figure: 'text-violet-300' },
  pink: { bar: 'bg-pink-500', icon: 'bg-pink-500/15 ring-pink-400/40', figure: 'text-pink-300' },
  blue: { bar: 'bg-sky-500', icon: 'bg-sky-500/15 ring-sky-400/40', figure: 'text-sky-300' },
};

export function Problem({ block }: { block: BlockOf<'problem'> }) {
  const headingId = `${block.id ?? 'problem'}-heading`;
  const [primary, secondary] = block.buttons ?? [];
  return (
    <SectionShell id={block.id} className="bg-gray-950 text-white" labelledBy={headingId}>
      <div className="mx-auto mb-12 max-w-4xl text-center">
        <h2 id={headingId} className="text-3xl font-extrabold tracking-tight sm:text-5xl [&_strong]:block [&_strong]:text-red-400 sm:[&_strong]:mb-2">
          <Inline text={block.heading} />
        </h2>
        {block.subheading && <p className="mx-auto mt-5 max-w-3xl text-lg text-gray-300"><Inline text={block.subheading} /></p>}
      </div>

      <ul className="grid gap-6 md:grid-cols-3">
        {block.cards.map((card) => {
          const c = COLOURS[card.colour];
          return (
            <li key={card.title} className="relative flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-gray-900 p-6 shadow-lg" data-testid="problem-card">
              <span className={`absolute inset-x-0 top-0 h-1 ${c.bar}`} aria-hidden="true" />
              <span className={`flex h-14 w-14 items-center justify-center rounded-2xl text-3xl ring-1 ${c.icon}`} aria-hidden="true">{card.icon}</span>
              <h3 className="mt-5 text-xl font-extrabold">{card.title}</h3>
              {card.figure && (
                <p className="mt-2">
                  <span className={`text-3xl font-extrabold ${c.figure}`}>{card.figure.value}</span>{' '}
                  <span className="font-semibold text-gray-300">{card.figure.label}</span>
                </p>
              )}
              <p className="mt-3 leading-relaxed text-gray-300"><Inline text={card.description} /></p>
            </li>
          );
        })}
      </ul>

      {block.truth && (
        <div className="mx-auto mt-12 max-w-3xl rounded-2xl border-2 border-red-500 bg-red-500/10 p-6 text-center sm:p-8">
          <h3 className="text-2xl font-extrabold text-red-300 sm:text-3xl"><span aria-hidden="true">⚠️ </span>{block.truth.title}</h3>
          <p className="mt-3 text-lg leading-relaxed text-gray-200"><Inline text={block.truth.text} /></p>
        </div>
      )}

      {primary && (
        <div className="mt-10 flex flex-col items-stretch justify-center gap-4 sm:flex-row sm:items-center">
          <button type="button" className="rounded-xl bg-gradient-to-r from-red-600 to-pink-600 px-8 py-4 text-lg font-extrabold tracking-wide text-white shadow-lg shadow-red-900/40 hover:from-red-700 hover:to-pink-700">
            {primary}
          </button>
          {secondary && (
            <button type="button" className="rounded-xl border-2 border-white/40 px-8 py-4 text-lg font-bold text-white hover:border-white hover:bg-white/10">
              {secondary}
            </button>
          )}
        </div>
      )}
    </SectionShell>
  );
}
