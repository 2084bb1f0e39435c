// A build into a folder that a running `npm start` serves warns, located, when it writes another backend
// address into the pages than the one the server's pages (and its stand-in) use; never when they agree,
// when the server has stopped, or for the server's own build.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backendMismatch, recordServing, servingRecordFile } from '../../generator/serving-record.ts';
import { formatReport } from '../../generator/report.ts';
import { otherServer } from './serving-process.ts';

const root = mkdtempSync(join(tmpdir(), 'backend-mismatch-'));
const out = join(root, 'dist');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MOVED = 'http://127.0.0.1:55999';
const DEFAULT = 'http://127.0.0.1:54321';

describe('a build while npm start serves the same folder', () => {
  it('warns when it writes another address, naming both, where each comes from, and the record that holds the server’s', async () => {
    const server = await otherServer(root, out, MOVED);
    try {
      const d = backendMismatch(root, out, DEFAULT, false)!;
      expect(d).toBeDefined();
      expect(d.severity).toBe('warning');
      expect(d.message).toContain(`writes ${DEFAULT} (the default: VITE_SUPABASE_URL is not set)`);
      expect(d.message).toContain(`process ${server.pid}`);
      expect(d.message).toContain(`backend at ${MOVED}`);
      expect(d.file).toBe(servingRecordFile(root, out).slice(root.length + 1));
      expect(JSON.parse(readFileSync(join(root, d.file), 'utf8')).supabaseUrl).toBe(MOVED);
      const record = readFileSync(join(root, d.file), 'utf8').split('\n');
      expect(record[d.line - 1]!.slice(d.column - 1)).toMatch(/^"supabaseUrl"/);
      expect(formatReport([d], new Map())).toContain(`${d.file}:${d.line}:${d.column} `);
      expect(backendMismatch(root, out, 'https://project.supabase.co', true)!.message).toContain('(VITE_SUPABASE_URL)');
      // The same address: nothing to say. Another folder: not served.
      expect(backendMismatch(root, out, MOVED, true)).toBeUndefined();
      expect(backendMismatch(root, join(root, 'elsewhere'), DEFAULT, false)).toBeUndefined();
    } finally {
      await server.stop();
    }
    // A server that has stopped (here, without removing its record) serves nothing.
    expect(backendMismatch(root, out, DEFAULT, false)).toBeUndefined();
  });

  it('says nothing about the process’s own record, and the record goes when the server stops', () => {
    const unrecord = recordServing(root, out, MOVED);
    expect(backendMismatch(root, out, DEFAULT, false)).toBeUndefined();
    unrecord();
    expect(() => readFileSync(servingRecordFile(root, out))).toThrow();
  });
});
