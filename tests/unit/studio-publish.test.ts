// The studio's git core (generator/studio/git-*.ts) on a throwaway repository made from the minimal
// fixture site, whose origin is a bare repository on disk: what Changes lists, what Discard restores,
// and what Publish commits, pushes, refuses and leaves alone.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { blockComponents, renderPage } from '../../runtime/render/render-page.tsx';
import { affectedBetween, affectedBy } from '../../generator/studio/affected-pages.ts';
import { compileDraft } from '../../generator/studio/compile-draft.ts';
import { changes } from '../../generator/studio/git-changes.ts';
import { discard } from '../../generator/studio/git-discard.ts';
import { publish } from '../../generator/studio/git-publish.ts';
import { compareLink } from '../../generator/studio/compare-link.ts';
import { Refused } from '../../generator/studio/safe-path.ts';
import { applyEdits } from '../../generator/studio/yaml-edit.ts';
import { fixtureSite } from './fixture.ts';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const asOf = new Date();
const ctx = { components: blockComponents, asOf };

interface Repo {
  root: string;
  bare: string;
}

/** The minimal site committed on main, cloned to a bare origin that knows main as its default branch. */
function siteRepo(): Repo {
  const root = fixtureSite('minimal-site');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.name', 'Studio Test');
  git(root, 'config', 'user.email', 'studio@example.test');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'the site');
  const bare = join(mkdtempSync(join(tmpdir(), 'studio-origin-')), 'site.git');
  git(root, 'clone', '-q', '--bare', root, bare);
  git(root, 'remote', 'add', 'origin', bare);
  git(root, 'fetch', '-q', 'origin');
  git(root, 'remote', 'set-head', 'origin', 'main');
  return { root, bare };
}

const between = affectedBetween(renderPage, { assets: { css: [], scripts: [], always: [] }, supabaseUrl: 'http://127.0.0.1:54321', now: asOf });
const affected = (root: string) => affectedBy(async (overlay) => compileDraft(root, overlay, blockComponents, asOf), async (now, next) => between(now, next));

/** A line of the landing page with its text changed: one line of YAML. */
function editHeadline(root: string): { before: string; after: string } {
  const file = join(root, 'pages/index.yaml');
  const text = readFileSync(file, 'utf8');
  const line = text.split('\n').find((l) => /^\s+headline: /.test(l))!;
  const after = line.replace(/headline: .*/, 'headline: "A headline the studio published"');
  writeFileSync(file, text.replace(line, after));
  return { before: line, after };
}

/** What a diff adds and removes, its header lines left out. */
const changedLines = (diff: string) => diff.split('\n').filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l));

let repo: Repo;

describe('changes()', () => {
  beforeEach(() => {
    repo = siteRepo();
  });

  it('lists an edited page with its one-line diff and the page it affects', async () => {
    const { before, after } = editHeadline(repo.root);
    const { changes: list, outside } = await changes(repo.root, affected(repo.root));
    expect(list.map((c) => [c.file, c.kind, c.added, c.removed])).toEqual([['pages/index.yaml', 'modified', 1, 1]]);
    expect(changedLines(list[0]!.diff)).toEqual([`-${before}`, `+${after}`]);
    expect(list[0]!.affected.map((p) => p.route)).toContain('/');
    expect(outside).toEqual([]);
  });

  it('lists a new untracked page against nothing, and a file outside pages/ apart', async () => {
    const index = readFileSync(join(repo.root, 'pages/index.yaml'), 'utf8');
    writeFileSync(join(repo.root, 'pages/about.yaml'), index);
    writeFileSync(join(repo.root, 'notes.txt'), 'mine\n');
    const { changes: list, outside } = await changes(repo.root, affected(repo.root));
    expect(list.map((c) => [c.file, c.kind, c.added])).toEqual([['pages/about.yaml', 'untracked', index.trimEnd().split('\n').length]]);
    expect(list[0]!.affected.map((p) => p.route)).toEqual(['/about']);
    expect(outside).toEqual(['notes.txt']);
  });
});

