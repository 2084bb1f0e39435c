// The contact section: the form (an island) beside the response-time card and the tips.
import type { BlockOf } from '../../model/page.ts';
import { Inline } from '../inline-text.tsx';
import { Island } from '../island.tsx';
import { SectionShell } from './section-shell.tsx';

export function ContactForm({ block }: { block: BlockOf<'contact-form'> }) {
  const base = block.id ?? 'contact';
  const { responseTimes, tips } = block;
  return (
    <SectionShell id={block.id} className="pt-0 sm:pt-0">
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby={`${base}-form-heading`} className="rounded-3xl border border-gray-200 bg-white p-6 shadow-xl sm:p-8">
          <h2 id={`${base}-form-heading`} className="text-2xl font-extrabold text-gray-900 sm:text-3xl">{block.heading}</h2>
          {block.text && <p className="mt-2 text-gray-700"><Inline text={block.text} /></p>}
          <div className="mt-6">
            <Island name="contact-form" hydrate="visible" props={{ buttonLabel: block.buttonLabel }} />
            {/* Sending needs script (a static site has no server to post to): say so instead of failing silently. */}
            <noscript>
              <p className="mt-4 text-sm text-gray-700">Sending a message needs JavaScript, which is off in this browser.</p>
            </noscript>
          </div>
        </section>
        <div className="space-y-6">
          <section aria-labelledby={`${base}-times-heading`} className="rounded-3xl bg-gradient-to-br from-violet-700 to-pink-700 p-6 text-white shadow-xl sm:p-8" data-testid="response-times">
            <h2 id={`${base}-times-heading`} className="flex items-center gap-2 text-xl font-extrabold sm:text-2xl">
              <span aria-hidden="true">⏱️</span>
              {responseTimes.heading}
            </h2>
            <dl className="mt-5 space-y-3">
              {responseTimes.items.map((item) => (
                <div key={item.label} className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-1 rounded-2xl bg-white/15 p-4">
                  <dt className="font-semibold">{item.label}</dt>
                  <dd className="text-lg font-extrabold whitespace-nowrap text-yellow-200">{item.time}</dd>
                  {item.text && <dd className="col-span-2 text-sm text-white/90">{item.text}</dd>}
                </div>
              ))}
            </dl>
            {responseTimes.note && <p className="mt-4 text-sm text-white/90 [&_a]:text-white [&_a:hover]:text-yellow-100"><Inline text={responseTimes.note} /></p>}
          </section>
          {tips && (
            <section aria-labelledby={`${base}-tips-heading`} className="rounded-3xl border border-emerald-200 bg-emerald-50 p-6 sm:p-8">
              <h2 id={`${base}-tips-heading`} className="flex items-center gap-2 text-xl font-extrabold text-emerald-950">
                <span aria-hidden="true">💡</span>
                {tips.heading}
              </h2>
              <ul className="mt-4 space-y-3">
                {tips.items.map((tip, i) => (
                  <li key={i} className="flex gap-3 text-gray-800">
                    <span className="mt-0.5 font-bold text-emerald-700" aria-hidden="true">✓</span>
                    <span><Inline text={tip} /></span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </SectionShell>
  );
}
