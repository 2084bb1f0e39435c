// The dev server at scale, as a marketer meets it: `npm run dev` on the grown site, an article open in
// Chromium, a word of it changed and saved; the time is from the save to the new word on the screen
// (the server recompiles, the browser reloads itself and shows the page). Several saves; the median
// is what the bench checks.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { wholeChromiumOptions } from '../chromium.ts';

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `npm run dev` in `dir`, as a marketer starts it: without the bench's NODE_ENV (see cli/production.ts). */
export function startDev(dir: string, port: number): Promise<ChildProcess> {
  const { NODE_ENV: _bench, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/cli/dev.ts'], { cwd: dir, env: { ...env, PORT: String(port), NO_STANDIN: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the dev server did not start in 120 s:\n${output.slice(-2000)}`)), 120_000);
    const seen = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Dev server:')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => reject(new Error(`the dev server exited (${code}):\n${output.slice(-2000)}`)));
  });
}

/**
 * Milliseconds from each save of `file` (one word of its first paragraph changed) to the page at
 * `route` showing the new word. The file is restored afterwards.
 */
export async function devSaveTimes(dir: string, file: string, route: string, saves = 5): Promise<number[]> {
  const port = await freePort();
  const dev = await startDev(dir, port);
  const browser = await chromium.launch(wholeChromiumOptions);
  const original = readFileSync(file, 'utf8');
  const times: number[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${port}${route}`, { waitUntil: 'load' });
    const shows = (word: string) => page.evaluate((w) => document.body?.innerText.includes(w) ?? false, word).catch(() => false);
    for (let i = 0; i < saves; i++) {
      // A word for a word: the read time stays honest, and the new word is found nowhere else.
      const word = `saved${Date.now().toString(36)}`;
      const edited = original.replace(/(text: "[^"]*?)\bthe\b/, `$1${word}`);
      if (edited === original) throw new Error(`found no word to change in ${file}`);
      const started = performance.now();
      writeFileSync(file, edited);
      while (!(await shows(word))) {
        if (performance.now() - started > 30_000) throw new Error(`the saved word never showed on ${route}`);
        await sleep(5);
      }
      times.push(performance.now() - started);
      writeFileSync(file, original);
      // The restored text shows before the next save, so saves never overlap.
      while (await shows(word)) await sleep(20);
      await page.waitForLoadState('load');
      await sleep(300);
    }
  } finally {
    writeFileSync(file, original);
    await browser.close();
    dev.kill();
  }
  return times;
}
