// Discarding one file's change: back to its text at HEAD, or removed when HEAD never had it. Only a
// page file or the catalogue (safe-path.ts refuses anything else, and a symlink), and only one that has
// a change, so a slip of the hand never touches the rest of the project.
import { unlinkSync } from 'node:fs';
import { changedFiles } from './git-changes.ts';
import { inHead, repoAt, statusOf } from './git-repo.ts';
import { editablePath, Refused } from './safe-path.ts';

export async function discard(root: string, file: unknown): Promise<{ file: string; restored: 'head' | 'removed' }> {
  const full = editablePath(root, file);
  const name = file as string;
  const repo = await repoAt(root);
  if (!changedFiles(repo, await statusOf(repo)).pages.some((c) => c.file === name)) throw new Refused(name, 'it has no change to discard');
  const path = `:(top,literal)${repo.prefix}${name}`;
  if (await inHead(repo, name)) {
    // Index and working tree both, so a change staged by hand is discarded too.
    await repo.git.raw(['checkout', 'HEAD', '--', path]);
    return { file: name, restored: 'head' };
  }
  // New since the last commit: staged (drop it from the index) or not, the file goes.
  await repo.git.raw(['rm', '--cached', '--quiet', '--ignore-unmatch', '--', path]);
  unlinkSync(full);
  return { file: name, restored: 'removed' };
}
