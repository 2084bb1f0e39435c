// The site's one supabase-js client. Created on first use, never at import,
// so prerendering in Node can import the backend modules without side
// effects, and loaded on first use, so a page's islands do not download
// supabase-js until a form needs it. The project's address and anon key are
// read from the page (<meta name="supabase-url"> and "supabase-anon-key",
// written by the build for the project it was built for), so no address or
// key is ever bundled into the scripts.
import type { SupabaseClient } from '@supabase/supabase-js';

interface BackendConfig {
  url: string;
  anonKey: string;
}

const meta = (name: string) => (typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || undefined);

/** The backend this page was built for. */
function backendConfig(): BackendConfig {
  const url = meta('supabase-url');
  const anonKey = meta('supabase-anon-key');
  if (!url || !anonKey) throw new Error('This page names no Supabase project (meta supabase-url / supabase-anon-key).');
  return { url: url.replace(/\/+$/, ''), anonKey };
}

// supabase-js asks for a WebSocket class when the client is made; Node 20
// has none. The site never opens a realtime channel, so a stub will do there.
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by this site.');
  }
}

let client: Promise<SupabaseClient> | undefined;
let override: BackendConfig | undefined;

export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { url, anonKey } = override ?? backendConfig();
    return createClient(url, anonKey, typeof WebSocket === 'undefined' ? { realtime: { transport: NoRealtime as unknown as typeof WebSocket } } : {});
  });
  return client;
}

/** Points the site at another backend (tests), or back at the configured one. */
export function resetSupabase(config?: BackendConfig): void {
  override = config;
  client = undefined;
}

/** The address of the backend this page talks to (the checkout webhook's is under it). */
export function backendUrl(): string {
  return (override ?? backendConfig()).url;
}
