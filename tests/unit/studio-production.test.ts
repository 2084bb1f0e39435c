// The studio lives in `npm run dev` only: a production build holds nothing of it, and `npm start`
// answers /_studio with 404.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const PORT = Number(process.env.STUDIO_START_PORT ?? 5611);
let dir = '';
let child: ChildProcess | undefined;

function filesUnder(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const f = join(d, n);
    return statSync(f).isDirectory() ? filesUnder(f) : [f];
  });
}

beforeAll(() => {
  dir = copyProject('studio-prod-');
  cpSync(join(projectRoot, 'studio'), join(dir, 'studio'), { recursive: true });
});
afterAll(async () => {
  if (child && child.exitCode === null) await new Promise((r) => (child!.once('exit', r), child!.kill()));
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('a production build and npm start', () => {
  it('build output holds nothing of the studio', () => {
    const r = spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/build.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, OUT_DIR: join(dir, 'out') } });
    expect(r.status, r.stderr).toBe(0);
    const files = filesUnder(join(dir, 'out'));
    expect(files.filter((f) => /studio/i.test(f.slice(dir.length)))).toEqual([]);
    // The studio's code and styles: its API's address, its entry, its class names.
    const leaks = files.filter((f) => /\.(html|js|mjs|css|json|xml|txt)$/.test(f)).filter((f) => /_studio|studio\/main|studio-(?:editor|panel|section)/.test(readFileSync(f, 'utf8')));
    expect(leaks.map((f) => f.slice(dir.length))).toEqual([]);
  }, 600_000);

  it('npm start answers /_studio and its API with 404', async () => {
    child = spawn(process.execPath, [...TSX_LOADER, 'generator/cli/start.ts'], { cwd: dir, env: { ...process.env, OUT_DIR: join(dir, 'out'), PORT: String(PORT), NO_STANDIN: '1' } });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const end = Date.now() + 300_000;
    for (;;) {
      try {
        if ((await fetch(`http://localhost:${PORT}/`)).status === 200) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > end) throw new Error(output);
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const path of ['/_studio', '/_studio/', '/_studio/api/pages', '/_studio/preview?file=pages/index.yaml', '/studio/main.tsx']) {
      expect((await fetch(`http://localhost:${PORT}${path}`)).status, path).toBe(404);
    }
    const save = await fetch(`http://localhost:${PORT}/_studio/api/save`, { method: 'POST', headers: { 'content-type': 'application/json', origin: `http://localhost:${PORT}` }, body: '{}' });
    expect(save.status).toBeGreaterThanOrEqual(400);
  }, 600_000);
});
