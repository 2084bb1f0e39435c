// What sits in front of the services: CORS for the site on another origin,
// the local keys, and paths no service answers.
import { describe, expect, it } from 'vitest';
import { verifyLocalJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from '../../supabase/local/keys.ts';
import { testStandIn } from './stand-in.ts';

const standIn = testStandIn();

describe('CORS', () => {
  it('answers a preflight for the headers supabase-js sends, from any origin', async () => {
    const headers = 'apikey, authorization, x-client-info, content-type, x-upsert, prefer, accept-profile, content-profile, cache-control, x-supabase-api-version';
    const res = await fetch(`${standIn.url}/storage/v1/object/previews/x.pdf`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:4173', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of headers.split(', ')) expect(allowed).toContain(h);
  });

  it('marks ordinary answers, errors included, as readable by any origin', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/email_captures?select=*`, { headers: { apikey: standIn.anonKey, origin: 'http://localhost:4173' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('keys', () => {
  it('the constant anon key is a valid anon JWT for the local secret, good for decades', async () => {
    const claims = await verifyLocalJwt(LOCAL_ANON_KEY);
    expect(claims.role).toBe('anon');
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now() + 20 * 365 * 24 * 3600 * 1000);
    expect(standIn.anonKey).toBe(LOCAL_ANON_KEY);
    expect(LOCAL_SUPABASE_URL).toBe('http://127.0.0.1:54321');
  });
});

describe('unknown paths', () => {
  it('answers a path outside its services as the gateway does (404)', async () => {
    const res = await fetch(`${standIn.url}/graphql/v2/hello`, { headers: { apikey: standIn.anonKey } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('answers an Edge Function it does not have as Supabase does (404)', async () => {
    const res = await fetch(`${standIn.url}/functions/v1/hello`, { headers: { apikey: standIn.anonKey } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Requested function was not found' });
  });
});
