// The second factor through supabase-js's MFA API against the stand-in, as /admin uses it: an
// admin signed in with the password alone (aal1) reads no row and uploads nothing, enrols a TOTP
// factor (QR code, secret, otpauth address), verifies a code computed from the secret and is then
// aal2 (tokens whose claims say so, kept across a refresh), when the database lets them read and
// upload. A wrong code and a code already used are refused; removing a factor needs aal2.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, pdfBytes, testStandIn, SECOND_ADMIN } from './stand-in.ts';

const standIn = testStandIn();
let admin: SupabaseClient;
let totp: TOTP;
let factorId = '';
/** The time step of the code last accepted: each code works once, later ones are taken from there. */
let lastStep = 0;

const claimsOf = async (c: SupabaseClient) => decodeJwt((await c.auth.getSession()).data.session!.access_token);

async function readsAndUpload(c: SupabaseClient) {
  const messages = await c.from('contact_messages').select('id', { count: 'exact' });
  const captures = await c.from('email_captures').select('id', { count: 'exact' });
  const upload = await c.storage.from('previews').upload(`tests/mfa-${Date.now()}.pdf`, pdfBytes('aal test'), { contentType: 'application/pdf' });
  return { messages: messages.data?.length ?? 0, captures: captures.data?.length ?? 0, uploadError: upload.error?.message ?? null };
}

async function verifyWith(code: string) {
  const { data: ch, error } = await admin.auth.mfa.challenge({ factorId });
  expect(error).toBeNull();
  return admin.auth.mfa.verify({ factorId, challengeId: ch!.id, code });
}

beforeAll(async () => {
  const anon = client(standIn);
  // At least one row in each table, so "no row" means refused, not empty.
  expect((await anon.rpc('send_contact_message', { p_first_name: 'Mfa', p_last_name: 'Test', p_email: 'mfa@example.com', p_subject: 'aal', p_message: 'x' })).error).toBeNull();
  expect((await anon.rpc('capture_starter_kit_email', { p_email: `mfa-${Date.now()}@example.com` })).error).toBeNull();
  admin = client(standIn);
  const { error } = await admin.auth.signInWithPassword(SECOND_ADMIN);
  expect(error).toBeNull();
});

describe('an admin without a factor (aal1)', () => {
  it('has the password in amr, aal1, and no next level', async () => {
    const claims = await claimsOf(admin);
    expect(claims).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    const { data } = await admin.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('reads no row of either table and cannot upload a preview, though the role is admin', async () => {
    expect((await claimsOf(admin)).app_metadata).toMatchObject({ role: 'admin' });
    const got = await readsAndUpload(admin);
    expect(got).toMatchObject({ messages: 0, captures: 0 });
    expect(got.uploadError).toMatch(/row-level security/);
  });
});

describe('enrolment and verification', () => {
  it('enrols: a QR code (SVG), the secret and its otpauth address, as Supabase Auth answers', async () => {
    const { data, error } = await admin.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Digital Detox' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data!.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(data!.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('Digital Detox');
    expect(decodeURIComponent(uri.pathname)).toContain(SECOND_ADMIN.email);
    factorId = data!.id;
    totp = new TOTP({ secret: Secret.fromBase32(data!.totp.secret) });
    // Unverified: listed among all factors, not among the usable ones.
    const { data: list } = await admin.auth.mfa.listFactors();
    expect(list!.all.map((f) => [f.id, f.status])).toEqual([[factorId, 'unverified']]);
    expect(list!.totp).toEqual([]);
  });

  it('refuses a wrong code with 422 mfa_verification_failed, and the session stays aal1', async () => {
    const right = totp.generate();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const { error } = await verifyWith(wrong);
    expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect((await claimsOf(admin)).aal).toBe('aal1');
  });

  it('verifies the right code: new tokens at aal2 with totp in amr, MFA_CHALLENGE_VERIFIED, the factor verified', async () => {
    const events: string[] = [];
    const { data: sub } = admin.auth.onAuthStateChange((e) => events.push(e));
    lastStep = TOTP.counter();
    const { data, error } = await verifyWith(totp.generate());
    sub.subscription.unsubscribe();
    expect(error).toBeNull();
    expect(data).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const claims = await claimsOf(admin);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(['totp', 'password']);
    const { data: aal } = await admin.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: list } = await admin.auth.mfa.listFactors();
    expect(list!.totp.map((f) => [f.id, f.status, f.friendly_name])).toEqual([[factorId, 'verified', 'Phone']]);
  });

  it('now reads both tables and uploads a preview', async () => {
    const got = await readsAndUpload(admin);
    expect(got.messages).toBeGreaterThan(0);
    expect(got.captures).toBeGreaterThan(0);
    expect(got.uploadError).toBeNull();
  });

  it('keeps aal2 across a token refresh', async () => {
    const { data, error } = await admin.auth.refreshSession();
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ aal: 'aal2' });
    expect((await readsAndUpload(admin)).messages).toBeGreaterThan(0);
  });

  it('refuses a code already used, then takes the next one', async () => {
    const used = totp.generate({ timestamp: lastStep * 30_000 });
    const again = await verifyWith(used);
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(again.error!.message).toMatch(/already used/);
    // One step of drift: the code of the next 30 seconds is accepted now.
    lastStep += 1;
    const next = await verifyWith(totp.generate({ timestamp: lastStep * 30_000 }));
    expect(next.error).toBeNull();
  });

  it('a new sign-in is aal1 again, with aal2 next, until a code is given', async () => {
    const other = client(standIn);
    expect((await other.auth.signInWithPassword(SECOND_ADMIN)).error).toBeNull();
    const { data } = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await readsAndUpload(other)).messages).toBe(0);
    // Removing the factor needs aal2; enrolling another too.
    const { error } = await other.auth.mfa.unenroll({ factorId });
    expect(error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const enrol = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Another phone' });
    expect(enrol.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
  });

  it('at aal2 removes the factor; the session is aal1 again on its next token', async () => {
    const { data, error } = await admin.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    const refreshed = await admin.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
    const { data: list } = await admin.auth.mfa.listFactors();
    expect(list!.all).toEqual([]);
  });
});