describe('discard()', () => {
  beforeEach(() => {
    repo = siteRepo();
  });

  it('puts an edited file back as HEAD has it, and removes a new one', async () => {
    const original = readFileSync(join(repo.root, 'pages/index.yaml'), 'utf8');
    editHeadline(repo.root);
    writeFileSync(join(repo.root, 'pages/about.yaml'), original);
    expect(await discard(repo.root, 'pages/index.yaml')).toEqual({ file: 'pages/index.yaml', restored: 'head' });
    expect(readFileSync(join(repo.root, 'pages/index.yaml'), 'utf8')).toBe(original);
    expect(await discard(repo.root, 'pages/about.yaml')).toEqual({ file: 'pages/about.yaml', restored: 'removed' });
    expect(existsSync(join(repo.root, 'pages/about.yaml'))).toBe(false);
    expect(git(repo.root, 'status', '--porcelain')).toBe('');
  });

  it('refuses a file outside pages/ and site.config.yaml, and leaves it as it is', async () => {
    writeFileSync(join(repo.root, 'schemas/page.schema.json'), '{}');
    await expect(discard(repo.root, 'schemas/page.schema.json')).rejects.toThrow(Refused);
    await expect(discard(repo.root, '../outside.yaml')).rejects.toThrow(Refused);
    expect(readFileSync(join(repo.root, 'schemas/page.schema.json'), 'utf8')).toBe('{}');
  });

  it('refuses a symlink under pages/, and leaves it and its target alone', async () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'studio-outside-')), 'target.yaml');
    writeFileSync(outside, 'mine\n');
    symlinkSync(outside, join(repo.root, 'pages/linked.yaml'));
    await expect(discard(repo.root, 'pages/linked.yaml')).rejects.toThrow(/symlink/);
    expect(lstatSync(join(repo.root, 'pages/linked.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('mine\n');
  });
});

