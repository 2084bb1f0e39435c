// The starter-kit e-mail capture (spec decisions 2 and 3): the address goes to
// the database function with its consent record (the page, the form and the
// privacy wording it showed: model/list/consent.ts), and the database keeps it
// pending until its owner confirms; if that fails, it is kept in this browser's
// `captured_emails` list, consent record included, and sent again on a later
// page load, once.
import { wordingVersion, type ConsentRecord } from '../../model/list/consent.ts';
import { getSupabase } from './client.ts';
import { withProofOfWork } from './proof-of-work.ts';

export const CAPTURED_EMAILS_KEY = 'captured_emails';

/** The spec's fields (email, source, timestamp), plus what the re-send needs. */
interface CapturedEmail {
  email: string;
  source: 'starter_kit';
  timestamp: string;
  /** True once the backend has stored it; it is then never sent again. */
  sent: boolean;
  /** The backend refused the address itself (SQLSTATE 22023); retrying cannot help. */
  rejected?: boolean;
  /** Where the address was given and the wording shown there; absent in entries kept before it existed. */
  consent?: ConsentRecord;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // e.g. storage disabled by the browser
  }
}

export function readCapturedEmails(): CapturedEmail[] {
  try {
    const list: unknown = JSON.parse(storage()?.getItem(CAPTURED_EMAILS_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((e): e is CapturedEmail => typeof e?.email === 'string') : [];
  } catch {
    return [];
  }
}

function writeCapturedEmails(list: CapturedEmail[]): void {
  try {
    storage()?.setItem(CAPTURED_EMAILS_KEY, JSON.stringify(list));
  } catch (e) {
    console.error('Could not keep the e-mail address in this browser.', e);
  }
}

/**
 * The wording's version, which the database records (it keeps each wording's text once, published by
 * the site: public.publish_consent_wordings). Web Crypto exists only on https and localhost: a page
 * opened over plain http elsewhere (a phone on the dev server) sends the address without it.
 */
async function versionOf(wording: string): Promise<{ p_wording?: string }> {
  if (typeof crypto === 'undefined' || !crypto.subtle) {
    console.warn('No Web Crypto on this page (not https): the consent record goes without its wording version.');
    return {};
  }
  return { p_wording: await wordingVersion(wording) };
}

// Past the site-wide breaker the database asks for a proof of work: solved here, then sent again.
async function send(email: string, consent: ConsentRecord | undefined, onSolving?: () => void): Promise<{ ok: true } | { ok: false; rejected: boolean }> {
  try {
    const supabase = await getSupabase();
    const record = consent ? { p_route: consent.route, p_form: consent.form, ...(await versionOf(consent.wording)) } : {};
    const { error } = await withProofOfWork(
      (altcha) => supabase.rpc('capture_starter_kit_email', { p_email: email, ...record, ...(altcha ? { p_altcha: altcha } : {}) }),
      onSolving,
    );
    if (!error) return { ok: true };
    console.error('Saving the e-mail address failed:', error);
    return { ok: false, rejected: error.code === '22023' };
  } catch (e) {
    console.error('Saving the e-mail address failed:', e);
    return { ok: false, rejected: false };
  }
}

/**
 * Saves the address with its consent record; on failure keeps both locally. Either way the visitor's
 * flow goes on. `onSolving` is told when the browser starts a proof of work (the site is busy).
 */
export async function captureStarterKitEmail(email: string, consent: ConsentRecord, onSolving?: () => void): Promise<{ stored: 'backend' | 'local' }> {
  const result = await send(email, consent, onSolving);
  if (result.ok) return { stored: 'backend' };
  writeCapturedEmails([
    ...readCapturedEmails(),
    { email, source: 'starter_kit', timestamp: new Date().toISOString(), sent: false, consent, ...(result.rejected ? { rejected: true } : {}) },
  ]);
  return { stored: 'local' };
}

/** Runs `fn` while no other tab of this site runs it (Web Locks where available). */
async function exclusively<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(CAPTURED_EMAILS_KEY, fn) : fn();
}

/**
 * Sends the queued addresses that were never stored, marking each as sent as
 * soon as the backend confirms it. Stops at the first failure (the backend is
 * still away) and returns how many were sent.
 */
export async function resendCapturedEmails(): Promise<number> {
  return exclusively(async () => {
    let sent = 0;
    const pending = [...new Set(readCapturedEmails().filter((e) => !e.sent && !e.rejected).map((e) => e.email))];
    for (const email of pending) {
      // Re-read: another page of the site may have sent it meanwhile.
      const waiting = readCapturedEmails().find((e) => e.email === email && !e.sent && !e.rejected);
      if (!waiting) continue;
      // The consent record of the page where it was typed, not of the page that sends it now.
      const result = await send(email, waiting.consent);
      if (!result.ok && !result.rejected) break;
      const mark = result.ok ? { sent: true } : { rejected: true };
      writeCapturedEmails(readCapturedEmails().map((e) => (e.email === email && !e.sent ? { ...e, ...mark } : e)));
      if (result.ok) sent++;
    }
    return sent;
  });
}
