// `npm run validate [-- <files…>] [--format pretty|github|json] [--max-warnings N] [--as-of <date>] [--verdicts]`:
// the CI entry. Validates and cross-checks every page, the site config, block completeness and the
// generated types (validateSite, as the studio's Publish does). Named files are checked against the
// whole site but only they are reported (a pre-commit hook); the site-wide errors too once the named
// files have none of their own. `--verdicts` also warns about experiments
// that have reached a verdict, read from a database (validate/experiment-verdicts.ts).
// Exit 0 valid (warnings allowed), 1 invalid, 2 usage error or a failure of the tool. Writes nothing.
// The validator's modules load only once the options are read: `--help` and a typo cost a fraction.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { CompileResult } from '../core/compile.ts';
import { isMailFile } from '../../model/newsletter.ts';
import { moment, parseCli, runCli, UsageError, type Command } from './args.ts';
import { report, REPORT_OPTIONS, reportOptions } from './report-options.ts';

const SITE_WIDE = new Set(['DuplicateRoute', 'FeaturedArticle']);

const VALIDATE: Command = {
  usage: 'npm run validate [-- <options>] [<file>…]',
  does: 'Checks every page, the site config, the blocks and the generated types, as CI and the studio\'s Publish do. Named files are checked against the whole site and only they are reported. Writes nothing. Exit 0 valid (warnings allowed), 1 invalid, 2 a usage error or a failure of the tool.',
  options: {
    ...REPORT_OPTIONS,
    'as-of': { type: 'string', value: '<date>', help: 'judge links to scheduled pages as of that moment' },
    verdicts: { type: 'boolean', help: 'also warn about experiments that reached a verdict (reads DATABASE_URL or the stopped stand-in\'s database)' },
  },
  positionals: true,
  env: {
    DATABASE_URL: 'the database --verdicts reads (default the local stand-in\'s, DATA_DIR)',
    VITE_SUPABASE_URL: 'the backend the site is built for: a hosted one needs site.config.yaml\'s mail.provider',
  },
  examples: ['npm run validate', 'npm run validate -- pages/about.yaml --format json'],
};

await runCli('validate', async () => {
  const { values, positionals } = parseCli(process.argv.slice(2), VALIDATE);
  const opts = reportOptions(values);
  // Drafts are validated too; the moment decides which links to scheduled pages are still early.
  const asOf = moment('as-of', values['as-of']);
  const root = process.cwd();
  const named = positionals.map((f) => {
    if (!existsSync(resolve(f))) throw new UsageError(`no such file: ${f}`);
    return relative(root, resolve(f)).split('\\').join('/');
  });
  const [{ blockComponents }, { supabaseUrl }, { isContentFile }, { validateSite }] = await Promise.all([
    import('../../runtime/render/render-page.tsx'),
    import('../host/backend-url.ts'),
    import('../core/load.ts'),
    import('../validate/validate-site.ts'),
  ]);
  const validation = await validateSite(root, { components: blockComponents, asOf, verdicts: values.verdicts === true, backendUrl: supabaseUrl() });
  const { result } = validation;
  let { diagnostics } = validation;
  // Named files: their own diagnostics, plus the errors that make the whole site invalid wherever they are
  // written (the config, the schemas and blocks, generated types, routes and the featured article), so a
  // hook never passes a change that breaks the site. Another file's warnings are not the named file's
  // business: they would only make a pre-commit hook's output noisy (and trip --max-warnings).
  // While a named file has errors of its own, only they are reported: an error elsewhere may be its
  // consequence (a page left out for its error makes site.config.yaml's product "have no page"), and
  // the exit is 1 either way; once the file is valid, what is really wrong elsewhere shows.
  if (named.length) {
    const own = diagnostics.filter((d) => named.includes(d.file));
    diagnostics = own.some((d) => d.severity === 'error') ? own : diagnostics.filter((d) => named.includes(d.file) || (d.severity === 'error' && (!isContentFile(d.file) || SITE_WIDE.has(d.name))));
  }
  const okLine = named.length
    ? `✓ ${named.length} file${named.length === 1 ? '' : 's'} valid against the whole site.${result.ok ? '' : ' Other pages have errors: `npm run validate` lists them.'}`
    : `✓ ${validCount(result)} pages valid (${result.site?.articles.length ?? 0} listed articles${unpublishedNote(result)})${mailsNote(result)}; generated types current.`;
  return report(opts, diagnostics, result.texts, okLine);
});

/** Every page checked, drafts and scheduled ones included. */
function validCount(result: CompileResult): number {
  const s = result.schedule;
  return (result.site?.pages.length ?? 0) + (s ? s.drafts.length + s.scheduled.length : 0);
}

/** Newsletters and the list's own mails, each checked (a newsletter's web version is among the pages too). */
function mailsNote(result: CompileResult): string {
  const mails = result.files.filter(isMailFile).length;
  return mails ? `, ${mails} mail${mails === 1 ? '' : 's'}` : '';
}

function unpublishedNote(result: CompileResult): string {
  const s = result.schedule;
  if (!s || (!s.drafts.length && !s.scheduled.length)) return '';
  return `; ${s.drafts.length} draft${s.drafts.length === 1 ? '' : 's'} and ${s.scheduled.length} scheduled, which a build leaves out`;
}
