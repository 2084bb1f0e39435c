// What the subscriber's two pages (newsletter-confirm, newsletter-unsubscribe) share: the card, its
// messages for a link that cannot be used, and reading the link's token once the page has hydrated.
// Before hydration (and without script) the card shows its heading and text only: the block's
// <noscript> says that the buttons need script and that nothing has been changed.
import { useEffect, useState, type ReactNode } from 'react';
import { readToken, tokenFromAddress, type Outcome, type TokenInfo } from '../backend/subscription.ts';

export const primaryButton =
  'rounded-xl bg-gradient-to-r from-violet-600 to-pink-600 px-6 py-3 text-lg font-bold text-white shadow hover:from-violet-700 hover:to-pink-700 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryLink =
  'inline-block rounded-xl border border-gray-300 bg-white px-5 py-3 font-semibold text-gray-800 hover:bg-gray-100';

export interface Link {
  label: string;
  href: string;
}

/** Where the page stands: before hydration, reading the token, or what reading it told. */
export type Reading = { state: 'static' } | { state: 'reading' } | { state: 'no-token' } | { state: 'read'; token: string; outcome: Outcome<TokenInfo> };

/** Reads the token of the page's address once, after hydration; `again` reads it again (after a failure). */
export function useTokenReading(): [Reading, () => void] {
  const [reading, setReading] = useState<Reading>({ state: 'static' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const token = tokenFromAddress(window.location.search);
    if (!token) {
      setReading({ state: 'no-token' });
      return;
    }
    let live = true;
    setReading({ state: 'reading' });
    void readToken(token).then((outcome) => live && setReading({ state: 'read', token, outcome }));
    return () => {
      live = false;
    };
  }, [attempt]);
  return [reading, () => setAttempt((n) => n + 1)];
}

export function Card({ tone = 'plain', testId, state, children }: { tone?: 'plain' | 'done' | 'problem'; testId: string; state: string; children: ReactNode }) {
  const border = { plain: 'border-gray-200', done: 'border-emerald-400', problem: 'border-amber-400' }[tone];
  return (
    <div className={`rounded-3xl border-2 ${border} bg-white p-6 text-center shadow-xl sm:p-10`} data-testid={testId} data-state={state}>
      {children}
    </div>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">{children}</h1>;
}

export function Text({ children }: { children: ReactNode }) {
  return <p className="mx-auto mt-4 max-w-xl text-lg text-gray-700">{children}</p>;
}

/** What the subscriber's press did (confirmed, erased): its heading and text, and the way to the site. */
export function DoneCard({ testId, state, heading, text }: { testId: string; state: string; heading: string; text: string }) {
  return (
    <Card tone="done" testId={testId} state={state}>
      <Heading>{heading}</Heading>
      <Text>{text}</Text>
      <p className="mt-8"><a href="/" className={secondaryLink}>Go to the site</a></p>
    </Card>
  );
}

/** The address the link is for, as the database masks it. */
export function Address({ masked }: { masked: string | null }) {
  if (!masked) return null;
  return (
    <p className="mt-4 text-lg text-gray-900">
      <span className="sr-only">Address: </span>
      <strong className="[overflow-wrap:anywhere]" data-testid="masked-address">{masked}</strong>
    </p>
  );
}

/** The link cannot be used: why, in words a person acts on, and the way to sign up again. */
export type Why = 'used' | 'expired' | 'suppressed' | 'unknown' | 'no-token' | 'wrong-page';

export function Unusable({ why, signUp, testId, extra }: { why: Why; signUp: Link; testId: string; extra?: ReactNode }) {
  const words = {
    used: ['This link was already used', 'If you pressed its button before, that is done and nothing more is needed. Otherwise, give your address again for a new link.'],
    expired: ['This link has expired', 'Links to confirm last 7 days. Give your address again and we will send a new one.'],
    suppressed: ['This address no longer gets our mail', 'Mail to it bounced, or it was reported as unwanted, so we stopped writing to it. To be added again, write to us through the contact page.'],
    unknown: ['This link is not one we know', 'It may have been cut short when it was copied, or the address it was for was deleted. Nothing has been changed. Give your address again for a new link.'],
    'no-token': ['This link is incomplete', 'The address of this page lost the code our mail gave it. Open the link from the mail again, or give your address again for a new link.'],
    'wrong-page': ['This link belongs to another page', 'Nothing has been changed.'],
  }[why];
  return (
    <Card tone="problem" testId={testId} state={why}>
      <Heading>{words[0]}</Heading>
      <Text>{words[1]}</Text>
      {extra}
      <p className="mt-8">
        <a href={signUp.href} className={secondaryLink} data-testid="sign-up-again">{signUp.label}</a>
      </p>
    </Card>
  );
}

/** The database could not be reached: nothing changed, and a button to try again. */
export function Failed({ message, retry, testId }: { message: string; retry: () => void; testId: string }) {
  return (
    <Card tone="problem" testId={testId} state="failed">
      <Heading>We could not reach our server</Heading>
      <Text>Nothing has been changed. Please try again in a moment.</Text>
      <p className="mt-2 text-sm text-gray-600" role="alert">{message}</p>
      <p className="mt-8">
        <button type="button" onClick={retry} className={primaryButton}>Try again</button>
      </p>
    </Card>
  );
}

/** Why a token read as not valid (the database's reason; no reason counts as unknown). */
export const whyUnusable = (info: TokenInfo): 'used' | 'expired' | 'suppressed' | 'unknown' => info.reason ?? 'unknown';
