// A build for a real Supabase project: refused without that project's own anon key, and when it has
// one, nothing built holds the local stand-in's address or demo key.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../model/local-backend.ts';
import { copyProject } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const PROD_URL = 'https://abcdefghijklmnop.supabase.co';
const PROD_KEY = 'eyJhbGciOiJIUzI1NiJ9.production-anon-key-for-tests.signature';

let dir = '';
beforeAll(() => {
  dir = copyProject('prod-build-');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const build = (env: Record<string, string>) =>
  spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/build.ts'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, OUT_DIR: join(dir, 'out'), VITE_SUPABASE_ANON_KEY: '', ...env },
  });

function filesUnder(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const f = join(d, n);
    return statSync(f).isDirectory() ? filesUnder(f) : [f];
  });
}

describe('a production build', () => {
  it('is refused, with a message naming VITE_SUPABASE_ANON_KEY, when the key is missing or is the demo key', () => {
    const missing = build({ VITE_SUPABASE_URL: PROD_URL });
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toMatch(/^build: VITE_SUPABASE_ANON_KEY is not set/);
    const demo = build({ VITE_SUPABASE_URL: PROD_URL, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY });
    expect(demo.status).toBe(2);
    expect(demo.stderr).toContain('VITE_SUPABASE_ANON_KEY is the local stand-in’s demo key'.replace('’', "'"));
  });

  it('holds neither the stand-in’s address nor its key, and pages name the real project', () => {
    const r = build({ VITE_SUPABASE_URL: PROD_URL, VITE_SUPABASE_ANON_KEY: PROD_KEY });
    expect(r.status, r.stderr).toBe(0);
    const out = join(dir, 'out');
    const texts = filesUnder(out).filter((f) => /\.(js|mjs|html|css|json|xml|txt)$|_headers$/.test(f));
    expect(texts.some((f) => f.endsWith('.js'))).toBe(true);
    const leaks = texts.filter((f) => {
      const s = readFileSync(f, 'utf8');
      return s.includes('127.0.0.1:54321') || s.includes('localhost:54321') || s.includes(LOCAL_ANON_KEY);
    });
    expect(leaks.map((f) => f.slice(out.length))).toEqual([]);
    const pages = texts.filter((f) => f.endsWith('.html')).map((f) => readFileSync(f, 'utf8'));
    const withIslands = pages.filter((h) => h.includes('data-island='));
    expect(withIslands.length).toBeGreaterThan(0);
    for (const html of withIslands) {
      expect(html).toContain(`<meta name="supabase-url" content="${PROD_URL}"/>`);
      expect(html).toContain(`<meta name="supabase-anon-key" content="${PROD_KEY}"/>`);
    }
    // Pages that talk to no backend do not name one.
    for (const html of pages.filter((h) => !h.includes('data-island='))) expect(html).not.toContain('supabase-anon-key');
    expect(readFileSync(join(out, '_headers'), 'utf8')).toContain(`connect-src 'self' ${PROD_URL}`);
  }, 240_000);
});
