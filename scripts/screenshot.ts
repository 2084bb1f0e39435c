// Screenshots of pages at phone and desktop widths, for looking at what a visitor sees:
// `npx tsx scripts/screenshot.ts http://localhost:4173 / /blog ...` -> .tmp/shots/*.png
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';

const [base = 'http://localhost:4173', ...routes] = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);
mkdirSync('.tmp/shots', { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const route of routes.length ? routes : ['/']) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && console.log(`[${route} ${width}] console: ${m.text()}`));
    await page.goto(base + route, { waitUntil: 'networkidle' });
    const name = `.tmp/shots/${(route.replace(/[^a-z0-9]+/gi, '_') || 'home')}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL !== '0' });
    console.log(name);
    await page.close();
  }
}
await browser.close();
