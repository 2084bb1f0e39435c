// A new PGlite database starts from a copy of an empty cluster made once, not from initdb: initdb, run in
// WebAssembly, is most of a new database's start (about 3 s of CPU, where loading the copy takes 1). The
// copy is PGlite's own dump of a cluster it had just made, before any statement (dumpDataDir, as its
// clone() does), kept under node_modules/.cache/pglite (or SITE_CACHE_DIR) and named by PGlite's version
// and the extensions loaded. Migrations then run on it as on any new database.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the empty cluster for this PGlite and these extensions is kept. */
export function emptyClusterFile(extensions: readonly string[]): string {
  const pglite = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..');
  const { version } = JSON.parse(readFileSync(join(pglite, 'package.json'), 'utf8')) as { version: string };
  const caches = process.env.SITE_CACHE_DIR ? resolve(process.env.SITE_CACHE_DIR) : join(REPO_ROOT, 'node_modules/.cache');
  return join(caches, 'pglite', `empty-${version}-${[...extensions].sort().join('+')}.tar`);
}

/** The empty cluster a new database is loaded from, or undefined when none is kept yet. */
export function emptyCluster(extensions: readonly string[]): Blob | undefined {
  const file = emptyClusterFile(extensions);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Keeps a cluster PGlite has just made, nothing run on it yet, as the one later databases start from. */
export async function keepEmptyCluster(db: PGlite, extensions: readonly string[]): Promise<void> {
  const file = emptyClusterFile(extensions);
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed: a process starting meanwhile finds the whole file or none.
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  renameSync(part, file);
}
