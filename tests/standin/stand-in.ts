// Shared helpers for the stand-in tests: the stand-in started by
// global-setup.ts, and supabase-js clients for each kind of caller.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { signLocalJwt } from '../../supabase/local/jwt.ts';

export { ADMIN, LEAVER, MEMBER, TWO_DEVICES } from './users.ts';

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

/** A client carrying a hand-made JWT (for claims no real user has). */
export async function withJwt(standIn: TestStandIn, claims: Record<string, unknown>, expiresIn = 3600): Promise<SupabaseClient> {
  const token = await signLocalJwt(claims, expiresIn);
  return createClient(standIn.url, standIn.anonKey, { accessToken: async () => token, realtime });
}

export const pdfBytes = (label: string) =>
  new TextEncoder().encode(`%PDF-1.4\n% ${label}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
