// Malformed requests get the 4xx Supabase gives, in its shape, never a 500; no response body names a
// path on this machine or holds a stack. Raw HTTP, as a hostile client would send it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn } from '../../supabase/local/server.ts';
import { ADMIN, adminAtAal2, pdfBytes, testStandIn } from './stand-in.ts';

const standIn = testStandIn();

async function raw(path: string, init: RequestInit = {}, base = standIn.url) {
  const res = await fetch(`${base}${path}`, { ...init, headers: { apikey: standIn.anonKey, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, text, json: (() => { try { return JSON.parse(text) as Record<string, unknown>; } catch { return undefined; } })() };
}

/** Nothing a client should see of the machine: absolute paths, stack frames. */
function expectNoLeak(text: string) {
  expect(text).not.toMatch(/\/(work|home|tmp|usr|root)\//);
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(text).not.toContain(process.cwd());
}

describe('malformed requests', () => {
  it.each([
    ['REST, bad percent-encoding in the table', '/rest/v1/%zz', 'PGRST100'],
    ['REST, NUL in the table name', '/rest/v1/contact_messages%00', 'PGRST100'],
    ['REST, a control character in the table name', '/rest/v1/contact%01messages', 'PGRST100'],
    ['REST, bad percent-encoding in a function name', '/rest/v1/rpc/%E0%A4%A', 'PGRST100'],
  ])('%s → 400 in PostgREST’s shape', async (_what, path, code) => {
    const r = await raw(path);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code, hint: null });
    expect(typeof r.json?.message).toBe('string');
    expectNoLeak(r.text);
  });

  it.each([
    ['bad percent-encoding', '/storage/v1/object/public/previews/%zz.pdf'],
    ['NUL in the object name', '/storage/v1/object/public/previews/a%00b.pdf'],
  ])('Storage, %s → 400 in Storage’s shape', async (_what, path) => {
    const r = await raw(path);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expectNoLeak(r.text);
  });

  it('Auth, bad percent-encoding → 400 in GoTrue’s shape', async () => {
    const r = await raw('/auth/v1/user?x=%zz');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 400, error_code: 'validation_failed' });
  });

  it('an oversized body is 413, not "bad JSON"', async () => {
    const r = await raw('/rest/v1/rpc/capture_starter_kit_email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"p_email":"${'a'.repeat(10 * 1024 * 1024)}"}` });
    expect(r.status).toBe(413);
    expectNoLeak(r.text);
  });

  it('an object name over Storage’s 1,024 bytes is 400 InvalidKey, echoed short', async () => {
    const admin = await adminAtAal2(standIn);
    const { error } = await admin.storage.from('previews').upload(`${'n'.repeat(1100)}.pdf`, pdfBytes('long'), { contentType: 'application/pdf' });
    expect(error).toMatchObject({ statusCode: '400' });
    expect(error!.message.length).toBeLessThan(200);
  });
});

describe('on disk: a 300-character object name', () => {
  let dir = '';
  let disk: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'standin-disk-'));
    disk = await startStandIn({ port: 0, dataDir: dir, quiet: true, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  }, 120_000);
  afterAll(async () => {
    await disk?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is stored and served back, as Supabase would, and no answer names the data folder', async () => {
    const admin = await adminAtAal2({ url: disk.url, anonKey: disk.anonKey });
    const name = `${'p'.repeat(300)}.pdf`;
    const bytes = pdfBytes('three hundred');
    const { error } = await admin.storage.from('previews').upload(name, bytes, { contentType: 'application/pdf' });
    expect(error).toBeNull();
    const r = await fetch(`${disk.url}/storage/v1/object/public/previews/${name}`);
    expect(r.status).toBe(200);
    expect(new Uint8Array(await r.arrayBuffer())).toEqual(bytes);
    const missing = await raw(`/storage/v1/object/public/previews/${'q'.repeat(300)}.pdf`, {}, disk.url);
    expect(missing.status).toBe(400);
    expect(missing.text).not.toContain(dir);
  });
});
