// `npm run build [-- --format pretty|github|json] [--max-warnings N] [--as-of <date>]`: validate, then
// prerender the whole site to dist/ (or OUT_DIR), as of now or the given moment (drafts and pages
// scheduled later are left out; the next publication is printed and written to schedule.json).
// Incremental: only pages whose inputs changed are rendered again (`--clean` ignores the build cache).
// `--stats <file>` writes the phase timings, the pages rendered, each cache's entries reused and recomputed,
// and peak memory as JSON (the bench reads it), and prints the caches' counts.
// Exit 0 built, 1 invalid pages (nothing written), 2 usage error or a failure of the build itself.
import './production.ts';
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildSite, ValidationError } from '../build.ts';
import { SCHEDULE_FILE, scheduleSummary } from '../core/publication.ts';
import { moment, parseCli, runCli } from './args.ts';
import { report, REPORT_OPTIONS, reportOptions } from './report-options.ts';

await runCli('build', async () => {
  const { values } = parseCli(process.argv.slice(2), { ...REPORT_OPTIONS, 'as-of': { type: 'string' }, clean: { type: 'boolean' }, stats: { type: 'string' } });
  const opts = reportOptions(values);
  const asOf = moment('as-of', values['as-of']);
  const outDir = process.env.OUT_DIR ? resolve(process.env.OUT_DIR) : undefined;
  try {
    const r = await buildSite(process.cwd(), { outDir, asOf, clean: values.clean === true });
    // Peak resident memory of the whole process, worker threads included (they share it).
    const stats = { ms: r.ms, timings: r.timings, pages: r.pages.length, rendered: r.rendered.length, renderedBecause: r.renderedBecause, written: r.written.length, removed: r.removed.length, clientBuilt: r.clientBuilt, caches: r.caches, maxRssBytes: process.resourceUsage().maxRSS * 1024, renderedRoutes: r.rendered, writtenFiles: r.written, removedFiles: r.removed };
    if (typeof values.stats === 'string') writeFileSync(values.stats, JSON.stringify(stats, null, 2));
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
