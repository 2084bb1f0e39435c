// The confirmation mail's page: the island reads the link and shows the Confirm button. Without script
// the page says what to do; nothing on it can change the list without the button.
import type { BlockOf } from '../../model/page.ts';
import { Island } from '../island.tsx';
import { SectionShell } from './section-shell.tsx';

export function NewsletterConfirm({ block }: { block: BlockOf<'newsletter-confirm'> }) {
  const { heading, text, buttonLabel, doneHeading, doneText, signUp } = block;
  return (
    <SectionShell id={block.id} className="bg-gray-50 pt-28 sm:pt-32" narrow>
      <Island name="newsletter-confirm" hydrate="load" props={{ heading, text, buttonLabel, doneHeading, doneText, signUp }} />
      <noscript>
        <p className="mx-auto mt-6 max-w-xl rounded-2xl border border-amber-300 bg-amber-50 p-4 text-center text-gray-900">
          The {buttonLabel} button needs JavaScript, which is off in this browser, so nothing has been confirmed. Turn JavaScript on and open the link in our mail again.
        </p>
      </noscript>
    </SectionShell>
  );
}
