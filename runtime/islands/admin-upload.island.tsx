// The admin's preview upload (spec decision 1). Signed out: an e-mail and password sign-in form
// (Supabase Auth). Signed in: who is signed in, 'Sign out', and the spec's upload screen. Whether the
// upload is allowed is decided by the database's storage policies, never by this page: a signed-in
// non-admin may try, and is shown the server's refusal.
import type { User } from '@supabase/supabase-js';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { currentUser, isAdmin, onAuthChange, signIn, signOut, uploadPreview } from '../backend/previews.ts';

interface AdminUploadProps {
  /** The destination path the field starts with. */
  defaultPath: string;
  /** Known preview file names, offered as suggestions for the path. */
  suggestions: string[];
  /** Shown above the upload form. */
  intro?: string;
}

const inputClass =
  'mt-1 block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-gray-900 shadow-sm focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-600/30';
const primaryButton =
  'rounded-xl bg-gradient-to-r from-violet-600 to-pink-600 px-6 py-3 font-bold text-white shadow hover:from-violet-700 hover:to-pink-700 disabled:cursor-not-allowed disabled:opacity-70';
const card = 'rounded-3xl border border-gray-200 bg-white p-6 shadow-xl sm:p-8';

type Auth = { state: 'checking' } | { state: 'signed-out' } | { state: 'signed-in'; user: User };

