// Which files the studio may read and write: page files under pages/ and site.config.yaml, nothing else.
// A name is checked as text first (relative, no `..`, a YAML page or the catalogue) and then on disk:
// the real path of the file, or of the folder it would be made in, must still be inside pages/ (a
// symlink pointing out is refused).
import { existsSync, realpathSync } from 'node:fs';
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
