// The site's one supabase-js client. Created on first use, never at import,
// so prerendering in Node can import the backend modules without side
// effects, and loaded on first use, so a page's islands do not download
// supabase-js until a form needs it. Address and key come from the build (VITE_SUPABASE_URL,
// VITE_SUPABASE_ANON_KEY) and default to the local stand-in.
import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from '../../model/local-backend.ts';

interface BackendConfig {
  url: string;
  anonKey: string;
}

const nonEmpty = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The configured backend. Vite writes the two values into the bundle at build
 * time; outside Vite (prerender in Node, tests) `import.meta.env` is absent.
 */
function backendConfig(): BackendConfig {
  return {
    url: (nonEmpty(import.meta.env?.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL).replace(/\/+$/, ''),
    anonKey: nonEmpty(import.meta.env?.VITE_SUPABASE_ANON_KEY) ?? LOCAL_ANON_KEY,
  };
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
