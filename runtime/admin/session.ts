// Who is signed in, for the admin router's loaders. The session itself (storage, refresh, sign-out)
// is supabase-js's; this only asks once per navigation, since a route and its layout load together.
import type { User } from '@supabase/supabase-js';
import { getSupabase } from '../backend/client.ts';
import { currentUser, isAdmin } from '../backend/previews.ts';

export type AdminSession = { state: 'signed-out' } | { state: 'signed-in'; user: User; admin: boolean };

let pending: Promise<AdminSession> | undefined;

/** The signed-in user as the server confirms it; loaders running together share one answer. */
export function adminSession(): Promise<AdminSession> {
  pending ??= currentUser()
    .catch(() => null)
    .then((user): AdminSession => (user ? { state: 'signed-in', user, admin: isAdmin(user) } : { state: 'signed-out' }))
    .finally(() => setTimeout(() => (pending = undefined), 0));
  return pending;
}

/**
 * Calls `onChange` when another tab signs in or out, or the session ends (a refresh fails):
 * supabase-js's own events. Returns the unsubscribe.
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
      const id = session?.user.id ?? null;
      if (last !== undefined && id !== last) onChange();
      last = id;
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => unsubscribe();
}

/** Whether the loaders should ask for data: only an admin's would come back with any. */
export async function signedInAdmin(): Promise<boolean> {
  const s = await adminSession();
  return s.state === 'signed-in' && s.admin;
}
