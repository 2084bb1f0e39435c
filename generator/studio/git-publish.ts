// Publishing from the studio: the whole site validated first, then only the chosen files committed on
// a new branch named for the change, pushed to `origin` when there is one, and the link that opens a
// pull request there (compare-link.ts).
//
// The commit is made beside the user's checkout, never in it: a temporary index is filled from the
// base commit plus the chosen files as they are on disk, written as a tree, committed with
// `commit-tree` and given a branch. The user's current branch, index and working tree are not touched
// at any moment, so there is nothing to restore and nothing a failure half-way could lose; a change
// outside pages/ and site.config.yaml stays exactly where it is, and is named in the answer.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../core/errors.ts';
import { validateSite } from '../validate/validate-site.ts';
import { formatReport } from '../report/report.ts';
import { compareLink } from './compare-link.ts';
import { changedFiles } from './git-changes.ts';
import { copyMarks, exampleSets, isDraftPage } from './example-copy.ts';
import { gitEnv, headText, repoAt, statusOf, type Repo } from './git-repo.ts';
import { editablePath, Refused } from './safe-path.ts';

export interface PublishRequest {
  files: string[];
  message: string;
}

export interface PublishContext {
  /** The block components, as the CLI's validate passes them (the studio reads them from its render entry). */
  components: readonly string[];
  /** The moment scheduled pages are judged at (the dev server's own). */
  asOf?: Date;
  /** The moment the branch is named for. */
  now?: Date;
}

export type PublishResult =
  | { ok: false; refused: string; errors?: Diagnostic[]; report?: string }
  | {
      ok: true;
      branch: string;
      base: string;
      commit: string;
      files: string[];
      pushed: boolean;
      /** Opens a pull request on the origin's host; null without origin or for an unknown host. */
      compareUrl: string | null;
      /** The exact command that pushes the branch, when the push failed. */
      retry?: string;
      /** git's own reason the push failed (its error lines, without the "Pushing to" line). */
      pushError?: string;
      /** Changed files outside pages/ and site.config.yaml: left as they were, not committed. */
      leftUntouched: string[];
    };

export async function publish(root: string, req: PublishRequest, ctx: PublishContext): Promise<PublishResult> {
  const message = typeof req.message === 'string' ? req.message.trim() : '';
  if (!message) return { ok: false, refused: 'Write a message that says what the change is.' };
  if (!Array.isArray(req.files) || !req.files.length) return { ok: false, refused: 'Choose at least one changed file to publish.' };
  const files = [...new Set(req.files)];
  for (const f of files) editablePath(root, f);

  const repo = await repoAt(root);
  const status = await statusOf(repo);
  const { pages, outside } = changedFiles(repo, status);
  const unchanged = files.filter((f) => !pages.some((c) => c.file === f));
  if (unchanged.length) throw new Refused(unchanged[0]!, 'it has no change since the last commit');

  // The same checks as `npm run validate` (validateSite): a page with an error, or still marked DRAFT: while
  // published, never reaches a branch.
  const asOf = ctx.asOf ?? new Date();
  // The site as the branch will hold it: a changed file left out of this publish is checked as the
  // last commit has it. (A new or removed file left out is still seen as it is on disk: the compile
  // reads the pages folder's listing.)
  const held = await heldTexts(repo, root, pages, files);
  const { result, diagnostics } = await validateSite(root, { components: ctx.components, asOf, texts: held });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  errors.push(...(await exampleCopyErrors(repo, root, files)));
  if (errors.length) return { ok: false, refused: `The site has ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing was committed.`, errors, report: formatReport(errors, result.texts) };

  const defaultBranch = await defaultBranchOf(repo);
  const toDefault = result.site?.site.studio?.publishToDefaultBranch === true;
  const branch = toDefault ? defaultBranch : await freeBranchName(repo, message, ctx.now ?? new Date());
  const base = (await repo.git.revparse([toDefault ? `refs/heads/${defaultBranch}` : 'HEAD'])).trim();
  const commit = await commitBeside(repo, root, base, files, message);
  if (toDefault) {
    // Moves the default branch only if nobody moved it meanwhile.
    await repo.git.raw(['update-ref', '-m', 'studio: publish', `refs/heads/${branch}`, commit, base]);
    // On that branch now: its index catches up for the published files (their text is on disk already).
    if (status.current === branch) await repo.git.raw(['reset', '-q', '--', ...files.map((f) => `:(top,literal)${repo.prefix}${f}`)]);
  } else {
    await repo.git.raw(['branch', '--no-track', branch, commit]);
  }

  const origin = (await repo.git.getRemotes(true)).find((r) => r.name === 'origin');
  let pushed = false;
  let pushError: string | undefined;
  if (origin) {
    try {
      await repo.git.push('origin', `refs/heads/${branch}:refs/heads/${branch}`);
      pushed = true;
    } catch (e) {
      pushError = pushReason(String((e as Error).message));
    }
  }
  const retry = origin && !pushed ? `git${resolve(root) === process.cwd() ? '' : ` -C ${shellQuote(root)}`} push origin ${branch}` : undefined;
  return {
    ok: true,
    branch,
    base: defaultBranch,
    commit,
    files,
    pushed,
    // The fetch address names the host people browse; a separate push address may be a mirror or a path.
    // A branch that did not reach origin has no pull request to open.
    compareUrl: origin && pushed && !toDefault ? (compareLink(origin.refs.fetch, defaultBranch, branch) ?? compareLink(origin.refs.push, defaultBranch, branch)) : null,
    ...(retry ? { retry, pushError } : {}),
    leftUntouched: outside,
  };
}

