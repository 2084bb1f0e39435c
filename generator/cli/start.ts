// `npm start`: build when the sources changed since the last build, start the local Supabase
// stand-in (unless VITE_SUPABASE_URL points elsewhere or NO_STANDIN=1), and serve dist/.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSite } from '../build.ts';
import { isBuildCurrent } from '../build-hash.ts';
import { readPort, startStaticServer } from '../serve.ts';
import { startLocalBackend } from './backend.ts';

const root = process.cwd();
// OUT_DIR lets several checkouts or test runs keep separate builds.
const dist = process.env.OUT_DIR ? resolve(root, process.env.OUT_DIR) : join(root, 'dist');
if (!isBuildCurrent(root, dist)) {
  console.log('Sources changed since the last build; building…');
  try {
    const r = await buildSite(root, { outDir: dist });
    console.log(`✓ built ${r.pages.length} pages in ${r.ms} ms`);
  } catch (e) {
    const err = e as Error;
    console.error(err.name === 'ValidationError' ? err.message : err);
    process.exit(1);
  }
} else if (existsSync(dist)) {
  console.log('dist/ is current; skipping the build.');
}

const backend = await startLocalBackend();
const port = readPort(process.env.PORT, 4173);
const host = process.env.HOST || undefined;
const server = await startStaticServer({ dir: dist, port, host });
console.log(`Site: http://${host ?? 'localhost'}:${port}`);

const stop = async () => {
  server.close();
  await backend?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
