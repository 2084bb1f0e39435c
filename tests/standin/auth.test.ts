// GoTrue routes through supabase-js: the admin page's sign-in and sign-out.
import { describe, expect, it } from 'vitest';
import { signLocalJwt } from '../../supabase/local/jwt.ts';
import { client, signedIn, testStandIn, ADMIN, LEAVER, MEMBER, TWO_DEVICES } from './stand-in.ts';

const standIn = testStandIn();

describe('password sign-in', () => {
  it('gives the admin a session whose user carries app_metadata.role = admin', async () => {
    const c = client(standIn);
    const { data, error } = await c.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user).toMatchObject({ email: ADMIN.email, aud: 'authenticated', role: 'authenticated', app_metadata: { role: 'admin' } });
  });

  it('accepts the address in any case and with spaces', async () => {
    const { error } = await client(standIn).auth.signInWithPassword({ email: ` ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
    expect(error).toBeNull();
  });

  it('refuses a wrong password with invalid_credentials (400)', async () => {
    const { data, error } = await client(standIn).auth.signInWithPassword({ email: ADMIN.email, password: 'wrong' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('refuses an unknown address the same way', async () => {
    const { error } = await client(standIn).auth.signInWithPassword({ email: 'nobody@example.com', password: 'whatever' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });
});

describe('the signed-in user', () => {
  it('getUser answers from the server with the same user', async () => {
    const c = await signedIn(standIn, MEMBER);
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: MEMBER.email, app_metadata: { provider: 'email' } });
    expect(data.user?.app_metadata.role).toBeUndefined();
  });

  it('refreshSession rotates the refresh token, and the old one cannot be used again', async () => {
    const c = await signedIn(standIn, MEMBER);
    const first = (await c.auth.getSession()).data.session!;
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    const replay = await client(standIn).auth.refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const unknown = await client(standIn).auth.refreshSession({ refresh_token: 'nope' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('getUser with a JWT that names no user (the anon key) is refused with bad_jwt (403)', async () => {
    const { error } = await client(standIn).auth.getUser(standIn.anonKey);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });

  it('getUser with a forged JWT is refused (403)', async () => {
    const { error } = await client(standIn).auth.getUser(`${standIn.anonKey.slice(0, -4)}AAAA`);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('sign-out', () => {
  it('ends the session on the server: the old access token no longer gets the user', async () => {
    const c = await signedIn(standIn, LEAVER);
    const token = (await c.auth.getSession()).data.session!.access_token;
    const { error } = await c.auth.signOut();
    expect(error).toBeNull();
    expect((await c.auth.getSession()).data.session).toBeNull();
    const after = await client(standIn).auth.getUser(token);
    expect(after.data.user).toBeNull();
    expect(after.error?.name).toBe('AuthSessionMissingError');
  });

  it('a local sign-out leaves the other sessions of the same user alive', async () => {
    const a = await signedIn(standIn, TWO_DEVICES);
    const b = await signedIn(standIn, TWO_DEVICES);
    await a.auth.signOut({ scope: 'local' });
    expect((await b.auth.getUser()).error).toBeNull();
  });
});

describe('routes the stand-in does not serve', () => {
  it('answers an unknown auth path with 404, as GoTrue does', async () => {
    const res = await fetch(`${standIn.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: standIn.anonKey } });
    expect(res.status).toBe(404);
  });

  it('refuses sign-in with a wrong API key at the gateway (401)', async () => {
    const { error } = await client(standIn, 'not-a-key').auth.signInWithPassword(ADMIN);
    expect(error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('refuses an expired token with bad_jwt (403)', async () => {
    const expired = await signLocalJwt({ role: 'authenticated', sub: crypto.randomUUID() }, -10);
    const { error } = await client(standIn).auth.getUser(expired);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(error?.message).toContain('token is expired');
  });
});
