// Which files the studio may read and write: page files under pages/ and site.config.yaml, nothing else.
// A name is checked as text first (relative, no `..`, a YAML page or the catalogue) and then on disk:
// the file itself must not be a symlink (dangling or not), and the real path of the folder it is or
// would be made in must still be inside pages/. The write itself never follows one (safe-write.ts).
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';

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
  if (isSymlink(full)) throw new Refused(file, 'a symlink (the studio never reads or writes through one)');
  const realRoot = realpathSync(root);
  if (!isPage) {
    if (existsSync(full) && realpathSync(full) !== join(realRoot, CATALOGUE)) throw new Refused(file, 'a symlink out of the project');
    return full;
  }
  const pagesDir = realpathSync(join(root, 'pages'));
  // The file, or the nearest folder of it that exists (a new page's folder may not exist yet).
  let probe = full;
  while (!existsSync(probe)) probe = dirname(probe);
  const real = realpathSync(probe);
  if (real !== pagesDir && !real.startsWith(pagesDir + sep)) throw new Refused(file, 'a symlink out of pages/');
  return full;
}

function isSymlink(full: string): boolean {
  try {
    return lstatSync(full).isSymbolicLink();
  } catch {
    return false; // nothing there
  }
}
