// Which files the studio may read and write: page files under pages/ and site.config.yaml, nothing else.
// A name is checked as text first (relative, no `..`, a YAML page or the catalogue) and then on disk:
// neither the file nor any folder on its way below the project may be a symlink (dangling or not),
// exactly what the write refuses (safe-write.ts), so a file the studio opens is one it can save.
import { isAbsolute, join } from 'node:path';
import { lstatOrNone } from '../guards/safe-write.ts';

export const CATALOGUE = 'site.config.yaml';

export class Refused extends Error {
  constructor(readonly file: string, reason: string) {
    super(`refused ${JSON.stringify(file)}: ${reason}`);
  }
}

/** The full path of an editable file named relative to the project, or a Refused error. */
export function editablePath(root: string, file: unknown): string {
  if (typeof file !== 'string' || !file) throw new Refused(String(file), 'no file named');
  if (file.includes('\0') || file.includes('\\') || isAbsolute(file) || /^[a-z]:/i.test(file)) throw new Refused(file, 'not a project-relative path');
  const parts = file.split('/');
  if (parts.some((p) => p === '..' || p === '.' || p === '')) throw new Refused(file, 'a path with "..", "." or an empty part');
  const isPage = parts[0] === 'pages' && parts.length > 1 && /\.ya?ml$/.test(file);
  if (!isPage && file !== CATALOGUE) throw new Refused(file, 'the studio edits page files under pages/ and site.config.yaml only');
  const full = join(root, ...parts);
  // The file and each folder on its way, from the project's root down.
  for (let i = 1; i <= parts.length; i++) {
    const st = lstatOrNone(join(root, ...parts.slice(0, i)));
    if (!st) break; // not made yet: neither is anything below it
    if (st.isSymbolicLink()) throw new Refused(file, `${parts.slice(0, i).join('/')} is a symlink (the studio never reads or writes through one)`);
  }
  return full;
}
