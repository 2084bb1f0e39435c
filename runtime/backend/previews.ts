// The preview PDFs in the public `previews` bucket: the admin upload, and the
// admin sign-in it needs.
import type { User } from '@supabase/supabase-js';
import { getSupabase } from './client.ts';

const PREVIEWS_BUCKET = 'previews';

/**
 * Uploads (replacing any file at that path) a PDF; resolves to its public
 * address, or rejects with the server's own message (e.g. the row-level
 * security refusal a non-admin gets).
 */
export async function uploadPreview(file: Blob, path: string): Promise<{ publicUrl: string }> {
  const bucket = (await getSupabase()).storage.from(PREVIEWS_BUCKET);
  // A Blob is sent as multipart, where its own type is what Storage sees.
  const pdf = file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' });
  // Previews can be replaced, so shared caches keep them one minute only.
  const { error } = await bucket.upload(path, pdf, { upsert: true, contentType: 'application/pdf', cacheControl: '60' });
  if (error) throw new Error(error.message || 'Upload failed');
  return { publicUrl: bucket.getPublicUrl(path).data.publicUrl };
}

/**
 * Whether `path` is in the bucket (the previews'), asked through Storage's list endpoint: a missing file is
 * an empty list (200), where its public address would answer 400 and log an error in the console.
 */
export async function previewUploaded(bucket: string, path: string): Promise<boolean> {
  const slash = path.lastIndexOf('/');
  const [folder, name] = [path.slice(0, slash + 1), path.slice(slash + 1)];
  const { data, error } = await (await getSupabase()).storage.from(bucket).list(folder, { search: name, limit: 100 });
  return !error && (data ?? []).some((f) => f.name === name);
}

export async function signIn(email: string, password: string): Promise<{ user: User | null; error: string | null }> {
  const { data, error } = await (await getSupabase()).auth.signInWithPassword({ email, password });
  return { user: data.user, error: error ? error.message : null };
}

export async function signOut(): Promise<{ error: string | null }> {
  const { error } = await (await getSupabase()).auth.signOut();
  return { error: error ? error.message : null };
}

/** The signed-in user as the server confirms it, or null. */
export async function currentUser(): Promise<User | null> {
  const auth = (await getSupabase()).auth;
  if (!(await auth.getSession()).data.session) return null;
  const { data, error } = await auth.getUser();
  return error ? null : data.user;
}

/** Calls `cb` with the user on every sign-in, sign-out and refresh; returns the unsubscribe. */
export function onAuthChange(cb: (user: User | null) => void): () => void {
  let stopped = false;
  let unsubscribe = () => {
    stopped = true;
  };
  // The client loads on first use; subscribe as soon as it is there, unless already stopped.
  void getSupabase().then((supabase) => {
    if (stopped) return;
    const { data } = supabase.auth.onAuthStateChange((_event, session) => cb(session?.user ?? null));
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => unsubscribe();
}

/** Whether the user may upload; only a hint for the page, since the database decides. */
export function isAdmin(user: User | null): boolean {
  return user?.app_metadata?.role === 'admin';
}
