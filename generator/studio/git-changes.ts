// What the Changes view lists: every page file (pages/** and site.config.yaml) that differs from the
// last commit, whoever changed it (the studio, an editor, git itself), with its unified diff and the
// pages it affects. Files outside those are not the studio's to publish; they are named apart, so the
// marketer knows they are there and that the studio leaves them alone.
import type { StatusResult } from 'simple-git';
import { join } from 'node:path';
import type { Diagnostic } from '../core/errors.ts';
import { readIfFile } from '../guards/safe-write.ts';
import { copyMarks, exampleSets, isDraftPage } from './example-copy.ts';
import { headText, isPageFile, repoAt, siteName, statusOf, type Repo } from './git-repo.ts';

export type ChangeKind = 'modified' | 'added' | 'deleted' | 'untracked';

export interface AffectedPage {
  file: string;
  route: string;
  title: string;
}

export interface Change {
  file: string;
  kind: ChangeKind;
  /** The unified diff against HEAD (for an untracked file: against nothing). */
  diff: string;
  added: number;
  removed: number;
  affected: AffectedPage[];
  /** Copy not yet written: example copy new since the last commit, and DRAFT: texts (example-copy.ts). */
  marks: Diagnostic[];
  /** Whether the page says it is a draft (example copy may stay on it). */
  draft: boolean;
}

export interface Changes {
  changes: Change[];
  /** Changed files outside pages/ and site.config.yaml: never discarded or published by the studio. */
  outside: string[];
  branch: string | null;
}

/**
 * Which pages a file's change affects, given its text at HEAD (null: HEAD has no such file). The studio
 * computes it from the build's dependency data (affected-pages.ts, `affectedBy`); changes() only asks.
 */
export type AffectedBy = (file: string, head: string | null, kind: ChangeKind) => Promise<AffectedPage[]>;

const DIFF = ['--no-color', '--no-ext-diff', '--no-textconv', '--unified=3'];

export async function changes(root: string, affected: AffectedBy): Promise<Changes> {
  const repo = await repoAt(root);
  const status = await statusOf(repo);
  const out: Change[] = [];
  const sets = exampleSets(root);
  for (const { file, kind } of changedFiles(repo, status).pages) {
    const { diff, added, removed } = await diffOf(repo, file, kind);
    const head = kind === 'untracked' || kind === 'added' ? null : await headText(repo, file);
    const text = kind === 'deleted' || !file.startsWith('pages/') ? null : textOf(root, file);
    const marks = text === null ? [] : copyMarks(file, text, head, sets);
    out.push({ file, kind, diff, added, removed, affected: await affected(file, head, kind), marks, draft: text !== null && isDraftPage(text) });
  }
  return { changes: out, outside: changedFiles(repo, status).outside, branch: status.current };
}

/** The changed page files with their kind, and every other changed file, by site-relative name. */
export function changedFiles(repo: Repo, status: StatusResult): { pages: { file: string; kind: ChangeKind }[]; outside: string[] } {
  const pages: { file: string; kind: ChangeKind }[] = [];
  const outside: string[] = [];
  for (const f of status.files) {
    // A staged rename is two changes to the site: its old name gone, its new one added.
    const entries: [string, ChangeKind][] = f.from ? [[f.from, 'deleted'], [f.path, 'added']] : [[f.path, kindOf(f.index, f.working_dir)]];
    for (const [path, kind] of entries) {
      const file = siteName(repo, path);
      if (file !== null && isPageFile(file)) pages.push({ file, kind });
      else outside.push(file ?? `../${path}`);
    }
  }
  return { pages: pages.sort((a, b) => a.file.localeCompare(b.file)), outside: outside.sort() };
}

function kindOf(index: string, workingDir: string): ChangeKind {
  if (index === '?' || workingDir === '?') return 'untracked';
  if (index === 'D' || workingDir === 'D') return 'deleted';
  if (index === 'A') return 'added';
  return 'modified';
}

async function diffOf(repo: Repo, file: string, kind: ChangeKind): Promise<{ diff: string; added: number; removed: number }> {
  const path = `${repo.prefix}${file}`;
  if (kind === 'untracked') {
    // Against nothing: `git diff --no-index` exits 1 when the files differ, which they always do here.
    const diff = await repo.git.raw(['diff', ...DIFF, '--no-index', '--', '/dev/null', file]).catch((e: { message?: string }) => String(e.message ?? ''));
    const summary = await repo.git.diffSummary(['--no-index', '--', '/dev/null', file]).catch(() => undefined);
    return { diff, added: summary?.insertions ?? 0, removed: summary?.deletions ?? 0 };
  }
  const diff = await repo.git.diff([...DIFF, 'HEAD', '--', `:(top,literal)${path}`]);
  const summary = await repo.git.diffSummary(['HEAD', '--', `:(top,literal)${path}`]);
  return { diff, added: summary.insertions, removed: summary.deletions };
}

/** A changed page file's text, or null for one the studio does not read (a symlink: safe-write.ts). */
function textOf(root: string, file: string): string | null {
  try {
    return readIfFile(root, join(root, file));
  } catch {
    return null;
  }
}
