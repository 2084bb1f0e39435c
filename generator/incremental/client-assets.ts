// The browser assets (Vite's client build), kept in the build cache by the hash of what they are
// made from (see clientInputs) and the VITE_ settings. A build whose inputs are unchanged reuses them.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../load.ts';
import type { ManifestChunk } from '../page-assets.ts';
import { filesHash, hashOf } from './hash.ts';

/**
 * What the client build reads. Tailwind's automatic source detection scans every file of the project
 * that git does not ignore (pages' YAML included), so all of those count, not only runtime/: the
 * project's top-level entries less node_modules, VCS folders and what .gitignore names.
 */
function clientInputs(root: string, outDir: string): string[] {
  const ignored = new Set(['node_modules', '.git', '.tmp', 'dist']);
  const gitignore = join(root, '.gitignore');
  if (existsSync(gitignore)) for (const line of readFileSync(gitignore, 'utf8').split('\n')) if (/^[\w.-]+\/?$/.test(line.trim())) ignored.add(line.trim().replace(/\/$/, ''));
  return readdirSync(root)
    .filter((name) => !ignored.has(name) && !name.endsWith('.log') && join(root, name) !== outDir && !outDir.startsWith(`${join(root, name)}/`))
    .sort();
}
/** Client builds kept (other output folders, a branch switched back and forth). */
const KEEP = 4;

export interface ClientAssets {
  /** The folder Vite wrote. */
  dir: string;
  manifest: Record<string, ManifestChunk>;
  /** Files to copy to the output folder, relative to `dir`. */
  files: string[];
  /** Whether Vite ran (false: reused). */
  built: boolean;
}

export async function clientAssets(root: string, cacheDir: string, outDir: string, opts: { quiet?: boolean; reuse?: boolean }): Promise<ClientAssets> {
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`);
  const key = hashOf(filesHash(root, clientInputs(root, outDir)), ...env).slice(0, 24);
  const base = join(cacheDir, 'client');
  const dir = join(base, key);
  let built = false;
  if (!opts.reuse || !existsSync(join(dir, '.vite/manifest.json'))) {
    const tmp = `${dir}.${process.pid}.tmp`;
    const { build } = await import('vite');
    await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: opts.quiet ? 'error' : 'warn', build: { outDir: tmp, emptyOutDir: true } });
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
  const files = listFiles(dir, () => true).map((f) => f.slice(dir.length + 1).split('\\').join('/'));
  return { dir, manifest, files, built };
}
