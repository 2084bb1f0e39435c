// The studio's one way into the user's git: simple-git over the git they already have (their config,
// their credentials, their hooks), never hand-parsed output. Paths git reports are relative to the
// repository's top folder; the site may live in a folder of it, so they are turned into the site's
// own project-relative names (as safe-path.ts names files) here, once.
import { simpleGit, type SimpleGit, type StatusResult } from 'simple-git';
import { CATALOGUE } from './safe-path.ts';

/** A file the studio may show, discard and publish: a page file under pages/, or the catalogue. */
export const isPageFile = (file: string) => file === CATALOGUE || (file.startsWith('pages/') && /\.ya?ml$/.test(file));

export interface Repo {
  git: SimpleGit;
  /** The site's folder inside the repository ('' at its top, else ending in '/'). */
  prefix: string;
}

/**
 * git at the site's root. No prompt ever waits for a password the studio cannot type (a push without
 * credentials fails at once and says so), and a hung remote is cut after `timeoutMs`.
 */
export async function repoAt(root: string, timeoutMs = 60_000): Promise<Repo> {
  const git = simpleGit({ baseDir: root, timeout: { block: timeoutMs }, unsafe: USERS_OWN, allowEnvironment: [...KEPT, ...OWN] }).env(gitEnv());
  const prefix = (await git.revparse(['--show-prefix'])).trim();
  return { git, prefix };
}

/**
 * The environment git runs in: the user's own, as in their terminal, so their ssh command, askpass,
 * proxy, certificates and identity reach a push and a commit; never an editor or a pager (nothing here
 * opens one), never a prompt, and no other GIT_ variable (a GIT_DIR left in the dev server's
 * environment must not point the studio at another repository). simple-git guards exactly these
 * variables, as they could run programs if they came from untrusted input; these come from the user
 * who started the dev server, so the ones kept are allowed by name.
 */
const KEPT = ['GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_PROXY_COMMAND', 'GIT_SSL_CAINFO', 'GIT_SSL_CAPATH', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL'];
const OWN = ['GIT_TERMINAL_PROMPT', 'GCM_INTERACTIVE', 'GIT_INDEX_FILE'];
const GUARDED = /^(GIT_.*|EDITOR|VISUAL|PAGER|PREFIX)$/i;

export function gitEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && (!GUARDED.test(k) || KEPT.includes(k))) env[k] = v;
  return { ...env, GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never', ...extra };
}
const USERS_OWN = { allowUnsafeSshCommand: true, allowUnsafeAskPass: true, allowUnsafeGitProxy: true, allowUnsafeConfigPaths: true };

/** The site-relative name of a path git reports, or null when it is outside the site's folder. */
export const siteName = (repo: Repo, path: string) => (path.startsWith(repo.prefix) ? path.slice(repo.prefix.length) : null);

/** `git status` with every untracked file listed one by one (not just its new folder). */
export const statusOf = (repo: Repo): Promise<StatusResult> => repo.git.status(['--untracked-files=all']);

/** Whether HEAD holds the file (false in a repository without a commit yet). */
export async function inHead(repo: Repo, file: string): Promise<boolean> {
  try {
    await repo.git.raw(['cat-file', '-e', `HEAD:${repo.prefix}${file}`]);
    return true;
  } catch {
    return false;
  }
}

/** The file's text at HEAD, or null when HEAD does not hold it. */
export async function headText(repo: Repo, file: string): Promise<string | null> {
  if (!(await inHead(repo, file))) return null;
  return repo.git.show([`HEAD:${repo.prefix}${file}`]);
}
