// A build into a folder that a running `npm start` serves, decided before anything is written: with no
// VITE_SUPABASE_URL it builds for the address the server serves with (and says so in one line); with an
// explicit address that differs it obeys, and warns, located at the server's record; never a word when
// they agree, when the server has stopped, or about the server's own build. A recorded real project
// without its anon key stops the build before the output folder is touched.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/build.ts';
import { buildBackend } from '../../generator/host/build-backend.ts';
import { backendMismatch, recordServing, servingRecordFile } from '../../generator/host/serving-record.ts';
import { formatReport } from '../../generator/report/report.ts';
import { LOCAL_SUPABASE_URL } from '../../model/local-backend.ts';
import { makeFixture, VALID_INDEX } from './fixture.ts';
import { otherServer } from './serving-process.ts';

const root = mkdtempSync(join(tmpdir(), 'backend-mismatch-'));
const out = join(root, 'dist');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MOVED = 'http://127.0.0.1:55999';
const DEFAULT = LOCAL_SUPABASE_URL;

// Each test says which address the build is given; the runner's own is put back afterwards.
const saved = { url: process.env.VITE_SUPABASE_URL, key: process.env.VITE_SUPABASE_ANON_KEY };
/** The address, its source, the line said and the warning given, undefined where there is none. */
const decided = (outDir: string) => {
  const b = buildBackend(root, outDir);
  return { url: b.url, from: b.from, note: b.note, warning: b.warning };
};
const setEnv = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));
beforeEach(() => {
  setEnv('VITE_SUPABASE_URL', undefined);
  setEnv('VITE_SUPABASE_ANON_KEY', undefined);
});
afterEach(() => {
  setEnv('VITE_SUPABASE_URL', saved.url);
  setEnv('VITE_SUPABASE_ANON_KEY', saved.key);
});

describe('a build while npm start serves the same folder', () => {
  it('with no address set, builds for the one the server serves with, and says so in one line', async () => {
    const server = await otherServer(root, out, MOVED);
    try {
      const b = decided(out);
      expect(b).toMatchObject({ url: MOVED, from: 'npm start' });
      expect(b.warning).toBeUndefined();
      expect(b.note).toContain(`Building for ${MOVED}`);
      expect(b.note).toContain(`process ${server.pid}`);
      expect(b.note).not.toContain('\n');
      // Another folder is not served: the default.
      expect(decided(join(root, 'elsewhere'))).toEqual({ url: DEFAULT, from: 'default', note: undefined, warning: undefined });
    } finally {
      await server.stop();
    }
    // A server that has stopped (here, without removing its record) serves nothing: the default again.
    expect(decided(out)).toEqual({ url: DEFAULT, from: 'default', note: undefined, warning: undefined });
  });

  it('with an address set that differs, obeys it and warns, naming both, where each comes from, and the record that holds the server’s', async () => {
    const server = await otherServer(root, out, MOVED);
    try {
      process.env.VITE_SUPABASE_URL = DEFAULT;
      const b = decided(out);
      expect(b).toMatchObject({ url: DEFAULT, from: 'VITE_SUPABASE_URL', note: undefined });
      const d = b.warning!;
      expect(d).toMatchObject({ name: 'BackendMismatch', severity: 'warning' });
      expect(d.message).toContain(`writes ${DEFAULT} (VITE_SUPABASE_URL)`);
      expect(d.message).toContain(`process ${server.pid}`);
      expect(d.message).toContain(`backend at ${MOVED}`);
      expect(d.file).toBe(servingRecordFile(root, out).slice(root.length + 1));
      expect(JSON.parse(readFileSync(join(root, d.file), 'utf8')).supabaseUrl).toBe(MOVED);
      const record = readFileSync(join(root, d.file), 'utf8').split('\n');
      expect(record[d.line - 1]!.slice(d.column - 1)).toMatch(/^"supabaseUrl"/);
      expect(formatReport([d], new Map())).toContain(`${d.file}:${d.line}:${d.column} `);
      // The same address: nothing to say.
      process.env.VITE_SUPABASE_URL = MOVED;
      expect(decided(out)).toEqual({ url: MOVED, from: 'VITE_SUPABASE_URL', note: undefined, warning: undefined });
      expect(backendMismatch(root, join(root, 'elsewhere'), DEFAULT, true)).toBeUndefined();
    } finally {
      await server.stop();
    }
  });

  it('says nothing about the process’s own record, and the record goes when the server stops', () => {
    const unrecord = recordServing(root, out, MOVED);
    expect(decided(out)).toEqual({ url: DEFAULT, from: 'default', note: undefined, warning: undefined });
    unrecord();
    expect(() => readFileSync(servingRecordFile(root, out))).toThrow();
  });

  it('stops before writing anything when the server serves a real project and no anon key is set, naming both', async () => {
    const site = makeFixture({ 'index.yaml': VALID_INDEX });
    const dist = join(site, 'dist');
    const server = await otherServer(site, dist, 'https://project.supabase.co');
    try {
      const build = buildSite(site, { outDir: dist, quiet: true, cacheDir: join(site, '.cache') });
      await expect(build).rejects.toThrow(/Building for https:\/\/project\.supabase\.co, the backend npm start \(process \d+\)[^\n]*\nVITE_SUPABASE_ANON_KEY is not set/);
      expect(existsSync(dist)).toBe(false);
    } finally {
      await server.stop();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
