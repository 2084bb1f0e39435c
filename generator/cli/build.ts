// `npm run build [-- --format pretty|github|json] [--max-warnings N]`: validate, then prerender the
// whole site to dist/ (or OUT_DIR). Exit 0 built, 1 invalid pages (nothing written), 2 usage error or
// a failure of the build itself.
import { resolve } from 'node:path';
import { buildSite, ValidationError } from '../build.ts';
import { parseCli, runCli } from './args.ts';
import { report, REPORT_OPTIONS, reportOptions } from './report-options.ts';

await runCli('build', async () => {
  const opts = reportOptions(parseCli(process.argv.slice(2), REPORT_OPTIONS).values);
  const outDir = process.env.OUT_DIR ? resolve(process.env.OUT_DIR) : undefined;
  try {
    const r = await buildSite(process.cwd(), { outDir });
    const withIslands = r.pages.filter((p) => p.islands.length).length;
    return report(opts, r.warnings, r.texts, `✓ built ${r.pages.length} pages (${withIslands} with islands, ${r.pages.length - withIslands} without any script) in ${r.ms} ms`);
  } catch (e) {
    if (e instanceof ValidationError) return report(opts, e.diagnostics, e.texts, '');
    throw e;
  }
});
