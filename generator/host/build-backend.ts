// The backend a build writes into its pages and _headers, decided before anything is written. Usually
// VITE_SUPABASE_URL or the stand-in's default (backend-url.ts). But when VITE_SUPABASE_URL is unset and
// a running `npm start` serves the output folder with another address (it was started with a moved
// VITE_SUPABASE_URL or SUPABASE_PORT), a plain `npm run build` builds for that address: writing the default would break
// every form of the running site ("Failed to fetch"), and nothing asked for the default. An address
// set explicitly is obeyed, with a located warning (BackendMismatch) that the running site's forms break.
import { BackendConfigError, checkBackendConfig, LOCAL_DEFAULT_URL, supabaseAnonKey, supabaseUrl } from './backend-url.ts';
import type { Diagnostic } from '../core/errors.ts';
import { backendMismatch, runningServer } from './serving-record.ts';

export interface BuildBackend {
  url: string;
  anonKey: string;
  /** Where the address comes from. */
  from: 'VITE_SUPABASE_URL' | 'default' | 'npm start';
  /** One line saying the address was taken from a running `npm start`, when it was. */
  note?: string;
  /** The running site's forms will break: an explicit address that is not the one it serves with. */
  warning?: Diagnostic;
}

/** The backend a build into `outDir` is for; throws BackendConfigError when it cannot be built for. */
export function buildBackend(root: string, outDir: string): BuildBackend {
  if (process.env.VITE_SUPABASE_URL) {
    checkBackendConfig();
    return { url: supabaseUrl(), anonKey: supabaseAnonKey(), from: 'VITE_SUPABASE_URL', warning: backendMismatch(root, outDir, supabaseUrl(), true) };
  }
  const server = runningServer(root, outDir);
  if (!server || server.supabaseUrl === LOCAL_DEFAULT_URL) {
    checkBackendConfig();
    return { url: supabaseUrl(), anonKey: supabaseAnonKey(), from: 'default' };
  }
  const url = server.supabaseUrl;
  const note = `Building for ${url}, the backend npm start (process ${server.pid}) serves this folder with: VITE_SUPABASE_URL is not set (set it to build for another).`;
  try {
    checkBackendConfig(url);
  } catch (e) {
    if (e instanceof BackendConfigError) throw new BackendConfigError(`${note}\n${e.message}`);
    throw e;
  }
  return { url, anonKey: supabaseAnonKey(), from: 'npm start', note };
}