export default function AdminUpload({ defaultPath, suggestions, intro }: AdminUploadProps) {
  const [auth, setAuth] = useState<Auth>({ state: 'checking' });

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    const show = (user: User | null) => active && setAuth(user ? { state: 'signed-in', user } : { state: 'signed-out' });
    // The stored session (supabase-js keeps it across reloads), confirmed by the server.
    void currentUser()
      .catch(() => null)
      .then((user) => {
        show(user);
        if (active) unsubscribe = onAuthChange(show);
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);

  if (auth.state === 'checking') {
    return (
      <div className={card} role="status" data-testid="admin-checking">
        <p className="text-gray-700">Checking whether you are signed in…</p>
        <noscript><p className="mt-2 font-semibold text-gray-900">This page needs JavaScript to sign in and upload.</p></noscript>
      </div>
    );
  }
  if (auth.state === 'signed-out') return <SignInForm onSignedIn={(user) => setAuth({ state: 'signed-in', user })} />;
  return <UploadScreen user={auth.user} defaultPath={defaultPath} suggestions={suggestions} intro={intro} onSignedOut={() => setAuth({ state: 'signed-out' })} />;
}

function SignInForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorToast = useRef<string | number | undefined>(undefined);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    let result: { user: User | null; error: string | null };
    try {
      result = await signIn(email.trim(), password);
    } catch (err) {
      result = { user: null, error: err instanceof Error ? err.message : String(err) };
    }
    setBusy(false);
    if (result.error || !result.user) {
      const message = result.error || 'Please try again.';
      setError(message);
      errorToast.current = toast.error('Sign-in failed', { description: message });
      return;
    }
    if (errorToast.current !== undefined) toast.dismiss(errorToast.current);
    setPassword('');
    onSignedIn(result.user);
  };

  return (
    <section aria-labelledby="admin-sign-in-heading" className={`${card} mx-auto max-w-md`} data-testid="admin-sign-in">
      <h2 id="admin-sign-in-heading" className="text-2xl font-extrabold text-gray-900">Admin sign-in</h2>
      <p className="mt-2 text-gray-700">Only site administrators can upload preview PDFs. Sign in with your admin account.</p>
      <form onSubmit={onSubmit} className="mt-6 space-y-5">
        <div>
          <label htmlFor="admin-email" className="block text-sm font-semibold text-gray-800">Email</label>
          <input id="admin-email" type="email" required autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} className={inputClass} />
        </div>
        <div>
          <label htmlFor="admin-password" className="block text-sm font-semibold text-gray-800">Password</label>
          <input id="admin-password" type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={inputClass} />
        </div>
        {error && (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid="sign-in-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}

const PDF_MAGIC = '%PDF-';

async function looksLikePdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  return String.fromCharCode(...head) === PDF_MAGIC;
}

function UploadScreen({
  user,
  defaultPath,
  suggestions,
  intro,
  onSignedOut,
}: {
  user: User;
  defaultPath: string;
  suggestions: string[];
  intro?: string;
  onSignedOut: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [path, setPath] = useState(defaultPath);
  const [uploading, setUploading] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [publicUrl, setPublicUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const listId = useId();
  const admin = isAdmin(user);

  const onUpload = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    setFailure(null);
    if (!file) {
      toast.error('No file selected', { description: 'Please choose a PDF file first.' });
      return;
    }
    const target = path.trim().replace(/^\/+/, '');
    if (!target.endsWith('.pdf')) {
      toast.error('Invalid file name', { description: 'The path must end with .pdf' });
      return;
    }
    if (!(await looksLikePdf(file))) {
      toast.error('Not a PDF file', { description: 'Please choose a PDF file first.' });
      return;
    }
    setUploading(true);
    setPublicUrl(null);
    try {
      const { publicUrl: url } = await uploadPreview(file, target);
      setPublicUrl(url);
      toast.success('Upload successful', { description: 'Preview is now publicly accessible.' });
    } catch (err) {
      console.error('Uploading the preview failed:', err);
      const message = err instanceof Error && err.message ? err.message : 'Please try again.';
      setFailure(message);
      toast.error('Upload failed', { description: message });
    } finally {
      setUploading(false);
    }
  };

  const onSignOut = async () => {
    setSigningOut(true);
    const { error } = await signOut().catch((err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }));
    setSigningOut(false);
    if (error) {
      toast.error('Sign-out failed', { description: error });
      return;
    }
    onSignedOut();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-2xl border border-gray-200 bg-gray-50 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="admin-session">
        <p className="min-w-0 text-gray-800">
          Signed in as <strong className="break-all">{user.email}</strong>{' '}
          <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${admin ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}>
            {admin ? 'admin' : 'not an admin'}
          </span>
        </p>
        <button type="button" onClick={onSignOut} disabled={signingOut} className="shrink-0 rounded-xl border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-800 hover:bg-gray-100 disabled:opacity-70">
          Sign out
        </button>
      </div>

      <section aria-labelledby="admin-upload-heading" className={card} data-testid="admin-upload-form">
        <h2 id="admin-upload-heading" className="text-2xl font-extrabold text-gray-900">Upload a preview PDF</h2>
        {intro && <p className="mt-2 text-gray-700">{intro}</p>}
        {!admin && (
          <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            Only admins may upload previews. This account is not an admin, so the storage service will refuse the upload.
          </p>
        )}
        <form onSubmit={onUpload} className="mt-6 space-y-5">
          <div>
            <label htmlFor="admin-file" className="block text-sm font-semibold text-gray-800">PDF file</label>
            <input
              id="admin-file"
              type="file"
              accept="application/pdf,.pdf"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="mt-1 block w-full rounded-xl border border-dashed border-gray-400 bg-gray-50 p-3 text-sm text-gray-800 file:mr-4 file:rounded-lg file:border-0 file:bg-violet-100 file:px-4 file:py-2 file:font-semibold file:text-violet-900 hover:file:bg-violet-200"
            />
            {file && <p className="mt-1 text-sm text-gray-600">Size: {formatSize(file.size)}</p>}
          </div>
          <div>
            <label htmlFor="admin-path" className="block text-sm font-semibold text-gray-800">Destination path</label>
            <input id="admin-path" type="text" list={listId} value={path} onChange={(e) => setPath(e.target.value)} aria-describedby="admin-path-hint" spellCheck={false} autoCapitalize="off" className={`${inputClass} font-mono text-sm`} />
            <datalist id={listId}>
              {suggestions.map((s) => <option key={s} value={s} />)}
            </datalist>
            <p id="admin-path-hint" className="mt-1 text-sm text-gray-600">In the public <code>previews</code> bucket; must end with .pdf. A file already at this path is replaced.</p>
          </div>
          <button type="submit" disabled={uploading} className={`${primaryButton} w-full sm:w-auto`}>
            {uploading ? 'Uploading…' : 'Upload PDF'}
          </button>
        </form>

        {publicUrl && (
          <div className="mt-6 rounded-2xl border-2 border-emerald-500 bg-emerald-50 p-4" data-testid="upload-result">
            <p className="font-bold text-emerald-900">Upload successful. Public address:</p>
            <a href={publicUrl} target="_blank" rel="noopener noreferrer" className="mt-1 block break-all font-mono text-sm text-violet-800 underline" data-testid="public-url">
              {publicUrl}
            </a>
          </div>
        )}
        {failure && (
          <div role="alert" className="mt-6 rounded-2xl border-2 border-red-400 bg-red-50 p-4 text-red-900" data-testid="upload-error">
            <p className="font-bold">Upload failed: {failure}</p>
            {!admin && <p className="mt-1 text-sm">Only admins may upload previews, and {user.email} is not an admin account.</p>}
          </div>
        )}
      </section>
    </div>
  );
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
