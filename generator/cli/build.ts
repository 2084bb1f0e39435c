// `npm run build [-- --format pretty|github|json] [--max-warnings N] [--as-of <date>]`: validate, then
// prerender the whole site to dist/ (or OUT_DIR), as of now or the given moment (drafts and pages
// scheduled later are left out; the next publication is printed and written to schedule.json).
// Incremental: only pages whose inputs changed are rendered again (`--clean` ignores the build cache).
// `--stats <file>` writes the phase timings, the pages rendered, each cache's entries reused and recomputed,
// and peak memory as JSON (the bench reads it), and prints the caches' counts.
// Exit 0 built, 1 invalid pages (nothing written), 2 usage error or a failure of the build itself.
import './production.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { SCHEDULE_FILE, scheduleSummary } from '../core/publication.ts';
import { moment, parseCli, runCli, type Command } from './args.ts';
import { report, REPORT_OPTIONS, reportOptions } from './report-options.ts';

const BUILD: Command = {
  usage: 'npm run build [-- <options>]',
  does: 'Validates the site, then prerenders every published page to dist/ (or OUT_DIR), with the sitemap, feed, social cards and precompressed files. Only what changed is made again.',
  options: {
    ...REPORT_OPTIONS,
    'as-of': { type: 'string', value: '<date>', help: 'build the site as it will be at that moment (2026-12-01, or 2026-12-01T09:00:00+01:00)' },
    clean: { type: 'boolean', help: 'reuse no cache: a truly cold build, which refills the caches' },
    stats: { type: 'string', value: '<file>', help: 'write phase timings, cache reuse and peak memory as JSON, and print the caches\' counts' },
  },
  env: {
    OUT_DIR: 'the output folder (default dist)',
    SITE_CACHE_DIR: 'where every cache goes (default node_modules/.cache)',
    VITE_SUPABASE_URL: 'the Supabase project pages talk to (default the local stand-in)',
    VITE_SUPABASE_ANON_KEY: "that project's anon key (required for a hosted project)",
    EXPERIMENT_SECRET: 'without it, every visitor gets the control of an experiment (the build says so)',
  },
  examples: ['npm run build', 'npm run build -- --as-of 2026-12-01 --stats .tmp/build-stats.json'],
};

await runCli('build', async () => {
  const { values } = parseCli(process.argv.slice(2), BUILD);
  const opts = reportOptions(values);
  const asOf = moment('as-of', values['as-of']);
  const outDir = process.env.OUT_DIR ? resolve(process.env.OUT_DIR) : undefined;
  // The build's modules load once the options are read: `--help` and a typo cost a fraction.
  const { buildSite, ValidationError } = await import('../build.ts');
  try {
    const r = await buildSite(process.cwd(), { outDir, asOf, clean: values.clean === true });
    // Peak resident memory of the whole process, worker threads included (they share it).
    const stats = { ms: r.ms, timings: r.timings, pages: r.pages.length, rendered: r.rendered.length, renderedBecause: r.renderedBecause, written: r.written.length, removed: r.removed.length, clientBuilt: r.clientBuilt, caches: r.caches, maxRssBytes: process.resourceUsage().maxRSS * 1024, renderedRoutes: r.rendered, writtenFiles: r.written, removedFiles: r.removed };
    if (typeof values.stats === 'string') {
      // A fresh clone has no .tmp/: the folder named is made, as the build makes dist/.
      mkdirSync(dirname(resolve(values.stats)), { recursive: true });
      writeFileSync(values.stats, JSON.stringify(stats, null, 2));
    }
    const withIslands = r.pages.filter((p) => p.islands.length).length;
    const scheduleAt = relative(process.cwd(), join(outDir ?? join(process.cwd(), 'dist'), SCHEDULE_FILE));
    const built = `✓ built ${r.pages.length} pages (${withIslands} with islands, ${r.pages.length - withIslands} without islands) and ${Object.keys(r.mailBytes).length} mails in ${r.ms} ms${asOf ? ` as of ${r.schedule.builtAsOf}` : ''}; ${r.rendered.length} rendered, ${r.written.length} files written, ${r.removed.length} removed`;
    const caches = typeof values.stats === 'string' ? Object.entries(r.caches).map(([name, c]) => `\n  cache ${name}: ${c.reused} reused, ${c.recomputed} recomputed`).join('') : '';
    const backend = (r.backend.note ? `${r.backend.note}\n` : '') + (r.experimentNote ? `${r.experimentNote}\n` : '');
    return report(opts, r.warnings, r.texts, `${backend}${built}${caches}\n${scheduleSummary(r.schedule, scheduleAt)}`);
  } catch (e) {
    if (e instanceof ValidationError) return report(opts, e.diagnostics, e.texts, '');
    throw e;
  }
});
