// Every command that opens the local database, run beside a running `npm start` on moved ports (the
// stand-in's database in DATA_DIR): demo:traffic and validate's verdict check refuse, naming npm start's
// process, and write nothing; admin:code (which reads no database) answers; npm start keeps serving with
// its data whole. Once it stops, demo:traffic runs, and npm start starts again on the same data. And an
// npm start that fails once its stand-in is up ends, rather than serving on after saying it failed.
// Before the lock, demo:traffic looked for the stand-in on port 54321 only, opened the running server's
// files and damaged them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../supabase/local/db.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { copyProject } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';
import { E2E_PORT, E2E_SUPABASE_PORT } from '../ports.ts';

const SITE_PORT = E2E_PORT + 2;
const SUPABASE = `http://127.0.0.1:${E2E_SUPABASE_PORT + 2}`;
let site = '';
let dataDir = '';
let env: NodeJS.ProcessEnv = {};

beforeAll(() => {
  // The project's code with the experiment fixture's pages (an experiment, so validate looks for verdicts).
  site = copyProject('beside-start-', 'experiment-site');
  dataDir = mkdtempSync(join(tmpdir(), 'beside-start-data-'));
  env = { ...process.env, PORT: String(SITE_PORT), VITE_SUPABASE_URL: SUPABASE, DATA_DIR: dataDir, OUT_DIR: join(site, 'dist'), DATABASE_URL: '', SUPABASE_PORT: '', HOST: '', NO_COLOR: '1' };
  delete env.SUPABASE_PORT;
  delete env.npm_lifecycle_event;
});
afterAll(() => {
  for (const d of [site, dataDir]) rmSync(d, { recursive: true, force: true });
});

/** `npm start` in the fixture site, as its own process (no tsx wrapper, so its pid is the server's); resolves once it serves. */
async function npmStart(): Promise<{ child: ChildProcess; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [...TSX_LOADER, join(site, 'generator/cli/start.ts')], { cwd: site, env });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start did not serve within 5 minutes:\n${output}`)), 300_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Site: http')) (clearTimeout(timer), ok());
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => (clearTimeout(timer), fail(new Error(`npm start exited (${code}):\n${output}`))));
  });
  return { child, stop: () => (child.kill('SIGINT'), exited) };
}

function run(script: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [...TSX_LOADER, join(site, script), ...args], { cwd: site, env, encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

const subscribe = (email: string) =>
  fetch(`${SUPABASE}/rest/v1/rpc/capture_starter_kit_email`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: email }),
  });

describe('commands beside a running npm start', () => {
  it('refuse, naming it, and lose nothing; npm start starts again afterwards', async () => {
    const first = await npmStart();
    const pglite = join(dataDir, 'pglite');
    try {
      expect((await subscribe('before@example.com')).status).toBe(200);

      const demo = run('generator/cli/demo-traffic.ts');
      expect(demo.status, demo.output).toBe(1);
      expect(demo.output).toContain(`demo:traffic refused, nothing written: the local database ${pglite} is open in process ${first.child.pid} (node `);
      expect(demo.output).toContain('generator/cli/start.ts');

      const validate = run('generator/cli/validate.ts', '--verdicts');
      expect(validate.status, validate.output).toBe(0);
      expect(validate.output).toContain(`experiment verdicts not read: the local database ${pglite} is open in process ${first.child.pid}`);

      const code = run('supabase/local/admin-code.ts');
      expect(code.status, code.output).toBe(0);
      expect(code.output).toMatch(/^\d{6} {2}\(valid \d+ s more/);

      // Nothing of npm start listens beyond loopback (no HOST given): the site, the stand-in, the catcher.
      const listening = spawnSync('ss', ['-ltnpH'], { encoding: 'utf8' });
      if (!listening.error) {
        const mine = listening.stdout.split('\n').filter((l) => l.includes(`pid=${first.child.pid},`)).map((l) => l.trim().split(/\s+/)[3]!);
        expect(mine).toContain(`127.0.0.1:${SITE_PORT}`);
        expect(mine.filter((address) => !address.startsWith('127.0.0.1:'))).toEqual([]);
      }

      // npm start still serves the site and its database.
      expect((await fetch(`http://127.0.0.1:${SITE_PORT}/`)).status).toBe(200);
      expect((await subscribe('during@example.com')).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const demo = run('generator/cli/demo-traffic.ts');
    expect(demo.status, demo.output).toBe(0);
    expect(demo.output).toMatch(/demo:traffic: \d+ demo events/);

    const again = await npmStart();
    expect((await subscribe('after@example.com')).status).toBe(200);
    expect(await again.stop()).toBe(0);

    const db = await openDatabase({ dataDir: pglite });
    try {
      const emails = (await db.query<{ email: string }>('select email from public.email_captures order by id')).rows.map((r) => r.email);
      expect(emails).toEqual(['before@example.com', 'during@example.com', 'after@example.com']);
      const demoEvents = (await db.query<{ n: number }>(`select count(*)::int as n from analytics.events where utm_campaign = 'demo'`)).rows[0]!.n;
      expect(demoEvents).toBeGreaterThan(1000);
    } finally {
      await db.close();
    }
  }, 600_000);

  it('a failure after the stand-in is up ends npm start, with its one line: nothing is left holding the ports', () => {
    // The test-control server is refused without its token, after the stand-in and the mail catcher
    // have started: npm start used to print the failure and keep running, serving them.
    const failing: NodeJS.ProcessEnv = { ...env, STANDIN_CONTROL_PORT: String(SITE_PORT + 9) };
    delete failing.STANDIN_CONTROL_TOKEN;
    const r = spawnSync(process.execPath, [...TSX_LOADER, join(site, 'generator/cli/start.ts')], { cwd: site, env: failing, encoding: 'utf8', timeout: 240_000 });
    expect(r.signal, `still running after 4 minutes:\n${r.stdout}${r.stderr}`).toBeNull();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('start: the tool itself failed: STANDIN_CONTROL_PORT needs STANDIN_CONTROL_TOKEN');
  }, 300_000);
});
