// The admin's second factor in the end-to-end tests: the code an authenticator app would show,
// computed with otpauth from the factor's secret. The secret is read from the local database (the
// e2e test control port), so it is right whether the admin has the seeded factor or one a test just
// enrolled; and since each code signs in once, the next code is one whose time step is later than
// the last one the factor accepted (waiting for it when need be).
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD } from '../../supabase/local/keys.ts';
import { dbQuery, submitAdminSignIn } from './helpers.ts';

const PERIOD_MS = 30_000;

export const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) });

/** A code for the admin's first verified factor that it has not accepted yet. */
export async function nextCode(email = LOCAL_ADMIN_EMAIL): Promise<string> {
  const [factor] = await dbQuery<{ secret: string; last_used_step: string | null }>(
    `select f.secret, f.last_used_step::text from auth.mfa_factors f join auth.users u on u.id = f.user_id
     where u.email = $1 and f.status = 'verified' order by f.created_at limit 1`,
    [email],
  );
  if (!factor) throw new Error(`${email} has no verified factor`);
  const step = Math.max(TOTP.counter(), Number(factor.last_used_step ?? -1) + 1);
  // One step of drift: a code of the next 30 seconds is accepted now, one further on is not yet.
  while (TOTP.counter() < step - 1) await new Promise((ok) => setTimeout(ok, 250));
  return totpOf(factor.secret).generate({ timestamp: step * PERIOD_MS });
}

/** Gives the code on the code form and waits until it is accepted. */
export async function giveCode(page: Page, code: string): Promise<void> {
  const form = page.getByTestId('admin-code');
  await form.getByLabel('6-digit code').fill(code);
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(form).toHaveCount(0);
}

/**
 * The factor forgets which time step it accepted last (as a developer could with psql), so the current
 * step's code is new to it: a test that is not about codes signs in at once instead of waiting up to
 * 30 s for a step no earlier sign-in has used. It also forgets the wrong codes it was given, which
 * the server limits (private.auth_limits: after five, even the right code waits): the test of wrong
 * codes must not keep every later sign-in out. The tests of reused codes do not call this.
 */
async function forgetUsedCodes(email: string): Promise<void> {
  await dbQuery(`update auth.mfa_factors f set last_used_step = null from auth.users u where u.id = f.user_id and u.email = $1`, [email]);
  await forgetWrongCodes(email);
}

/** The server forgets the wrong codes the admin's factors were given (private.auth_failures). */
export async function forgetWrongCodes(email = LOCAL_ADMIN_EMAIL): Promise<void> {
  await dbQuery(
    `delete from private.auth_failures where kind = 'totp'
       and key_hash in (select md5(f.id::text) from auth.mfa_factors f join auth.users u on u.id = f.user_id where u.email = $1)`,
    [email],
  );
}

/** The admin signs in: the password, then the code. */
export async function signInAdmin(page: Page, email = LOCAL_ADMIN_EMAIL, password = LOCAL_ADMIN_PASSWORD): Promise<void> {
  await submitAdminSignIn(page, email, password);
  await expect(page.getByTestId('admin-code')).toBeVisible();
  await forgetUsedCodes(email);
  await giveCode(page, await nextCode(email));
  await expect(page.getByTestId('admin-session')).toContainText(`Signed in as ${email}`);
}
