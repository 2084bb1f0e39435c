// /newsletter/confirm?t=…: the address the link is for and a Confirm button. Opening the page only
// reads the token (public.subscription_token changes nothing): mail scanners fetch links, and a GET
// must never subscribe anyone. Only the button's POST (public.confirm_subscription) confirms.
import { useState, type FormEvent } from 'react';
import { confirmSubscription, type Gone } from '../backend/subscription.ts';
import { Address, Card, DoneCard, Failed, Heading, Text, Unusable, primaryButton, useTokenReading, whyUnusable, type Link } from './subscription-card.tsx';

interface NewsletterConfirmProps {
  heading: string;
  text: string;
  buttonLabel: string;
  doneHeading: string;
  doneText: string;
  signUp: Link;
}

type Pressed = { state: 'idle' } | { state: 'sending' } | { state: 'done' } | { state: 'gone'; why: Gone } | { state: 'unknown' } | { state: 'failed'; message: string };

const TEST_ID = 'newsletter-confirm';

export default function NewsletterConfirm(p: NewsletterConfirmProps) {
  const [reading, readAgain] = useTokenReading();
  const [pressed, setPressed] = useState<Pressed>({ state: 'idle' });

  if (pressed.state === 'done') {
    return <DoneCard testId={TEST_ID} state="confirmed" heading={p.doneHeading} text={p.doneText} />;
  }
  if (pressed.state === 'gone') return <Unusable why={pressed.why} signUp={p.signUp} testId={TEST_ID} />;
  if (pressed.state === 'unknown') return <Unusable why="unknown" signUp={p.signUp} testId={TEST_ID} />;
  if (reading.state === 'no-token') return <Unusable why="no-token" signUp={p.signUp} testId={TEST_ID} />;

  if (reading.state === 'read') {
    const { outcome, token } = reading;
    if (outcome.kind === 'failed') return <Failed message={outcome.message} retry={readAgain} testId={TEST_ID} />;
    if (outcome.kind !== 'done') return <Unusable why={outcome.kind === 'gone' ? outcome.why : 'unknown'} signUp={p.signUp} testId={TEST_ID} />;
    const info = outcome.value;
    if (info.valid && info.purpose === 'unsubscribe') {
      const leave = `/newsletter/unsubscribe?t=${encodeURIComponent(token)}`;
      return <Unusable why="wrong-page" signUp={p.signUp} testId={TEST_ID} extra={<p className="mt-4"><a href={leave} className="font-semibold text-violet-700 underline">This is a link to leave the list: open that page</a></p>} />;
    }
    if (!info.valid) return <Unusable why={whyUnusable(info)} signUp={p.signUp} testId={TEST_ID} />;

    const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (pressed.state === 'sending') return;
      setPressed({ state: 'sending' });
      const result = await confirmSubscription(token);
      if (result.kind === 'done') setPressed({ state: 'done' });
      else if (result.kind === 'gone') setPressed({ state: 'gone', why: result.why });
      else if (result.kind === 'failed') setPressed({ state: 'failed', message: result.message });
      else setPressed({ state: 'unknown' });
    };
    return (
      <Card testId={TEST_ID} state="ready">
        <Heading>{p.heading}</Heading>
        <Text>{p.text}</Text>
        <Address masked={info.email_masked} />
        <form method="post" onSubmit={onSubmit} className="mt-8">
          <button type="submit" className={primaryButton} disabled={pressed.state === 'sending'}>
            {pressed.state === 'sending' ? 'Confirming…' : p.buttonLabel}
          </button>
        </form>
        {pressed.state === 'failed' && (
          <p className="mt-4 text-sm font-medium text-red-800" role="alert">Nothing was confirmed: {pressed.message} Please press the button again.</p>
        )}
      </Card>
    );
  }

  // Before hydration, and while the link is read: the heading and the text, no button yet.
  return (
    <Card testId={TEST_ID} state={reading.state}>
      <Heading>{p.heading}</Heading>
      <Text>{p.text}</Text>
      {reading.state === 'reading' && <p className="mt-6 text-gray-600" role="status">Reading your link…</p>}
    </Card>
  );
}
