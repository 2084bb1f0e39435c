// The file walk every part of the build shares: the pages, the schemas, public/, a cache folder.
// It sits at the bottom, in the store, so hashing a folder (hash.ts) and loading a site (core/load.ts)
// both use it without importing each other.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files under `dir` that `filter` takes, following symlinks. A link with no content at its end (to
 * nothing, or round in a loop) is no file, and a folder already being walked (a link back up) is not
 * walked again.
 */
export function listFiles(dir: string, filter: (name: string) => boolean): string[] {
  return walk(dir, filter, new Set());
}

/** `walking`: the real paths of the folders this one is inside. */
function walk(dir: string, filter: (name: string) => boolean, walking: ReadonlySet<string>): string[] {
  const found = folder(dir);
  if (!found || walking.has(found.real)) return [];
  const inside = new Set(walking).add(found.real);
  const out: string[] = [];
  for (const name of found.names) {
    const full = join(dir, name);
    const st = statOrNone(full);
    if (!st) continue;
    if (st.isDirectory()) out.push(...walk(full, filter, inside));
    else if (filter(name)) out.push(full);
  }
  return out;
}

/** A folder's real path and its names in order, or undefined when it is not there (none, or removed while it is walked). */
function folder(dir: string): { real: string; names: string[] } | undefined {
  if (!existsSync(dir)) return undefined;
  try {
    return { real: realpathSync(dir), names: readdirSync(dir).sort() };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** What stat says at the end of `full`'s links, or undefined when there is no end: none, or a loop. */
function statOrNone(full: string) {
  try {
    // Undefined for a symlink to nothing (or a file removed meanwhile).
    return statSync(full, { throwIfNoEntry: false });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw e;
  }
}

export const isYaml = (name: string) => /\.ya?ml$/.test(name);
