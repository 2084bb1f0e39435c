// Writes into the project that never follow a symlink: the studio's saves and `npm run new`. A
// symlink under pages/ (dangling or not, the file or a folder on its way) could otherwise make a write
// land outside the project. Each folder below the project's root is checked with lstat and made one
// at a time, then the file is opened with O_NOFOLLOW (and O_EXCL for a new one): a symlink put in the
// file's place after the check is refused by the kernel. O_NOFOLLOW covers the last part only, so a
// folder swapped for a symlink after the check would still be followed: once open, the file's real path
// (from /proc/self/fd on Linux, else its folder's real path, which leaves a narrower window) must be
// inside the project, or it is closed, a file just made by the open is removed, and nothing is written.
// The file is truncated only after that check, so a refused write has changed nothing outside.
import { closeSync, constants, ftruncateSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, realpathSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

export class WriteRefused extends Error {}

const where = (root: string, full: string) => relative(root, full).split(sep).join('/');

/**
 * What lstat says of a path, or undefined when nothing is there (not even a dangling symlink), or when
 * a part on its way is a file (the callers check each folder on the way first, and say so).
 */
export function lstatOrNone(full: string) {
  try {
    return lstatSync(full);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
}

function refuseLink(root: string, full: string): never {
  let target = '';
  try {
    target = ` (to ${readlinkSync(full)})`;
  } catch {
    // Gone meanwhile: the message names the path only.
  }
  throw new WriteRefused(`${where(root, full)} is a symlink${target}; files are never written through one. Remove it, or write to the file it points to.`);
}

/** A file's text, or null when there is none; a symlink there is refused, dangling or not. */
export function readIfFile(root: string, full: string): string | null {
  const st = lstatOrNone(full);
  if (!st) return null;
  if (st.isSymbolicLink()) refuseLink(root, full);
  return readFileSync(full, 'utf8');
}

/**
 * Writes `text` to `full` (inside `root`): `new` makes a file that must not exist yet, `replace` writes
 * over a regular file. The folders on the way are made as needed; none of them may be a symlink.
 */
export function writeNoFollow(root: string, full: string, text: string, mode: 'new' | 'replace'): void {
  const rel = relative(root, full);
  if (!rel || rel.startsWith('..') || rel.split(sep).includes('..')) throw new WriteRefused(`${full} is outside the project`);
  // Each folder from the root down: a real folder, or made now.
  let dir = root;
  for (const part of rel.split(sep).slice(0, -1)) {
    dir = `${dir}${sep}${part}`;
    const st = lstatOrNone(dir);
    if (!st) mkdirSync(dir);
    else if (st.isSymbolicLink()) refuseLink(root, dir);
    else if (!st.isDirectory()) throw new WriteRefused(`${where(root, dir)} is not a folder`);
  }
  const st = lstatOrNone(full);
  if (st?.isSymbolicLink()) refuseLink(root, full);
  if (mode === 'new' && st) throw new WriteRefused(`${where(root, full)} already exists; nothing written.`);
  if (st && !st.isFile()) throw new WriteRefused(`${where(root, full)} is not a file`);
  const flags = constants.O_WRONLY | constants.O_NOFOLLOW | (mode === 'new' ? constants.O_CREAT | constants.O_EXCL : 0);
  let fd: number;
  try {
    fd = openSync(full, flags, 0o666);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Something appeared or changed between the check and the open.
    if (code === 'ELOOP') refuseLink(root, full);
    if (code === 'EEXIST') throw new WriteRefused(`${where(root, full)} already exists; nothing written.`);
    if (code === 'ENOENT') throw new WriteRefused(`${where(root, full)} was removed meanwhile; nothing written.`);
    throw e;
  }
  try {
    const real = openedPath(fd, full);
    const realRoot = realpathSync(root);
    if (!real.startsWith(realRoot + sep)) {
      // O_EXCL made this file, so removing it removes nothing of anyone else's.
      if (mode === 'new') unlinkSync(real);
      throw new WriteRefused(`${where(root, full)} leads out of the project (a folder on its way became a symlink); nothing written.`);
    }
    ftruncateSync(fd, 0);
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}

/** Where the open file really is: what the kernel says of the descriptor, else its folder's real path. */
function openedPath(fd: number, full: string): string {
  try {
    return realpathSync(`/proc/self/fd/${fd}`);
  } catch {
    return join(realpathSync(dirname(full)), basename(full));
  }
}
