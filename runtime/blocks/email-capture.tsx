// The starter kit offer around the e-mail capture island. The privacy line is the consent record's
// wording (model/list/consent.ts): rendered here and handed to the island, which sends it with the address.
import type { BlockOf } from '../../model/page.ts';
import { DEFAULT_CAPTURE_FORM, PRIVACY_WORDING } from '../../model/list/consent.ts';
import { Island } from '../island.tsx';
import { SectionShell } from './section-shell.tsx';
import { keepTogether } from '../keep-together.tsx';

export function EmailCapture({ block }: { block: BlockOf<'email-capture'> }) {
  const headingId = `${block.id ?? 'email-capture'}-heading`;
  return (
    <SectionShell id={block.id} className="bg-gray-50" narrow labelledBy={headingId}>
      <div className="rounded-3xl bg-white p-8 text-center shadow-xl sm:p-10">
        <p className="text-4xl" aria-hidden="true">🎁</p>
        <h2 id={headingId} className="mt-3 text-3xl font-extrabold text-gray-900">{keepTogether(block.heading)}</h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-gray-700">{block.text}</p>
        <Island name="email-capture" hydrate="visible" props={{ buttonLabel: block.buttonLabel, download: block.download, form: block.id ?? DEFAULT_CAPTURE_FORM, wording: PRIVACY_WORDING }} />
        {/* The form needs script to send; without it the kit is still one link away. */}
        <noscript>
          <p className="mt-4 text-sm text-gray-700">
            Sending the form needs JavaScript, which is off. <a className="font-semibold text-indigo-700 underline" href={block.download}>Download the starter kit</a> directly.
          </p>
        </noscript>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-semibold text-gray-700">
          <li>✓ Instant download</li>
          <li>✓ No credit card</li>
          <li>✓ 3-day challenge</li>
        </ul>
        <p className="mt-4 text-xs text-gray-600">{PRIVACY_WORDING}</p>
      </div>
    </SectionShell>
  );
}
