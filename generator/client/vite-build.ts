// The client build's own process (see cached-build.ts): Vite's build, then each of its text files
// compressed beside it (.br and .gz). Done here, not by the build, because the build's main thread is
// busy compiling the site meanwhile: the assets' compression (pdf.js's worker alone is a second of
// brotli) runs on the other core, and a reused client build reuses its compressed files too.
// Usage: node --import tsx generator/client/vite-build.ts <outDir> <logLevel>
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type LogLevel } from 'vite';
import { listFiles } from '../store/files.ts';
import { compressBytes, qualityFor, shouldCompress } from '../stages/precompress.ts';
import { VITE_DONE } from './cached-build.ts';

const [outDir, logLevel = 'warn'] = process.argv.slice(2);
if (!outDir) throw new Error('usage: vite-build.ts <outDir> [logLevel]');
const root = process.cwd();
const out = resolve(outDir);
await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: logLevel as LogLevel, build: { outDir: out, emptyOutDir: true } });
// The build can render pages from here on (it reads the manifest and the stylesheet) while this compresses.
process.stdout.write(`${VITE_DONE}\n`);
for (const file of listFiles(out, () => true)) {
  const rel = relative(out, file).split('\\').join('/');
  if (rel.startsWith('.vite/')) continue;
  const data = readFileSync(file);
  if (!shouldCompress(rel, data.length)) continue;
  const { br, gz } = compressBytes(data, qualityFor(rel, data.length));
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz!);
}
