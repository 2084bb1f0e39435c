// The scheduled workflow's logic (generator/cli/scheduled.ts): from the deployed schedule.json, is a
// page due since the last deploy? Through the real CLI, on schedules a build writes (scheduleFile).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { scheduleFile } from '../../generator/core/publication.ts';
import { projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const dir = mkdtempSync(join(tmpdir(), 'scheduled-'));
const BUILT = '2026-11-20T09:00:00.000Z';
const NEXT = '2026-11-25T09:00:00.000Z';

function schedule(nextPublishAt: string | null): string {
  const file = join(dir, `schedule-${nextPublishAt ?? 'none'}.json`);
  writeFileSync(file, scheduleFile({ builtAsOf: BUILT, nextPublishAt, scheduled: [], drafts: [] }));
  return file;
}

/** The CLI's line and what it wrote for the workflow. */
async function run(from: string, now: string): Promise<{ line: string; output: string }> {
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  writeFileSync(out, '');
  const line = await new Promise<string>((done, fail) => {
    // Asynchronous: a test's own server may have to answer meanwhile.
    execFile(process.execPath, [...TSX_LOADER, 'generator/cli/scheduled.ts', '--from', from, '--now', now], { cwd: projectRoot, env: { ...process.env, GITHUB_OUTPUT: out } }, (err, stdout, stderr) => (err ? fail(new Error(stderr)) : done(stdout.trim())));
  });
  return { line, output: readFileSync(out, 'utf8') };
}

describe('npm run scheduled', () => {
  it('says due once the next scheduled page is due', async () => {
    const r = await run(schedule(NEXT), '2026-11-25T09:30:00Z');
    expect(r.output).toBe('due=true\n');
    expect(r.line).toMatch(/^due: .*2026-11-25T09:00/);
  });

  it('says not due before it, naming when it is', async () => {
    const r = await run(schedule(NEXT), '2026-11-25T08:59:00Z');
    expect(r.output).toBe('due=false\n');
    expect(r.line).toMatch(/^not due: .*2026-11-25T09:00/);
  });

  it('says not due when nothing is scheduled', async () => {
    const r = await run(schedule(null), '2030-01-01T00:00:00Z');
    expect(r.output).toBe('due=false\n');
    expect(r.line).toMatch(/^not due: nothing scheduled/);
  });

  it('reads the deployed schedule from the site, and counts one it cannot read as due', async () => {
    const text = readFileSync(schedule(NEXT), 'utf8');
    const server = createServer((req, res) => (req.url === '/schedule.json' ? res.end(text) : (res.statusCode = 404, res.end()))).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await run(`${base}/schedule.json`, '2026-11-24T00:00:00Z')).output).toBe('due=false\n');
      const missing = await run(`${base}/missing.json`, '2026-11-24T00:00:00Z');
      expect(missing.output).toBe('due=true\n');
      expect(missing.line).toContain('HTTP 404');
    } finally {
      server.close();
    }
  });
});

describe('the shipped scheduled workflow', () => {
  const workflow = parse(readFileSync(join(projectRoot, '.github/workflows/scheduled.yml'), 'utf8')) as {
    on: { schedule: { cron: string }[] };
    permissions: Record<string, string>;
    jobs: Record<string, { steps: { id?: string; if?: string; run?: string; uses?: string }[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);

  it('runs on a schedule, reads only, and asks npm run scheduled first', () => {
    expect(workflow.on.schedule.length).toBeGreaterThan(0);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const ask = steps.findIndex((s) => s.run === 'npm run scheduled');
    expect(ask).toBeGreaterThan(-1);
    expect(steps[ask]!.id).toBeTruthy();
  });

  it('builds and deploys only when it said due', () => {
    const id = steps.find((s) => s.run === 'npm run scheduled')!.id!;
    const acting = steps.filter((s) => /npm run build|deploy|curl/.test(s.run ?? '') || s.uses?.startsWith('actions/upload-artifact@'));
    expect(acting.map((s) => s.run ?? s.uses)).toEqual(expect.arrayContaining(['npm run build']));
    for (const s of acting) expect(s.if).toContain(`steps.${id}.outputs.due == 'true'`);
    for (const s of steps.filter((x) => x.uses)) expect(s.uses).toMatch(/^[\w-]+\/[\w-]+@v\d+\.\d+\.\d+$/);
  });
});
