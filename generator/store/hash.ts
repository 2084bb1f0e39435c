// Content hashes for the build cache: of bytes, of values, of files and folders.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from './files.ts';

export const hashOf = (...parts: (string | Uint8Array)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('base64url');
};

/** A hash of plain data; key order counts, as it does in the output. */
export const hashValue = (value: unknown): string => hashOf(JSON.stringify(value) ?? 'undefined');

/** A hash of files and folders (every file under them, by path and content) of a project. */
export function filesHash(root: string, parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const part of parts) {
    const full = join(root, part);
    if (!existsSync(full)) {
      h.update(`${part}:absent\0`);
      continue;
    }
    const files = statSync(full).isDirectory() ? listFiles(full, () => true) : [full];
    for (const f of files) h.update(f.slice(root.length)).update('\0').update(readFileSync(f)).update('\0');
  }
  return h.digest('base64url');
}
