// A site built for a hosted backend must say how its mail leaves: without site.config.yaml's `mail`
// every capture stays pending (the confirmation never goes) and is deleted after 30 days. Locally the
// stand-in's catcher takes every mail whatever the config says, so only a hosted backend is checked;
// whether its secret is set is the project's to know (supabase secrets list), not this machine's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../core/errors.ts';
import { locate, parseSource } from '../core/source.ts';
import { isLocalBackend } from '../host/backend-url.ts';

const CONFIG = 'site.config.yaml';

/** `backendUrl`: the Supabase project the site is built for (VITE_SUPABASE_URL). */
export function mailProviderDiagnostics(root: string, backendUrl: string): Diagnostic[] {
  let local: boolean;
  try {
    local = isLocalBackend(backendUrl);
  } catch {
    return []; // not an address: the build's own check (checkBackendConfig) says so
  }
  const file = join(root, CONFIG);
  if (local || !existsSync(file)) return [];
  const { source } = parseSource(CONFIG, readFileSync(file, 'utf8'));
  const mail = (source.data as { mail?: { provider?: unknown } | null } | null)?.mail;
  if (mail && typeof mail.provider === 'string' && mail.provider) return [];
  return [diagnostic('MailProviderMissing', locate(source, mail ? ['mail'] : [], { key: !!mail }), new URL(backendUrl).host)];
}
