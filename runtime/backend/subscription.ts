// The subscriber's own pages (/newsletter/confirm, /newsletter/unsubscribe) and the database functions
// they call by the token in their address (model/list/README.md): reading a token changes nothing;
// only a button's POST confirms, leaves or erases. Every answer is one of a few outcomes the pages word.
import { SUBSCRIBER_STATUSES, TOKEN_PURPOSES, type SubscriberStatus, type TokenPurpose } from '../../model/list/status.ts';
import { getSupabase } from './client.ts';

/** public.subscription_token's answer: what a token is, read without changing anything. */
export interface TokenInfo {
  purpose: TokenPurpose | null;
  /** Usable for its purpose; any token that is not `unknown` still unsubscribes. */
  valid: boolean;
  reason: 'unknown' | 'used' | 'expired' | 'suppressed' | null;
  /** `a•••@example.com` */
  email_masked: string | null;
  status: SubscriberStatus | null;
}

/** The token in the page's address (`?t=`), or null. */
export function tokenFromAddress(search: string): string | null {
  const t = new URLSearchParams(search).get('t')?.trim();
  return t ? t : null;
}

/**
 * What a press of the button came to:
 * - `done`: the database did it;
 * - `gone`: the link was used or has expired (410);
 * - `unknown`: no such link (404: forged, altered, or its address was erased);
 * - `failed`: the database could not be reached or refused for another reason (`message` says which).
 */
export type Outcome<T> = { kind: 'done'; value: T } | { kind: 'gone'; why: Gone } | { kind: 'unknown' } | { kind: 'failed'; message: string };

/** Why a link is gone (410), from the database's code: token_used, token_expired, address_suppressed. */
export type Gone = 'used' | 'expired' | 'suppressed';

type RpcAnswer = { data: unknown; error: { message?: string; code?: string } | null; status: number };

function outcomeOf<T>(answer: RpcAnswer, read: (data: unknown) => T): Outcome<T> {
  if (!answer.error && answer.status < 400) return { kind: 'done', value: read(answer.data) };
  if (answer.status === 410) {
    const code = answer.error?.code ?? '';
    return { kind: 'gone', why: code === 'token_expired' ? 'expired' : code === 'address_suppressed' ? 'suppressed' : 'used' };
  }
  if (answer.status === 404) return { kind: 'unknown' };
  console.error('The subscription call failed:', answer.status, answer.error);
  return { kind: 'failed', message: answer.error?.message || `The server answered ${answer.status}.` };
}

async function call<T>(fn: string, args: Record<string, unknown>, read: (data: unknown) => T): Promise<Outcome<T>> {
  try {
    const answer = (await (await getSupabase()).rpc(fn, args)) as unknown as RpcAnswer;
    return outcomeOf(answer, read);
  } catch (e) {
    console.error('The subscription call failed:', e);
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
}

/** Reads a token: valid or not, for what, and the masked address. Changes nothing. */
export function readToken(token: string): Promise<Outcome<TokenInfo>> {
  return call('subscription_token', { p_token: token }, (data) => {
    // Read field by field: whatever the answer holds, the page meets only these values.
    const d = (data ?? {}) as Partial<Record<keyof TokenInfo, unknown>>;
    const oneOf = <T extends string>(v: unknown, of: readonly T[]): T | null => (of.includes(v as T) ? (v as T) : null);
    return {
      purpose: oneOf(d.purpose, TOKEN_PURPOSES),
      valid: d.valid === true,
      reason: oneOf(d.reason, ['unknown', 'used', 'expired', 'suppressed'] as const),
      email_masked: typeof d.email_masked === 'string' ? d.email_masked : null,
      status: oneOf(d.status, SUBSCRIBER_STATUSES),
    };
  });
}

/** The Confirm button: a pending address becomes confirmed. */
export function confirmSubscription(token: string): Promise<Outcome<'confirmed'>> {
  return call('confirm_subscription', { p_token: token }, () => 'confirmed' as const);
}

/** Leave the list, or (erase) delete everything about the address. */
export function leaveList(token: string, erase: boolean): Promise<Outcome<'unsubscribed' | 'erased'>> {
  return call('unsubscribe', { p_token: token, p_erase: erase }, (data) => ((data as { status?: string } | null)?.status === 'erased' ? 'erased' : 'unsubscribed'));
}
