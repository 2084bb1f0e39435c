// The browser assets (Vite's client build), kept in the build cache by the digest of what they are
// made from (clientInputsDigest), of the code that builds them, and of the VITE_ settings. A build whose
// inputs are unchanged reuses them.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from '../store/files.ts';
import type { ManifestChunk } from '../render/page-assets.ts';
import { ImportGraph, ImportMemo } from '../store/code-graph.ts';
import { filesHash, hashOf } from '../store/hash.ts';
import type { CacheAccess } from '../store/store.ts';
import { toolConfigsDigest } from './tool-configs.ts';

/**
 * What Vite's client build reads, found from its config rather than listed: vite.config.ts and every
 * file it names (the entries), with everything those import (model/ included); every file under the
 * folders the stylesheets scan for class names (their `@source` lines: runtime/), so an edited page or
 * article never changes the CSS; the folder Vite copies (`publicDir`); and the config files the tools
 * find on their own (tool-configs.ts: PostCSS, browserslist, Tailwind, tsconfig, .env).
 */
export function clientInputsDigest(root: string, memo = new ImportMemo()): string {
  const graph = new ImportGraph(root, memo);
  const config = graph.text('vite.config.ts');
  const named = [...config.matchAll(/['"]([\w./-]+\.(?:[cm]?[jt]sx?|css))['"]/g)].map((m) => m[1]!).filter((f) => existsSync(join(root, f)));
  const folders = [/publicDir:\s*['"]([^'"]+)['"]/.exec(config)?.[1] ?? 'public'];
  for (const css of named.filter((f) => f.endsWith('.css'))) {
    for (const m of graph.text(css).matchAll(/@source\s+['"]([^'"]+)['"]/g)) folders.push(relative(root, join(root, dirname(css), m[1]!)));
  }
  return hashOf(graph.digest(['vite.config.ts', ...named]), filesHash(root, [...new Set(folders)].sort()), toolConfigsDigest(root));
}
/** Client builds kept (other output folders, a branch switched back and forth). */
const KEEP = 4;

export interface ClientAssets {
  /** The folder Vite wrote (until `finish`, a new build's own folder). */
  dir: string;
  manifest: Record<string, ManifestChunk>;
  /** Whether Vite ran (false: reused). */
  built: boolean;
  /**
   * Waits for a new build's compression and moves it into the cache; then the folder and the files
   * to copy to the output folder, relative to it (their .br and .gz, made with them, beside them).
   */
  finish(): Promise<{ dir: string; files: string[] }>;
}

/** Printed by vite-build.ts once Vite has written its output (the compression follows). */
export const VITE_DONE = 'vite-build: vite done';

/**
 * The client build's environment. Always a production build: under another NODE_ENV (vitest sets
 * "test") Vite compiles JSX for development, which writes each component's absolute path into the
 * bundle. Never coloured: its output is piped into the build's, and Vite and Rolldown colour it
 * whenever CI is set, which put raw escape codes into CI's logs.
 */
export function viteBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' };
}

/**
 * Vite's client build and the compression of its files, in a child process (vite-build.ts): the
 * site's compile is synchronous and would stall Vite's JavaScript half if they shared a thread, so the
 * two run side by side (see build.ts). `written`: Vite's output is there (pages can render); `done`:
 * the compression too.
 */
function viteBuild(root: string, outDir: string, quiet?: boolean): { written: Promise<void>; done: Promise<void> } {
  // tsx from this project's dependencies: the site folder (a test's fixture) may have none of its own.
  // Vite is loaded first, before tsx's hooks are registered: through them, loading Vite's own modules
  // cost about half a second of CPU more per client build, with the same result.
  const args = ['--import', import.meta.resolve('vite'), '--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./vite-build.ts', import.meta.url)), outDir, quiet ? 'error' : 'warn'];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: viteBuildEnv(process.env) });
  let output = '';
  let markWritten: () => void = () => undefined;
  const written = new Promise<void>((resolve) => (markWritten = resolve));
  const done = new Promise<void>((resolvePromise, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes(VITE_DONE)) markWritten();
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      output = output.replace(`${VITE_DONE}\n`, '');
      if (code === 0) {
        // Its warnings, as an in-process build would have printed them.
        if (output.trim()) process.stderr.write(output);
        resolvePromise();
      } else reject(new Error(`Vite's client build failed (exit ${code}):\n${output.trim()}`));
    });
  });
  // A failure before Vite wrote anything is reported by `done`.
  return { written: Promise.race([written, done]), done };
}

/**
 * The client assets for this build: reused from the cache, or built now. Resolves once the manifest
 * can be read (pages can render); `finish` waits for the compression of a new build and gives the
 * files to copy.
 */
export async function clientAssets(root: string, { cacheDir, reuse, stats, code }: CacheAccess, outDir: string, opts: { quiet?: boolean }): Promise<ClientAssets> {
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`);
  // The inputs, the code that builds and compresses them, and the settings pages are built for.
  const key = hashOf(clientInputsDigest(root, code.memo), code.codeDigest(new URL('./vite-build.ts', import.meta.url)), ...env).slice(0, 24);
  const base = join(cacheDir, 'client');
  const dir = join(base, key);
  const filesOf = (from: string) => {
    const all = listFiles(from, () => true).map((f) => f.slice(from.length + 1).split('\\').join('/'));
    const made = new Set(all);
    // A file's .br and .gz travel with it (see vite-build.ts).
    return all.filter((f) => !(/\.(br|gz)$/.test(f) && made.has(f.slice(0, -3))));
  };
  const manifestIn = (from: string) => JSON.parse(readFileSync(join(from, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  if (reuse && existsSync(join(dir, '.vite/manifest.json'))) {
    const now = new Date();
    utimesSync(dir, now, now);
    stats.reused('client assets');
    return { dir, manifest: manifestIn(dir), built: false, finish: async () => ({ dir, files: filesOf(dir) }) };
  }
  // Built in a folder of its own and moved into place once complete, so a build that stops halfway
  // never leaves a client build a later one would reuse.
  const tmp = `${dir}.${process.pid}.tmp`;
  stats.recomputed('client assets');
  const vite = viteBuild(root, tmp, opts.quiet);
  await vite.written;
  const manifest = manifestIn(tmp);
  let finished: Promise<{ dir: string; files: string[] }> | undefined;
  const finish = () =>
    (finished ??= vite.done.then(() => {
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
      // Older client builds go, the most recently used few stay.
      const others = readdirSync(base)
        .map((name) => ({ name, at: statSync(join(base, name)).mtimeMs }))
        .sort((a, b) => b.at - a.at)
        .slice(KEEP);
      // (A folder still being built is another build's, unless it was left an hour ago by one that stopped.)
      for (const o of others) if (!o.name.endsWith('.tmp') || Date.now() - o.at > 3_600_000) rmSync(join(base, o.name), { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      return { dir, files: filesOf(dir) };
    }));
  return { dir: tmp, manifest, built: true, finish };
}
