// `npm run build`: validate, then prerender the whole site to dist/.
import { resolve } from 'node:path';
import { buildSite } from '../build.ts';

try {
  const outDir = process.env.OUT_DIR ? resolve(process.env.OUT_DIR) : undefined;
  const r = await buildSite(process.cwd(), { outDir });
  const withIslands = r.pages.filter((p) => p.islands.length).length;
  console.log(`✓ built ${r.pages.length} pages (${withIslands} with islands, ${r.pages.length - withIslands} without any script) in ${r.ms} ms`);
} catch (e) {
  const err = e as Error;
  console.error(err.name === 'ValidationError' ? err.message : err);
  process.exit(1);
}
