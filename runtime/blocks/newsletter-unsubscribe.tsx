// Every mail's unsubscribe page: the island reads the link and offers leaving, a way back and erasure.
// Without script the page says what still works: the one-click unsubscribe a mail app offers beside the
// sender (the List-Unsubscribe header every newsletter carries), or a message to the site.
import type { BlockOf } from '../../model/page.ts';
import { Island } from '../island.tsx';
import { SectionShell } from './section-shell.tsx';

export function NewsletterUnsubscribe({ block }: { block: BlockOf<'newsletter-unsubscribe'> }) {
  const { type: _type, id: _id, variants: _variants, ...props } = block;
  return (
    <SectionShell id={block.id} className="bg-gray-50 pt-28 sm:pt-32" narrow>
      <Island name="newsletter-unsubscribe" hydrate="load" props={props} />
      <noscript>
        <p className="mx-auto mt-6 max-w-xl rounded-2xl border border-amber-300 bg-amber-50 p-4 text-center text-gray-900">
          These buttons need JavaScript, which is off in this browser, so nothing has been changed. Turn JavaScript on and open the link again, use the Unsubscribe button your mail app shows beside our name, or <a className="font-semibold text-violet-700 underline" href="/contact">write to us</a> with your address.
        </p>
      </noscript>
    </SectionShell>
  );
}
