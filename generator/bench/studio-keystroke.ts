// The studio as a marketer meets it: `npm run dev` in a site folder, /_studio open in Chromium on an
// article, its first heading's text field (found by the label its schema gives it) typed into one key
// at a time. Each time is from the keystroke (the keydown event in the studio's page) to the new text
// in the preview frame that is shown, checked on every animation frame, so it is what the marketer
// sees. Keystrokes are apart (the preview has settled, its full-page load included), so each is timed
// alone. Nothing is saved: the edits live in the dev server's memory only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { parse } from 'yaml';
import { wholeChromiumOptions } from '../chromium.ts';
import { studioSchemas } from '../studio/schemas-for-ui.ts';
import { freePort, startDev } from './dev-save.ts';
import { articleFiles, BLOG_DIR } from './grow.ts';

/** Issue 27's goal: keystroke to updated preview, median. */
export const STUDIO_KEYSTROKE_BUDGET = { siteMs: 300, articles1000Ms: 500 };

/** The block type whose text field is typed into, and that field. */
const BLOCK = 'heading';
const FIELD = 'text';
/** How long the preview is left to settle between keystrokes (the studio loads the page whole after 1.5 s of quiet). */
const SETTLE_MS = 3_000;

/**
 * Run in the studio's page before a keystroke: `window.probe` resolves to the milliseconds from that
 * keydown to NEEDLE in the shown preview frame. A string, as tsx's compiled functions name helpers the
 * page does not have.
 */
const WATCH = `window.probe = new Promise((resolve, reject) => {
  let pressed;
  let given = false;
  document.addEventListener('keydown', (e) => (pressed = e.timeStamp), { capture: true, once: true });
  const give = setTimeout(() => ((given = true), reject(new Error('the typed text never showed in the preview'))), 30000);
  const look = () => {
    if (given) return;
    const frame = document.querySelector('iframe.is-shown');
    if (pressed !== undefined && frame?.contentDocument?.body?.textContent?.includes(NEEDLE)) {
      clearTimeout(give);
      resolve(performance.now() - pressed);
    } else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}); undefined`;

/** The first article (by file name) with a heading, as a project-relative file. */
function articleWithHeading(dir: string): string {
  for (const name of articleFiles(dir)) {
    const data = parse(readFileSync(join(dir, BLOG_DIR, name), 'utf8')) as { sections?: { type?: string }[] };
    if (data.sections?.some((s) => s.type === BLOCK)) return `${BLOG_DIR}/${name}`;
  }
  throw new Error(`no article under ${BLOG_DIR} has a ${BLOCK} block`);
}

/** Milliseconds from each keystroke to its text in the studio's preview, in the site at `dir`. */
export async function studioKeystrokeTimes(dir: string, keystrokes = 9): Promise<{ file: string; times: number[] }> {
  const file = articleWithHeading(dir);
  const label = String((studioSchemas(dir).blocks[BLOCK]?.properties as Record<string, { title?: string }> | undefined)?.[FIELD]?.title ?? '');
  if (!label) throw new Error(`the ${BLOCK} block's ${FIELD} has no title to find its field by`);
  const port = await freePort();
  const dev = await startDev(dir, port);
  const browser = await chromium.launch(wholeChromiumOptions);
  const times: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://localhost:${port}/_studio?file=${encodeURIComponent(file)}`);
    await page.getByRole('button', { name: new RegExp(`^${BLOCK} `) }).first().click();
    const field = page.getByLabel(label, { exact: true });
    const preview = page.frameLocator('iframe.is-shown');
    // A text found nowhere else on the page; each keystroke adds a letter, so each new text is new.
    let typed = `Keystroke probe ${Date.now().toString(36)} `;
    await field.fill(typed);
    await preview.getByText(typed.trim()).first().waitFor({ timeout: 60_000 });
    await sleep(SETTLE_MS);
    for (let i = 0; i < keystrokes; i++) {
      const key = String.fromCharCode(97 + i);
      typed += key;
      await page.evaluate(WATCH.replace('NEEDLE', JSON.stringify(typed)));
      await field.press(key);
      times.push(await page.evaluate<number>('window.probe'));
      await sleep(SETTLE_MS);
    }
  } finally {
    await browser.close();
    dev.kill();
  }
  return { file, times };
}

/** One line of figures: median, min and max, then each time. */
export function describeKeystrokes({ file, times }: { file: string; times: number[] }): string {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (x: number) => `${Math.round(x)} ms`;
  return `studio, keystroke to updated preview (${file}): median ${ms(medianOf(times))}, min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)} of ${times.length} (${times.map(ms).join(', ')})`;
}

export function medianOf(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
