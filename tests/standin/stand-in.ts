// Shared set-up for the stand-in tests: a stand-in on a free port with an
// in-memory database, and supabase-js clients for each kind of caller.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signLocalJwt } from '../../supabase/local/jwt.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';

export const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
export const MEMBER = { email: 'member@example.com', password: 'just-a-member-password' };

export async function startTestStandIn(): Promise<StandIn> {
  const standIn = await startStandIn({ port: 0, memory: true, quiet: true, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  await standIn.createUser(MEMBER.email, MEMBER.password);
  return standIn;
}

/** A client as the site builds it, without timers or storage that would outlive the test. */
export function client(standIn: StandIn, key = standIn.anonKey): SupabaseClient {
  return createClient(standIn.url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

export async function signedIn(standIn: StandIn, who: { email: string; password: string }): Promise<SupabaseClient> {
  const c = client(standIn);
  const { error } = await c.auth.signInWithPassword(who);
  if (error) throw error;
  return c;
}

/** A client carrying a hand-made JWT (for claims no real user has). */
export async function withJwt(standIn: StandIn, claims: Record<string, unknown>, expiresIn = 3600): Promise<SupabaseClient> {
  const token = await signLocalJwt(claims, expiresIn);
  return createClient(standIn.url, standIn.anonKey, { accessToken: async () => token });
}

export const pdfBytes = (label: string) =>
  new TextEncoder().encode(`%PDF-1.4\n% ${label}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