describe('publish()', () => {
  beforeEach(() => {
    repo = siteRepo();
  });

  it('commits the one edited line on a new branch in origin; main, the checkout and the working tree stay as they were', async () => {
    const { before, after } = editHeadline(repo.root);
    const mainBefore = git(repo.bare, 'rev-parse', 'main');
    const statusBefore = git(repo.root, 'status', '--porcelain');
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'New landing headline' }, ctx);
    if (!result.ok) throw new Error(result.refused);
    expect(result.pushed).toBe(true);
    expect(result.branch).toMatch(/^studio\/new-landing-headline-\d{8}-\d{4}$/);
    expect(git(repo.bare, 'rev-parse', 'main')).toBe(mainBefore);
    expect(git(repo.bare, 'rev-parse', `${result.branch}^`)).toBe(mainBefore);
    expect(git(repo.bare, 'rev-parse', result.branch)).toBe(result.commit);
    expect(git(repo.bare, 'log', '-1', '--format=%s', result.branch)).toBe('New landing headline');
    const diff = git(repo.bare, 'diff', '--no-color', 'main', result.branch);
    expect(changedLines(diff)).toEqual([`-${before}`, `+${after}`]);
    expect(git(repo.root, 'branch', '--show-current')).toBe('main');
    expect(git(repo.root, 'status', '--porcelain')).toBe(statusBefore);
    // A second publish of the same message gets a branch of its own.
    const again = await publish(repo.root, { files: ['pages/index.yaml'], message: 'New landing headline' }, { ...ctx, now: new Date(Date.parse(result.branch.slice(-13).replace(/^(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:00Z'))) });
    expect(again.ok && again.branch).toBe(`${result.branch}-2`);
  });

  it('refuses an invalid site, listing the error where it is, and commits nothing', async () => {
    const file = join(repo.root, 'pages/index.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('featured: instagram', 'featured: no-such-product'));
    const branches = git(repo.root, 'for-each-ref', '--format=%(refname)');
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'Broken' }, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors?.length).toBeGreaterThan(0);
    expect(result.errors!.every((e) => e.file === 'pages/index.yaml' && e.line > 0)).toBe(true);
    expect(result.report).toContain('no-such-product');
    expect(git(repo.root, 'for-each-ref', '--format=%(refname)')).toBe(branches);
    expect(git(repo.bare, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
  });

  it('checks the site as the branch will hold it: a broken file left out of the publish does not stop it', async () => {
    const { before, after } = editHeadline(repo.root);
    const config = join(repo.root, 'site.config.yaml');
    const broken = readFileSync(config, 'utf8').replace(/^(\s+price: ).*$/m, '$1"not a price"');
    writeFileSync(config, broken);
    const refused = await publish(repo.root, { files: ['pages/index.yaml', 'site.config.yaml'], message: 'Both' }, ctx);
    expect(!refused.ok && refused.errors?.some((e) => e.file === 'site.config.yaml')).toBe(true);
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'Headline only' }, ctx);
    if (!result.ok) throw new Error(result.report ?? result.refused);
    expect(changedLines(git(repo.bare, 'diff', '--no-color', 'main', result.branch))).toEqual([`-${before}`, `+${after}`]);
    expect(readFileSync(config, 'utf8')).toBe(broken);
  });

  it('refuses copy still marked DRAFT: on a published page', async () => {
    const file = join(repo.root, 'pages/index.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/headline: .*/, 'headline: "DRAFT: a headline"'));
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'Draft copy' }, ctx);
    expect(!result.ok && result.errors?.map((e) => e.name)).toContain('DraftCopy');
    expect(git(repo.bare, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
  });

  it('marks example copy left in a block added from the palette, and refuses to publish it on a published page', async () => {
    const file = join(repo.root, 'pages/index.yaml');
    const faq = JSON.parse(readFileSync(join(repo.root, 'schemas/blocks/faq.schema.json'), 'utf8')) as { examples: Record<string, unknown>[] };
    // As the palette adds a block: the schema's first example, as it is.
    writeFileSync(file, applyEdits(readFileSync(file, 'utf8'), [{ op: 'insert', path: ['sections'], index: 1, value: faq.examples[0] }]));
    const [change] = (await changes(repo.root, affected(repo.root))).changes;
    expect(change!.marks.length).toBeGreaterThan(0);
    expect(change!.marks.every((d) => d.name === 'ExampleCopy' && d.path.startsWith('sections[1]'))).toBe(true);

    const refused = await publish(repo.root, { files: ['pages/index.yaml'], message: 'FAQ' }, ctx);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors?.every((e) => e.name === 'ExampleCopy' && e.severity === 'error' && e.file === 'pages/index.yaml' && e.line > 0)).toBe(true);
    expect(git(repo.bare, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');

    // The same block on a new draft page is marked, and published.
    git(repo.root, 'checkout', '-q', '--', 'pages/index.yaml');
    writeFileSync(join(repo.root, 'pages/about.yaml'), applyEdits('draft: true\ntitle: "About"\ndescription: "About us."\nsections: []\n', [{ op: 'set', path: ['sections'], value: [faq.examples[0]] }]));
    const about = (await changes(repo.root, affected(repo.root))).changes.find((c) => c.file === 'pages/about.yaml')!;
    expect([about.draft, about.marks.length > 0]).toEqual([true, true]);
    const drafted = await publish(repo.root, { files: ['pages/about.yaml'], message: 'FAQ draft' }, ctx);
    expect(drafted.ok ? drafted.files : drafted.report).toEqual(['pages/about.yaml']);
  });

  it('does not mark copy the last commit already held, though it equals an example', async () => {
    const file = join(repo.root, 'pages/index.yaml');
    const faq = JSON.parse(readFileSync(join(repo.root, 'schemas/blocks/faq.schema.json'), 'utf8')) as { examples: Record<string, unknown>[] };
    writeFileSync(file, applyEdits(readFileSync(file, 'utf8'), [{ op: 'insert', path: ['sections'], index: 1, value: faq.examples[0] }]));
    git(repo.root, 'commit', '-q', '-am', 'a FAQ, written');
    editHeadline(repo.root);
    const [change] = (await changes(repo.root, affected(repo.root))).changes;
    expect(change!.marks).toEqual([]);
    expect((await publish(repo.root, { files: ['pages/index.yaml'], message: 'Headline' }, ctx)).ok).toBe(true);
  });

  it('neither commits nor touches a dirty file outside pages/, and names it', async () => {
    editHeadline(repo.root);
    writeFileSync(join(repo.root, 'notes.txt'), 'my own notes\n');
    const schema = join(repo.root, 'schemas/page.schema.json');
    writeFileSync(schema, `${readFileSync(schema, 'utf8')}\n`);
    const schemaText = readFileSync(schema, 'utf8');
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'Headline' }, ctx);
    if (!result.ok) throw new Error(result.refused);
    expect(result.leftUntouched).toEqual(['notes.txt', 'schemas/page.schema.json']);
    expect(git(repo.bare, 'diff', '--name-only', 'main', result.branch)).toBe('pages/index.yaml');
    expect(readFileSync(join(repo.root, 'notes.txt'), 'utf8')).toBe('my own notes\n');
    expect(readFileSync(schema, 'utf8')).toBe(schemaText);
  });

  it('keeps the commit when the push fails, and gives the command that retries it', async () => {
    git(repo.root, 'remote', 'set-url', 'origin', join(tmpdir(), 'no-such-origin', 'site.git'));
    editHeadline(repo.root);
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'Headline' }, ctx);
    if (!result.ok) throw new Error(result.refused);
    expect(result.pushed).toBe(false);
    expect(result.retry).toBe(`git -C ${repo.root} push origin ${result.branch}`);
    expect(result.pushError).toBeTruthy();
    expect(git(repo.root, 'rev-parse', result.branch)).toBe(result.commit);
    // The command given does push it, once origin is there.
    git(repo.root, 'remote', 'set-url', 'origin', repo.bare);
    execFileSync('sh', ['-c', result.retry!]);
    expect(git(repo.bare, 'rev-parse', result.branch)).toBe(result.commit);
  });

  it("says git's own reason when the push fails, and offers no pull request for a branch that is not on origin", async () => {
    // GitHub-style fetch address (a pull request link could be made), a push address nothing answers at.
    git(repo.root, 'remote', 'set-url', 'origin', 'git@github.com:acme/detox-site.git');
    git(repo.root, 'remote', 'set-url', '--push', 'origin', 'ssh://127.0.0.1:1/acme/detox-site.git');
    editHeadline(repo.root);
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'Headline' }, ctx);
    if (!result.ok) throw new Error(result.refused);
    expect(result.pushed).toBe(false);
    expect(result.compareUrl).toBeNull();
    // What git itself printed, as a person running `git push` sees it; not simple-git's "Pushing to" line.
    const own = execFileSync('sh', ['-c', `${result.retry!} 2>&1 || true`], { encoding: 'utf8' });
    const reason = own.split('\n').find((l) => /ssh:|fatal:/.test(l))!.trim();
    expect(result.pushError).toContain(reason);
    expect(result.pushError).not.toMatch(/^Pushing to/m);
  });

  it('publishes a message that starts with "--" as the text it is', async () => {
    editHeadline(repo.root);
    for (const message of ['--upload-pack=touch /tmp/studio-pwned', '--help']) {
      const result = await publish(repo.root, { files: ['pages/index.yaml'], message }, ctx);
      if (!result.ok) throw new Error(result.refused);
      expect(result.pushed).toBe(true);
      expect(git(repo.bare, 'log', '-1', '--format=%B', result.branch)).toBe(message);
    }
    expect(existsSync('/tmp/studio-pwned')).toBe(false);
  });

  it('commits on the default branch only when site.config.yaml allows it', async () => {
    const config = join(repo.root, 'site.config.yaml');
    writeFileSync(config, `${readFileSync(config, 'utf8')}studio:\n  publishToDefaultBranch: true\n`);
    git(repo.root, 'commit', '-q', '-am', 'allow publishing to main');
    git(repo.root, 'push', '-q', 'origin', 'main');
    editHeadline(repo.root);
    const result = await publish(repo.root, { files: ['pages/index.yaml'], message: 'Headline' }, ctx);
    if (!result.ok) throw new Error(result.refused);
    expect(result.branch).toBe('main');
    expect(git(repo.bare, 'rev-parse', 'main')).toBe(result.commit);
    expect(git(repo.root, 'status', '--porcelain')).toBe('');
  });
});

