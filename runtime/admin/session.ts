// Who is signed in, for the admin router's loaders. The session itself (storage, refresh, sign-out)
// is supabase-js's; this only asks once per navigation, since a route and its layout load together.
// An admin's session counts only at aal2 (password, then a code): before that the layout asks for
// the code, or, with no factor yet, for enrolment, and no screen loads any data.
import type { User } from '@supabase/supabase-js';
import { getSupabase } from '../backend/client.ts';
import { currentUser, isAdmin } from '../backend/previews.ts';
import { assurance, type TotpFactor } from '../backend/second-factor.ts';

/** What an admin must still do before the admin data: nothing, enter a code, or enrol a factor first. */
export type SecondFactorStep = 'done' | 'code' | 'enrol';

export type AdminSession =
  | { state: 'signed-out' }
  | { state: 'signed-in'; user: User; admin: boolean; step: SecondFactorStep; factors: TotpFactor[] };

let pending: Promise<AdminSession> | undefined;

async function loadSession(): Promise<AdminSession> {
  const user = await currentUser().catch(() => null);
  if (!user) return { state: 'signed-out' };
  const admin = isAdmin(user);
  if (!admin) return { state: 'signed-in', user, admin, step: 'done', factors: [] };
  // Unreachable Auth: as when the user could not be confirmed, the sign-in form, never the data.
  const level = await assurance().catch(() => null);
  if (!level) return { state: 'signed-out' };
  const step: SecondFactorStep = level.current === 'aal2' ? 'done' : level.factors.length ? 'code' : 'enrol';
  return { state: 'signed-in', user, admin, step, factors: level.factors };
}

/** The signed-in user as the server confirms it; loaders running together share one answer. */
export function adminSession(): Promise<AdminSession> {
  pending ??= loadSession().finally(() => setTimeout(() => (pending = undefined), 0));
  return pending;
}

/** The assurance level a token's claims carry (the payload is base64url JSON). */
function tokenAal(token: string): string {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return String((JSON.parse(atob(payload)) as { aal?: unknown }).aal ?? '');
  } catch {
    return '';
  }
}

/**
 * Calls `onChange` when another tab signs in or out or gives the code, or the session ends (a
 * refresh fails): supabase-js's own events, which it also passes between tabs. Returns the unsubscribe.
 */
export function watchSession(onChange: () => void): () => void {
  let stop = false;
  let unsubscribe = () => {
    stop = true;
  };
  let last: string | null | undefined;
  void getSupabase().then((supabase) => {
    if (stop) return;
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      const id = session ? `${session.user.id} ${tokenAal(session.access_token)}` : null;
      if (last !== undefined && id !== last) onChange();
      last = id;
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => unsubscribe();
}

/** Whether the loaders should ask for data: only an admin's at aal2 would come back with any. */
export async function signedInAdmin(): Promise<boolean> {
  const s = await adminSession();
  return s.state === 'signed-in' && s.admin && s.step === 'done';
}
