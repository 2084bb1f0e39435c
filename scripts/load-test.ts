// Load and crash figures for the backend, through the stand-in on disk (PGlite, as `npm start` runs it):
//   npx tsx scripts/load-test.ts
// 1. 2,000 starter-kit captures at 50 concurrent and 500 contact messages at 25 concurrent: errors and
//    duplicates counted. 2. Three SIGKILLs of the stand-in mid-load: every capture the stand-in
//    acknowledged must be in the database after each restart. Prints figures; exits 1 if any is off.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_ANON_KEY } from '../model/local-backend.ts';

const PORT = 54_950;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'load-standin-'));

function startStandIn(): Promise<ChildProcess> {
  // One process (node with tsx's loader, not the tsx wrapper), so SIGKILL hits the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], { env: { ...process.env, SUPABASE_PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('stand-in did not start')), 120_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Supabase stand-in')) {
        clearTimeout(timer);
        ready(child);
      }
    });
    child.on('exit', (code) => fail(new Error(`stand-in exited ${code}: ${err.trim()}`)));
  });
}

const rpc = (fn: string, body: unknown) =>
  fetch(`${URL_BASE}/rest/v1/rpc/${fn}`, { method: 'POST', headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** Rows as the database owner sees them, through a second connection-free path: a fresh stand-in query. */
async function countRows(child: ChildProcess, table: string, like: string): Promise<number> {
  void child;
  const { startStandIn: start } = await import('../supabase/local/server.ts');
  const s = await start({ port: 0, dataDir, quiet: true });
  const { rows } = await s.query(`select count(*)::int as n, count(distinct email)::int as d from public.${table} where email like $1`, [like]);
  await s.close();
  const r = rows[0] as { n: number; d: number };
  if (r.n !== r.d) throw new Error(`${table}: ${r.n - r.d} duplicate rows`);
  return r.n;
}

const failures: string[] = [];
const run = `${Date.now()}`;

// 1. Load.
let standIn = await startStandIn();
let started = performance.now();
const captures = Array.from({ length: 2000 }, (_, i) => `load-${run}-${i}@example.com`);
let captureErrors = 0;
await pool(captures, 50, async (email) => {
  const res = await rpc('capture_starter_kit_email', { p_email: email }).catch(() => undefined);
  if (res?.status !== 200) captureErrors++;
  await res?.arrayBuffer();
});
const captureSeconds = (performance.now() - started) / 1000;
started = performance.now();
const messages = Array.from({ length: 500 }, (_, i) => i);
let messageErrors = 0;
await pool(messages, 25, async (i) => {
  const res = await rpc('send_contact_message', { p_first_name: 'Load', p_last_name: 'Test', p_email: `msg-${run}-${i}@example.com`, p_subject: `Load ${i}`, p_message: 'A message under load.' }).catch(() => undefined);
  if (res?.status !== 200) messageErrors++;
  await res?.arrayBuffer();
});
const messageSeconds = (performance.now() - started) / 1000;
standIn.kill('SIGTERM');
await new Promise((r) => standIn.once('exit', r));
const storedCaptures = await countRows(standIn, 'email_captures', `load-${run}-%`);
const storedMessages = await countRows(standIn, 'contact_messages', `msg-${run}-%`);
console.log(`captures: 2000 at 50 concurrent in ${captureSeconds.toFixed(1)} s, ${captureErrors} errors, ${storedCaptures} stored, 0 duplicates`);
console.log(`contact messages: 500 at 25 concurrent in ${messageSeconds.toFixed(1)} s, ${messageErrors} errors, ${storedMessages} stored, 0 duplicates`);
if (captureErrors || storedCaptures !== 2000) failures.push('captures under load');
if (messageErrors || storedMessages !== 500) failures.push('messages under load');

// 2. Kills: captures keep arriving; the stand-in dies by SIGKILL after a while, three times.
let lost = 0;
let acknowledgedTotal = 0;
for (let round = 0; round < 3; round++) {
  standIn = await startStandIn();
  const acknowledged: string[] = [];
  let i = 0;
  let dead = false;
  standIn.once('exit', () => (dead = true));
  setTimeout(() => standIn.kill('SIGKILL'), 1500 + round * 500);
  await pool(Array.from({ length: 20 }, (_, w) => w), 20, async (w) => {
    while (!dead) {
      const email = `kill-${run}-${round}-${w}-${i++}@example.com`;
      const res = await rpc('capture_starter_kit_email', { p_email: email }).catch(() => undefined);
      if (res?.status === 200) acknowledged.push(email);
      await res?.arrayBuffer().catch(() => undefined);
    }
  });
  await new Promise((r) => setTimeout(r, 200));
  const { startStandIn: start } = await import('../supabase/local/server.ts');
  const s = await start({ port: 0, dataDir, quiet: true });
  const { rows } = await s.query(`select email from public.email_captures where email like $1`, [`kill-${run}-${round}-%`]);
  await s.close();
  const stored = new Set((rows as { email: string }[]).map((r) => r.email));
  const missing = acknowledged.filter((e) => !stored.has(e)).length;
  lost += missing;
  acknowledgedTotal += acknowledged.length;
  console.log(`SIGKILL ${round + 1}: ${acknowledged.length} acknowledged before the kill, ${missing} lost`);
}
console.log(`over 3 SIGKILLs: ${acknowledgedTotal} acknowledged, ${lost} lost`);
if (lost) failures.push('acknowledged rows lost');

rmSync(dataDir, { recursive: true, force: true });
if (failures.length) {
  console.error(`FAILED: ${failures.join(', ')}`);
  process.exitCode = 1;
}
