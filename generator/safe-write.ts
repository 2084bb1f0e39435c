// Writes into the project that never follow a symlink: the studio's saves and `npm run new`. A
// symlink under pages/ (dangling or not, the file or a folder on its way) could otherwise make a write
// land outside the project. Each folder below the project's root is checked with lstat and made one
// at a time, then the file is opened with O_NOFOLLOW (and O_EXCL for a new one), so a symlink put in
// its place between the check and the write is refused by the kernel, not followed.
import { closeSync, constants, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, writeSync } from 'node:fs';
import { relative, sep } from 'node:path';

export class WriteRefused extends Error {}

const where = (root: string, full: string) => relative(root, full).split(sep).join('/');

/** What lstat says of a path, or undefined when nothing is there (not even a dangling symlink). */
function lstatOrNone(full: string) {
  try {
    return lstatSync(full);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
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
  const flags = constants.O_WRONLY | constants.O_NOFOLLOW | (mode === 'new' ? constants.O_CREAT | constants.O_EXCL : constants.O_TRUNC);
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
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}
