// A fingerprint of everything a build reads, so `npm start` rebuilds only when something changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { supabaseAnonKey, supabaseUrl } from './backend-url.ts';
import { clientInputsDigest } from '../client/cached-build.ts';
import { ToolCode } from '../store/code-graph.ts';
import { listFiles } from '../store/files.ts';
import { SCHEDULE_FILE, scheduleIsDue } from '../core/publication.ts';

/** The site's content; the code is the build's own, read from its import graph (code-graph.ts). */
const CONTENT = ['site.config.yaml', 'pages', 'newsletters', 'schemas', 'public', 'content'];

/** `backend`: the address and key the pages are built for (as build-backend.ts decided); `code`: the build's (its store's). */
export function buildHash(root: string, backend: { url: string; anonKey: string }, code = new ToolCode()): string {
  const h = createHash('sha256');
  h.update(code.codeDigest(new URL('../cli/build.ts', import.meta.url))).update(clientInputsDigest(root, code.memo));
  for (const input of CONTENT) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    const files = input.includes('.') ? [full] : listFiles(full, () => true);
    for (const f of files) h.update(f.slice(root.length)).update('\0').update(readFileSync(f));
  }
  // Pages show the build date ('Last updated', the footer year): a build from another day is stale.
  h.update(new Date().toISOString().slice(0, 10));
  h.update(`backend=${backend.url};key=${backend.anonKey}`);
  return h.digest('hex');
}

export const HASH_FILE = '.build-hash';

export function isBuildCurrent(root: string, outDir: string): boolean {
  const file = join(outDir, HASH_FILE);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== buildHash(root, { url: supabaseUrl(), anonKey: supabaseAnonKey() })) return false;
  // Same sources, but a scheduled page is now due, or the build was made `--as-of` a later moment.
  const schedule = join(outDir, SCHEDULE_FILE);
  return !existsSync(schedule) || !scheduleIsDue(readFileSync(schedule, 'utf8'), new Date());
}
