// The address that opens a pull (merge) request on the repository's host, from the `origin` remote's
// URL, so publishing needs no token: the marketer's browser is already signed in there. Written here
// rather than with a URL library because none covers Forgejo/Gitea's forms, and the rules are a few
// lines: https://host/owner/repo(.git), ssh://git@host[:port]/owner/repo(.git) and git@host:owner/repo(.git).

export type Forge = 'github' | 'gitlab' | 'bitbucket' | 'gitea';

/** host and repository path of a remote URL, or null for a local path or a form not recognised. */
export function parseRemote(url: string): { host: string; path: string } | null {
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(url);
  let host: string;
  let path: string;
  if (/^(https?|ssh|git\+ssh):\/\//.test(url)) {
    const u = new URL(url);
    host = u.hostname;
    path = decodeURIComponent(u.pathname);
  } else if (scp && !/^[a-z]:/i.test(url)) {
    host = scp[1]!;
    path = scp[2]!;
  } else return null;
  path = path.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  return path.includes('/') ? { host, path } : null;
}

/** The host's kind, by its name: the public ones and the usual names of self-hosted ones. */
export function forgeOf(host: string): Forge | null {
  if (host === 'github.com' || host.endsWith('.github.com')) return 'github';
  if (/(^|\.)gitlab\./.test(host)) return 'gitlab';
  if (host === 'bitbucket.org') return 'bitbucket';
  if (host === 'codeberg.org' || /(^|\.)(gitea|forgejo)\./.test(host)) return 'gitea';
  return null;
}

/** The link that opens a request to merge `branch` into `base`, or null for an unknown host or a local remote. */
export function compareLink(remoteUrl: string, base: string, branch: string): string | null {
  const remote = parseRemote(remoteUrl);
  const forge = remote && forgeOf(remote.host);
  if (!remote || !forge) return null;
  const repo = `https://${remote.host}/${remote.path}`;
  // Slashes stay: every host reads `studio/x` in the path as the branch's name.
  const b = encodeURIComponent(branch).replace(/%2F/g, '/');
  const t = encodeURIComponent(base).replace(/%2F/g, '/');
  switch (forge) {
    case 'github':
      return `${repo}/compare/${t}...${b}?expand=1`;
    case 'gitlab':
      return `${repo}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${b}&merge_request%5Btarget_branch%5D=${t}`;
    case 'bitbucket':
      return `${repo}/pull-requests/new?source=${b}&dest=${t}`;
    case 'gitea':
      return `${repo}/compare/${t}...${b}`;
  }
}
