// The Supabase project pages are built for: VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or the local
// stand-in's address and key. A build for a real project must name its own key: the local demo key
// would ship to visitors and every form would fail.
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from '../../model/local-backend.ts';

/** The stand-in's address, the default when VITE_SUPABASE_URL is unset. */
export const LOCAL_DEFAULT_URL = LOCAL_SUPABASE_URL.replace(/\/+$/, '');

/**
 * VITE_SUPABASE_URL, else the local stand-in's address: on SUPABASE_PORT when that is set (the port
 * the stand-in's own command listens on, so one variable moves it for `npm start` and `npm run dev` too).
 */
export function supabaseUrl(): string {
  const port = process.env.SUPABASE_PORT?.trim();
  const local = port ? `http://127.0.0.1:${port}` : LOCAL_SUPABASE_URL;
  return (process.env.VITE_SUPABASE_URL || local).replace(/\/+$/, '');
}

export function isLocalBackend(url = supabaseUrl()): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** The anon key pages carry: the configured one, or the stand-in's for a local address. */
export function supabaseAnonKey(): string {
  return process.env.VITE_SUPABASE_ANON_KEY?.trim() || LOCAL_ANON_KEY;
}

export class BackendConfigError extends Error {
  override name = 'BackendConfigError';
}

/** Refuses a build for a real project without its own anon key. */
export function checkBackendConfig(url = supabaseUrl()): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackendConfigError(`VITE_SUPABASE_URL is not an address: ${JSON.stringify(url)}`);
  }
  if (isLocalBackend(url)) return;
  if (parsed.protocol !== 'https:') throw new BackendConfigError(`VITE_SUPABASE_URL must be an https address for a real project, got ${url}`);
  const key = process.env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!key) throw new BackendConfigError(`VITE_SUPABASE_ANON_KEY is not set: a build for ${url} needs that project's anon key (Supabase dashboard → Project Settings → API).`);
  if (key === LOCAL_ANON_KEY) throw new BackendConfigError(`VITE_SUPABASE_ANON_KEY is the local stand-in's demo key: a build for ${url} needs that project's own anon key.`);
}