/** The last commit's text of each modified page left out of this publish, keyed by its full path. */
async function heldTexts(repo: Repo, root: string, pages: { file: string; kind: string }[], files: string[]): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  for (const c of pages) {
    if (files.includes(c.file) || c.kind !== 'modified') continue;
    const text = await headText(repo, c.file);
    if (text !== null) held.set(join(root, c.file), text);
  }
  return held;
}

/** Example copy from a palette block or a starter, new since the last commit, on a page that is not a
 *  draft (example-copy.ts), as errors. The validator cannot see it (the examples come from real pages);
 *  the studio can, as it knows what the last commit held. */
async function exampleCopyErrors(repo: Repo, root: string, files: string[]) {
  const sets = exampleSets(root);
  const errors = [];
  for (const f of files) {
    const full = join(root, f);
    if (!f.startsWith('pages/') || !existsSync(full)) continue;
    const text = readFileSync(full, 'utf8');
    if (isDraftPage(text)) continue;
    const marks = copyMarks(f, text, await headText(repo, f), sets).filter((d) => d.name === 'ExampleCopy');
    errors.push(...marks.map((d) => ({ ...d, severity: 'error' as const })));
  }
  return errors;
}

/** A commit of `base` with the chosen files as they are on disk, made in a temporary index. */
async function commitBeside(repo: Repo, root: string, base: string, files: string[], message: string): Promise<string> {
  const temporary = async (name: string) => resolve(root, (await repo.git.revparse(['--git-path', `${name}-${randomBytes(6).toString('hex')}`])).trim());
  const index = await temporary('studio-index');
  const messageFile = await temporary('studio-message');
  const git = repo.git.env(gitEnv({ GIT_INDEX_FILE: index }));
  try {
    await git.raw(['read-tree', base]);
    for (const f of files) {
      const path = `:(top,literal)${repo.prefix}${f}`;
      if (existsSync(join(root, f))) await git.raw(['add', '--', path]);
      else await git.raw(['rm', '--cached', '--quiet', '--ignore-unmatch', '--', path]);
    }
    const tree = (await git.raw(['write-tree'])).trim();
    // The message goes in a file: as an argument, one starting with `--upload-pack=` is refused by
    // simple-git's guard of options that run programs (git itself would take it as the text it is).
    writeFileSync(messageFile, message, { flag: 'wx' });
    return (await git.raw(['commit-tree', tree, '-p', base, '-F', messageFile])).trim();
  } finally {
    rmSync(index, { force: true });
    rmSync(messageFile, { force: true });
    // The env set above is the instance's own: back to the plain one for what follows.
    repo.git.env(gitEnv());
  }
}

/** origin's default branch when known, else main or master, else the current one. */
async function defaultBranchOf(repo: Repo): Promise<string> {
  const originHead = await repo.git.raw(['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']).catch(() => '');
  if (originHead.trim()) return originHead.trim().replace(/^origin\//, '');
  const local = await repo.git.branchLocal();
  for (const name of ['main', 'master']) if (local.all.includes(name)) return name;
  return local.current || 'main';
}

/** studio/<slug of the message>-<date>, with -2, -3… when that is taken here or on origin. */
async function freeBranchName(repo: Repo, message: string, now: Date): Promise<string> {
  const slug = message.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '') || 'change';
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const taken = new Set((await repo.git.branch(['--all'])).all.map((b) => b.replace(/^remotes\/origin\//, '')));
  const name = `studio/${slug}-${stamp}`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * What git said went wrong, from simple-git's error text: git's own lines (`ssh: Could not resolve
 * hostname github.com`, `fatal: …`), without the progress line "Pushing to <address>" that comes first.
 */
export function pushReason(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !/^(Pushing to|To) \S+$/.test(l));
  return lines.join('\n') || text.trim();
}

const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
