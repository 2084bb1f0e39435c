// `npm run pr-summary -- --base <ref>`: what a reviewer of a pull request reads first, as Markdown: the
// whole site's located report (the same compile and checks as `npm run validate`) and the pages the
// change affects, found the way the studio's Changes view finds them (affected-pages.ts, `affectedBy`: each
// changed page file's text at <ref> against the site as it is). Appended to $GITHUB_STEP_SUMMARY in
// GitHub Actions (the job's summary page), printed elsewhere. Exit 0 (validate is the check that fails
// a run), 2 for a usage error or an unknown <ref>.
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AffectedPage, ChangeKind } from '../studio/git-changes.ts';
import { parseCli, runCli, UsageError, type Command } from './args.ts';

const PR_SUMMARY: Command = {
  usage: 'npm run pr-summary -- --base <ref>',
  does: "Writes, as Markdown, a pull request's reviewer summary: the whole site's located report and the routes its page changes affect since <ref>. Appended to $GITHUB_STEP_SUMMARY in GitHub Actions, printed elsewhere.",
  options: { base: { type: 'string', value: '<ref>', help: 'what the pull request is compared with (required)' } },
  env: { GITHUB_STEP_SUMMARY: 'the run summary the Markdown is appended to (GitHub Actions sets it)' },
  examples: ['npm run pr-summary -- --base origin/main'],
};

await runCli('pr-summary', async () => {
  const { values } = parseCli(process.argv.slice(2), PR_SUMMARY);
  if (typeof values.base !== 'string' || !values.base) throw new UsageError('--base <ref> names what the pull request is compared with, e.g. --base origin/main');
  // The compiler's and git's modules load once the options are read: `--help` and a typo cost a fraction.
  const [{ blockComponents, renderPage }, { compileSite }, { staleTypesDiagnostics }, { formatReport }, { draftCompiler }, { isPageFile, repoAt, siteName }, { affectedBetween, affectedBy }] = await Promise.all([
    import('../../runtime/render/render-page.tsx'),
    import('../core/compile.ts'),
    import('../authoring/generate-types.ts'),
    import('../report/report.ts'),
    import('../studio/compile-draft.ts'),
    import('../studio/git-repo.ts'),
    import('../studio/affected-pages.ts'),
  ]);
  const root = process.cwd();
  const asOf = new Date();
  const repo = await repoAt(root);
  const base = values.base;
  try {
    await repo.git.revparse(['--verify', `${base}^{commit}`]);
  } catch {
    throw new UsageError(`no commit ${base} here (fetch it first: actions/checkout with fetch-depth: 0)`);
  }

  const result = compileSite(root, { components: blockComponents, asOf });
  const stale = existsSync(join(root, 'model')) ? await staleTypesDiagnostics(root) : [];
  const diagnostics = [...result.diagnostics, ...stale];
  const errors = diagnostics.filter((d) => d.severity === 'error').length;

  // The changed files since the point the branch left <ref> (three dots), as the pull request shows them.
  const diff = await repo.git.diffSummary(['--name-status', '--no-renames', `${base}...HEAD`]);
  // Assets and the backend answer alike before and after the change, so any stand-in values do here.
  const between = affectedBetween(renderPage, { assets: { css: [], scripts: [], always: [] }, supabaseUrl: 'http://127.0.0.1:54321', now: asOf });
  const compileDraft = draftCompiler(root);
  const affected = affectedBy(async (overlay) => compileDraft(overlay, blockComponents, asOf), async (now, next) => between(now, next));
  const pages = new Map<string, AffectedPage>();
  const files: string[] = [];
  for (const f of diff.files) {
    const file = siteName(repo, f.file);
    if (file === null || !isPageFile(file)) continue;
    files.push(file);
    const status = 'status' in f ? f.status : undefined;
    const kind: ChangeKind = status === 'A' ? 'added' : status === 'D' ? 'deleted' : 'modified';
    const head = kind === 'added' ? null : await repo.git.show([`${base}:${repo.prefix}${file}`]);
    for (const p of await affected(file, head, kind)) pages.set(p.route, p);
  }

  const out = [
    '## Site check',
    errors ? `✗ ${errors} error${errors === 1 ? '' : 's'}: this branch cannot be built until ${errors === 1 ? 'it is' : 'they are'} fixed.` : diagnostics.length ? `✓ Valid, with ${diagnostics.length} warning${diagnostics.length === 1 ? '' : 's'}.` : '✓ Valid.',
    ...(diagnostics.length ? ['', '```text', formatReport(diagnostics, result.texts).replace(/```/g, '`\u200b``'), '```'] : []),
    '',
    '## Pages this change affects',
    files.length ? `${files.length} page file${files.length === 1 ? '' : 's'} changed: ${files.map((f) => `\`${f}\``).join(', ')}.` : 'No page file or site.config.yaml changed.',
    ...(pages.size ? ['', '| route | page |', '|---|---|', ...[...pages.values()].sort((a, b) => a.route.localeCompare(b.route)).map((p) => `| \`${p.route}\` | ${(p.title || p.file).replace(/\|/g, '\\|')} |`)] : []),
    '',
  ].join('\n');
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, out);
  else process.stdout.write(out);
  return 0;
});
