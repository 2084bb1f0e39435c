// The browser assets (Vite's client build), kept in the build cache by the hash of what they are
// made from (see clientInputs) and the VITE_ settings. A build whose inputs are unchanged reuses them.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from '../load.ts';
import type { ManifestChunk } from '../page-assets.ts';
import { filesHash, hashOf } from './hash.ts';

/**
 * What the client build reads: the browser code (runtime/, and model/, which it imports), the files
 * Vite copies (public/), its config and the locked dependencies. The stylesheet scans only runtime/
 * for classes (`source(none)` in runtime/styles/site.css), so an edited page or article never
 * changes the CSS, and never makes every page render again.
 */
const CLIENT_INPUTS = ['runtime', 'model', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'generator/incremental/client-build.ts', 'generator/incremental/client-assets.ts', 'generator/precompress.ts'];
function clientInputs(root: string): string[] {
  return CLIENT_INPUTS.filter((name) => existsSync(join(root, name)));
}
/** Client builds kept (other output folders, a branch switched back and forth). */
const KEEP = 4;

export interface ClientAssets {
  /** The folder Vite wrote. */
  dir: string;
  manifest: Record<string, ManifestChunk>;
  /** Files to copy to the output folder, relative to `dir` (their .br and .gz, made with them, are beside them there). */
  files: string[];
  /** Whether Vite ran (false: reused). */
  built: boolean;
}

/**
 * Vite's client build and the compression of its files, in a child process (client-build.ts): the
 * site's compile is synchronous and would stall Vite's JavaScript half if they shared a thread, so the
 * two run side by side (see build.ts).
 */
function viteBuild(root: string, outDir: string, quiet?: boolean): Promise<void> {
  // tsx from this project's dependencies: the site folder (a test's fixture) may have none of its own.
  const args = ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./client-build.ts', import.meta.url)), outDir, quiet ? 'error' : 'warn'];
  return new Promise((resolvePromise, reject) => {
    // Always a production build: under another NODE_ENV (vitest sets "test") Vite compiles JSX for
    // development, which writes each component's absolute path into the bundle.
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        // Its warnings, as an in-process build would have printed them.
        if (output.trim()) process.stderr.write(output);
        resolvePromise();
      } else reject(new Error(`Vite's client build failed (exit ${code}):\n${output.trim()}`));
    });
  });
}

export async function clientAssets(root: string, cacheDir: string, outDir: string, opts: { quiet?: boolean; reuse?: boolean }): Promise<ClientAssets> {
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`);
  const key = hashOf(filesHash(root, clientInputs(root)), ...env).slice(0, 24);
  const base = join(cacheDir, 'client');
  const dir = join(base, key);
  let built = false;
  if (!opts.reuse || !existsSync(join(dir, '.vite/manifest.json'))) {
    const tmp = `${dir}.${process.pid}.tmp`;
    await viteBuild(root, tmp, opts.quiet);
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    built = true;
  } else {
    const now = new Date();
    utimesSync(dir, now, now);
  }
  // Older client builds go, the most recently used few stay.
  const others = readdirSync(base)
    .map((name) => ({ name, at: statSync(join(base, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .slice(KEEP);
  for (const o of others) if (!o.name.endsWith('.tmp')) rmSync(join(base, o.name), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const all = listFiles(dir, () => true).map((f) => f.slice(dir.length + 1).split('\\').join('/'));
  const made = new Set(all);
  // A file's .br and .gz travel with it (see client-build.ts).
  const files = all.filter((f) => !(/\.(br|gz)$/.test(f) && made.has(f.slice(0, -3))));
  return { dir, manifest, files, built };
}
