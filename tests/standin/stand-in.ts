// Shared helpers for the stand-in tests: the stand-in started by
// global-setup.ts, and supabase-js clients for each kind of caller.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { inject } from 'vitest';
import { signLocalJwt } from '../../supabase/local/jwt.ts';

import { getSupabase } from '../../runtime/backend/client.ts';
import { signIn } from '../../runtime/backend/previews.ts';
import { ADMIN } from './users.ts';

export { ADMIN, AREA_ADMIN, LEAVER, MEMBER, MODULE_ADMIN, SECOND_ADMIN, TWO_DEVICES } from './users.ts';

/** Where the shared stand-in of global-setup.ts listens. */
export interface TestStandIn {
  url: string;
  anonKey: string;
}

export function testStandIn(): TestStandIn {
  return { url: inject('standInUrl'), anonKey: inject('anonKey') };
}

// supabase-js wants a WebSocket class at creation; Node 20 has none, and these
// tests never open a realtime channel.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the site');
  }
}
const realtime = { transport: NoRealtime as unknown as typeof WebSocket };

/** A client as the site builds it, without timers or storage that would outlive the test. */
export function client(standIn: TestStandIn, key = standIn.anonKey): SupabaseClient {
  return createClient(standIn.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime,
  });
}

export async function signedIn(standIn: TestStandIn, who: { email: string; password: string }): Promise<SupabaseClient> {
  const c = client(standIn);
  const { error } = await c.auth.signInWithPassword(who);
  if (error) throw error;
  return c;
}

/**
 * The admin signed in with the password, the session's token then raised to aal2 as a verified
 * code would raise it (same session, same user), without spending one of the factor's codes:
 * a code is accepted once, and the test files sign the admin in many times a minute. The real
 * enrol, challenge and verify flow is mfa.test.ts's.
 */
export async function adminAtAal2(standIn: TestStandIn, who: { email: string; password: string } = ADMIN): Promise<SupabaseClient> {
  const c = client(standIn);
  const { data, error } = await c.auth.signInWithPassword(who);
  if (error) throw error;
  await raiseToAal2(c, data.session.refresh_token, data.session.access_token);
  return c;
}

/** The site's own client (runtime/backend) signed in as an admin at aal2, as /admin would be after the code. */
export async function runtimeAdminAtAal2(who: { email: string; password: string }): Promise<void> {
  const { error } = await signIn(who.email, who.password);
  if (error) throw new Error(error);
  const c = await getSupabase();
  const { session } = (await c.auth.getSession()).data;
  await raiseToAal2(c, session!.refresh_token, session!.access_token);
}

/** Gives a signed-in client the aal2 token of its own session (see adminAtAal2). */
export async function raiseToAal2(c: SupabaseClient, refreshToken: string, accessToken: string): Promise<void> {
  const claims = decodeJwt(accessToken);
  const amr = [{ method: 'totp', timestamp: Math.floor(Date.now() / 1000) }, ...((claims.amr as unknown[]) ?? [])];
  const { error } = await c.auth.setSession({ access_token: await signLocalJwt({ ...claims, aal: 'aal2', amr }), refresh_token: refreshToken });
  if (error) throw error;
}

/** A client carrying a hand-made JWT (for claims no real user has). */
export async function withJwt(standIn: TestStandIn, claims: Record<string, unknown>, expiresIn = 3600): Promise<SupabaseClient> {
  const token = await signLocalJwt(claims, expiresIn);
  return createClient(standIn.url, standIn.anonKey, { accessToken: async () => token, realtime });
}

export const pdfBytes = (label: string) =>
  new TextEncoder().encode(`%PDF-1.4\n% ${label}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);

/** The browser's localStorage for the site's own client (runtime/backend) in node: stub it with vi.stubGlobal. */
export class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
}
