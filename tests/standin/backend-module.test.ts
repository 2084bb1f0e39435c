// runtime/backend, the site's own calls, run in Node against the shared
// stand-in: capture with its local fallback and re-send, contact, previews.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureStarterKitEmail, readCapturedEmails, resendCapturedEmails, CAPTURED_EMAILS_KEY } from '../../runtime/backend/capture.ts';
import { PRIVACY_WORDING, wordingVersion } from '../../model/list/consent.ts';
import { resetSupabase } from '../../runtime/backend/client.ts';
import { sendContactMessage } from '../../runtime/backend/contact.ts';
import { currentUser, isAdmin, onAuthChange, signIn, signOut, uploadPreview } from '../../runtime/backend/previews.ts';
import { ADMIN, MEMBER, MODULE_ADMIN, adminAtAal2, pdfBytes, runtimeAdminAtAal2, testStandIn } from './stand-in.ts';

const standIn = testStandIn();
// Nothing listens on port 9 here: the "backend is down" case.
const down = { url: 'http://127.0.0.1:9', anonKey: standIn.anonKey };

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
}

const rpcCalls = () =>
  vi.mocked(globalThis.fetch).mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/rpc/capture_starter_kit_email')).length;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.spyOn(globalThis, 'fetch');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  resetSupabase({ url: standIn.url, anonKey: standIn.anonKey });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSupabase();
});

// Where the address was given and what the form said there (model/list/consent.ts).
const ON_LANDING = { route: '/', form: 'email-capture', wording: PRIVACY_WORDING };
const ON_ARTICLE = { route: '/blog/some-article', form: 'kit', wording: PRIVACY_WORDING };

/** The address's status and consent record, as an admin at aal2 reads them. */
async function consentOf(email: string) {
  const { data, error } = await (await adminAtAal2(standIn)).from('email_captures').select('status, consent_route, consent_form, consent_wording').eq('email', email);
  if (error) throw new Error(error.message);
  return data;
}

describe('captureStarterKitEmail', () => {
  it('stores the address, pending, with its consent record, and keeps nothing locally', async () => {
    expect(await captureStarterKitEmail('module.reader@example.com', ON_ARTICLE)).toEqual({ stored: 'backend' });
    expect(localStorage.getItem(CAPTURED_EMAILS_KEY)).toBeNull();
    expect(await consentOf('module.reader@example.com')).toEqual([
      { status: 'pending', consent_route: '/blog/some-article', consent_form: 'kit', consent_wording: await wordingVersion(PRIVACY_WORDING) },
    ]);
  });

  it('keeps the address in captured_emails when the backend is down, and logs why', async () => {
    resetSupabase(down);
    expect(await captureStarterKitEmail('offline@example.com', ON_LANDING)).toEqual({ stored: 'local' });
    const [entry] = readCapturedEmails();
    expect(entry).toMatchObject({ email: 'offline@example.com', source: 'starter_kit', sent: false, consent: ON_LANDING });
    expect(new Date(entry!.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(console.error).toHaveBeenCalled();
  });

  it('sends queued addresses once the backend answers, marks them sent, and never sends them again', async () => {
    resetSupabase(down);
    await captureStarterKitEmail('queued.one@example.com', ON_LANDING);
    await captureStarterKitEmail('queued.two@example.com', ON_ARTICLE);
    await captureStarterKitEmail('queued.one@example.com', ON_LANDING);
    expect(await resendCapturedEmails()).toBe(0); // still down: nothing marked

    resetSupabase({ url: standIn.url, anonKey: standIn.anonKey });
    vi.mocked(globalThis.fetch).mockClear();
    expect(await resendCapturedEmails()).toBe(2);
    expect(rpcCalls()).toBe(2); // the duplicate entry is not sent twice
    expect(readCapturedEmails().every((e) => e.sent)).toBe(true);

    expect(await resendCapturedEmails()).toBe(0);
    expect(rpcCalls()).toBe(2);
    // Each with the record of the page where it was typed, not of the page that sent it later.
    expect((await consentOf('queued.two@example.com'))[0]).toMatchObject({ consent_route: '/blog/some-article', consent_form: 'kit' });
  });

  it('stops retrying an address the backend refuses as invalid', async () => {
    resetSupabase(down);
    await captureStarterKitEmail('someone@localhost', ON_LANDING);
    resetSupabase({ url: standIn.url, anonKey: standIn.anonKey });
    expect(await resendCapturedEmails()).toBe(0);
    expect(readCapturedEmails()).toMatchObject([{ email: 'someone@localhost', sent: false, rejected: true }]);
    vi.mocked(globalThis.fetch).mockClear();
    await resendCapturedEmails();
    expect(rpcCalls()).toBe(0);
  });
});

describe('sendContactMessage', () => {
  const m = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', subject: 'Hello', message: 'A question.' };

  it('resolves with no error when the message is stored', async () => {
    expect(await sendContactMessage(m)).toEqual({ error: null });
  });

  it('resolves with the server’s message when the database refuses it', async () => {
    const { error } = await sendContactMessage({ ...m, email: 'not an address' });
    expect(error).toBe('invalid contact message: email is not a valid address');
  });

  it('resolves with an error when the backend is down', async () => {
    resetSupabase(down);
    expect((await sendContactMessage(m)).error).toBeTruthy();
  });
});

describe('previews', () => {
  it('lets the admin sign in, upload, and get an address that serves the bytes', async () => {
    const seen: (string | null)[] = [];
    const stop = onAuthChange((u) => seen.push(u?.email ?? null));
    await runtimeAdminAtAal2(MODULE_ADMIN);
    const user = await currentUser();
    expect(isAdmin(user)).toBe(true);
    const file = new Blob([pdfBytes('from the admin page')]); // no type: the module sets application/pdf
    const { publicUrl } = await uploadPreview(file, 'tests/module-upload.pdf');
    const res = await fetch(publicUrl);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes('from the admin page'));
    expect((await signOut()).error).toBeNull();
    expect(await currentUser()).toBeNull();
    stop();
    expect(seen).toContain(MODULE_ADMIN.email);
    expect(seen.at(-1)).toBeNull();
  });

  it('rejects an upload by a signed-in non-admin with the database’s reason', async () => {
    expect((await signIn(MEMBER.email, MEMBER.password)).error).toBeNull();
    expect(isAdmin(await currentUser())).toBe(false);
    await expect(uploadPreview(new Blob([pdfBytes('x')]), 'facebook-detox-preview.pdf')).rejects.toThrow('new row violates row-level security policy');
    await signOut();
  });

  it('rejects an upload by a visitor who is not signed in', async () => {
    await expect(uploadPreview(new Blob([pdfBytes('x')]), 'facebook-detox-preview.pdf')).rejects.toThrow('row-level security');
  });

  it('reports a wrong password as the sign-in error', async () => {
    expect((await signIn(ADMIN.email, 'wrong')).error).toBe('Invalid login credentials');
  });
});
