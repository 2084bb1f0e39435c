// The crash test of issue 51: a sender killed with SIGKILL in the middle of a newsletter, and started
// again on the same data, delivers every remaining mail: each subscriber has exactly one mail in the
// catcher (one Message-ID per delivery, which the catcher, like a provider's idempotency key, never
// keeps twice), every delivery ends `sent`. The sender runs as npm start runs it (mail-crash-sender.ts).
// MAIL_CRASH_SUBSCRIBERS=10000 runs it at the size (about a minute here; 3,000 by default, for npm test).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const N = Number(process.env.MAIL_CRASH_SUBSCRIBERS ?? 3000);
const root = mkdtempSync(join(tmpdir(), 'mail-crash-'));
const data = join(root, 'data');
const dist = join(root, 'dist');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sender = (...args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', 'tests/standin/mail-crash-sender.ts', data, dist, ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
const caught = () => (existsSync(join(data, 'mail', 'index.jsonl')) ? readFileSync(join(data, 'mail', 'index.jsonl'), 'utf8').split('\n').filter(Boolean).length : 0);

describe('a sender killed mid-send', () => {
  it(`and started again delivers each of ${N} mails exactly once`, { timeout: 600_000 }, async () => {
    for (const slug of ['crash-news', 'confirmation']) {
      mkdirSync(join(dist, 'newsletters', slug), { recursive: true });
      writeFileSync(join(dist, 'newsletters', slug, 'mail.json'), JSON.stringify({ subject: slug, preheader: '', html: '<p>News. <a href="{{unsubscribe_url}}">Leave</a></p>', text: 'News. Leave: {{unsubscribe_url}}' }));
    }

    const first = sender('seed', String(N));
    const exited = new Promise((done) => first.once('exit', done));
    // Killed once a third has arrived, while the rest is being claimed and sent.
    for (let waited = 0; caught() < N / 3; waited += 50) {
      if (waited > 400_000 || first.exitCode !== null) throw new Error(`the first sender stopped before a third had arrived (${caught()})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.kill('SIGKILL');
    await exited;
    const atKill = caught();
    expect(atKill).toBeLessThan(N);

    const second = sender();
    let out = '';
    second.stdout.on('data', (c) => (out += String(c)));
    expect(await new Promise((done) => second.once('exit', done))).toBe(0);
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as { statuses: Record<string, number>; caught: number; distinct: number; refused: number };
    console.log(`killed at ${atKill} of ${N} caught; after the restart: ${JSON.stringify(result)}`);
    expect(result.statuses).toEqual({ sent: N });
    expect(result.caught).toBe(N);
    expect(result.distinct).toBe(N);
  });
});
