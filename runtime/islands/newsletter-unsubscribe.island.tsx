// /newsletter/unsubscribe?t=…: the address the link is for, Leave the list (public.unsubscribe), a way
// back that changes nothing, and Delete everything about me (public.unsubscribe with p_erase), which
// asks once more before it deletes. Opening the page only reads the token. A confirmation mail's link
// works here too: someone who never meant to sign up can leave, or erase, from it.
import { useRef, useState } from 'react';
import { leaveList } from '../backend/subscription.ts';
import { Address, Card, DoneCard, Failed, Heading, Text, Unusable, primaryButton, secondaryLink, useTokenReading, type Link } from './subscription-card.tsx';

interface NewsletterUnsubscribeProps {
  heading: string;
  text: string;
  leaveLabel: string;
  back: Link;
  eraseLabel: string;
  eraseText: string;
  leftHeading: string;
  leftText: string;
  erasedHeading: string;
  erasedText: string;
  signUp: Link;
}

type Done = { state: 'none' } | { state: 'sending'; erase: boolean } | { state: 'left' } | { state: 'erased' } | { state: 'unknown' } | { state: 'failed'; message: string };

const TEST_ID = 'newsletter-unsubscribe';
const dangerButton = 'rounded-xl border-2 border-red-700 bg-white px-5 py-3 font-bold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-70';

/** Delete everything: a disclosure that asks once more, so a stray tap deletes nothing. */
function Erase({ p, busy, onErase }: { p: NewsletterUnsubscribeProps; busy: boolean; onErase: () => void }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="mx-auto mt-10 max-w-xl rounded-2xl border border-gray-200 bg-gray-50 p-4 text-left" data-testid="erase">
      <summary className="cursor-pointer font-semibold text-gray-900">{p.eraseLabel}</summary>
      <p className="mt-3 text-gray-700">{p.eraseText}</p>
      <p className="mt-4">
        <button type="button" className={dangerButton} disabled={busy} onClick={onErase}>
          {busy ? 'Deleting…' : `Yes, ${p.eraseLabel.charAt(0).toLowerCase()}${p.eraseLabel.slice(1)}`}
        </button>
      </p>
    </details>
  );
}

export default function NewsletterUnsubscribe(p: NewsletterUnsubscribeProps) {
  const [reading, readAgain] = useTokenReading();
  const [done, setDone] = useState<Done>({ state: 'none' });

  if (done.state === 'erased') {
    return <DoneCard testId={TEST_ID} state="erased" heading={p.erasedHeading} text={p.erasedText} />;
  }
  if (done.state === 'unknown' || reading.state === 'no-token') return <Unusable why={done.state === 'unknown' ? 'unknown' : 'no-token'} signUp={p.signUp} testId={TEST_ID} />;

  if (reading.state === 'read') {
    const { outcome, token } = reading;
    if (outcome.kind === 'failed') return <Failed message={outcome.message} retry={readAgain} testId={TEST_ID} />;
    if (outcome.kind !== 'done') return <Unusable why="unknown" signUp={p.signUp} testId={TEST_ID} />;
    const info = outcome.value;
    // Any link we sent names its address (a confirm link used or expired still does): leaving and
    // erasing work from it. Only a link the database does not know is refused.
    if (!info.email_masked && !info.valid) return <Unusable why="unknown" signUp={p.signUp} testId={TEST_ID} />;

    const send = async (erase: boolean) => {
      if (done.state === 'sending') return;
      setDone({ state: 'sending', erase });
      const result = await leaveList(token, erase);
      if (result.kind === 'done') setDone({ state: result.value === 'erased' ? 'erased' : 'left' });
      else if (result.kind === 'failed') setDone({ state: 'failed', message: result.message });
      else setDone({ state: 'unknown' });
    };
    const busy = done.state === 'sending';
    // Opened again after leaving: it says so, and erasing is still offered.
    const left = done.state === 'left' || info.status === 'unsubscribed';
    return (
      <Card tone={left ? 'done' : 'plain'} testId={TEST_ID} state={left ? 'left' : 'ready'}>
        <Heading>{left ? p.leftHeading : p.heading}</Heading>
        <Text>{left ? p.leftText : p.text}</Text>
        <Address masked={info.email_masked} />
        {left ? (
          <p className="mt-8"><a href={p.signUp.href} className={secondaryLink}>{p.signUp.label}</a></p>
        ) : (
          <div className="mt-8 flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
            <form method="post" onSubmit={(e) => { e.preventDefault(); void send(false); }}>
              <button type="submit" className={primaryButton} disabled={busy}>{busy && done.state === 'sending' && !done.erase ? 'Leaving…' : p.leaveLabel}</button>
            </form>
            <a href={p.back.href} className={secondaryLink}>{p.back.label}</a>
          </div>
        )}
        {done.state === 'failed' && <p className="mt-4 text-sm font-medium text-red-800" role="alert">Nothing was changed: {done.message} Please press the button again.</p>}
        <Erase p={p} busy={busy} onErase={() => void send(true)} />
      </Card>
    );
  }

  return (
    <Card testId={TEST_ID} state={reading.state}>
      <Heading>{p.heading}</Heading>
      <Text>{p.text}</Text>
      {reading.state === 'reading' && <p className="mt-6 text-gray-600" role="status">Reading your link…</p>}
    </Card>
  );
}