describe('compareLink()', () => {
  const cases: [string, string][] = [
    ['https://github.com/acme/site.git', 'https://github.com/acme/site/compare/main...studio/x-1?expand=1'],
    ['git@github.com:acme/site.git', 'https://github.com/acme/site/compare/main...studio/x-1?expand=1'],
    ['ssh://git@github.com/acme/site', 'https://github.com/acme/site/compare/main...studio/x-1?expand=1'],
    ['https://gitlab.com/acme/web/site.git', 'https://gitlab.com/acme/web/site/-/merge_requests/new?merge_request%5Bsource_branch%5D=studio/x-1&merge_request%5Btarget_branch%5D=main'],
    ['git@gitlab.example.com:acme/site.git', 'https://gitlab.example.com/acme/site/-/merge_requests/new?merge_request%5Bsource_branch%5D=studio/x-1&merge_request%5Btarget_branch%5D=main'],
    ['https://user@bitbucket.org/acme/site.git', 'https://bitbucket.org/acme/site/pull-requests/new?source=studio/x-1&dest=main'],
    ['git@bitbucket.org:acme/site.git', 'https://bitbucket.org/acme/site/pull-requests/new?source=studio/x-1&dest=main'],
    ['https://codeberg.org/acme/site.git', 'https://codeberg.org/acme/site/compare/main...studio/x-1'],
    ['ssh://git@forgejo.example.org:2222/acme/site.git', 'https://forgejo.example.org/acme/site/compare/main...studio/x-1'],
  ];
  it.each(cases)('%s', (remote, link) => expect(compareLink(remote, 'main', 'studio/x-1')).toBe(link));
  it('gives none for a local remote or an unknown host', () => {
    expect(compareLink('/srv/git/site.git', 'main', 'b')).toBeNull();
    expect(compareLink('https://git.example.com/acme/site.git', 'main', 'b')).toBeNull();
  });
});
