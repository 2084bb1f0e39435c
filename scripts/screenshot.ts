// `npm run screenshots`: every route of the built site at 390, 820 and 1280 px, full page, into one
// folder (.tmp/screenshots/<route>-<width>.png), so the whole site can be looked at at once.
// It serves the build itself with the local stand-in (building first if sources changed, like
// `npm start`, so stop a running `npm start` first, or give its address); or give a running
// site: `npm run screenshots -- http://localhost:4173 [/route ...]`. WIDTHS=390,1280 and OUT change it.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromiumLaunchOptions } from '../generator/chromium.ts';
import { parseOrExit, type Command } from '../generator/cli/args.ts';

const SCREENSHOTS: Command = {
  usage: 'npm run screenshots [-- <running site address> [/route …]]',
  does: 'Takes every route of the site at 390, 820 and 1280 px, full page, into .tmp/screenshots/. Without an address it builds if needed and serves the build with the local stand-in itself (stop a running npm start first, or give its address).',
  positionals: true,
  env: {
    WIDTHS: 'the widths, e.g. 390,1280 (default 390,820,1280)',
    OUT: 'the folder (default .tmp/screenshots)',
    FULL: '0 for the first screen only (default the full page)',
    SCREENSHOT_PORT: 'the port it serves the build on (default 4699)',
    OUT_DIR: 'the build it serves (default dist)',
  },
  examples: ['npm run screenshots', 'WIDTHS=390 npm run screenshots -- http://localhost:4173 / /blog'],
};

const [given, ...only] = parseOrExit('screenshots', process.argv.slice(2), SCREENSHOTS).positionals;
const widths = (process.env.WIDTHS ?? '390,820,1280').split(',').map(Number);
const outDir = resolve(process.env.OUT ?? '.tmp/screenshots');

async function serveBuild(): Promise<{ base: string; close: () => void }> {
  const { buildSite } = await import('../generator/build.ts');
  const { isBuildCurrent } = await import('../generator/host/build-hash.ts');
  const { startStaticServer } = await import('../generator/host/serve.ts');
  const { startLocalBackend } = await import('../generator/cli/backend.ts');
  const root = process.cwd();
  const dist = process.env.OUT_DIR ? resolve(process.env.OUT_DIR) : join(root, 'dist');
  if (!isBuildCurrent(root, dist)) await buildSite(root, { outDir: dist, quiet: true });
  const port = Number(process.env.SCREENSHOT_PORT ?? 4699);
  // The stand-in answers the forms and serves the preview PDFs, as under `npm start`.
  const backend = await startLocalBackend();
  const server = await startStaticServer({ dir: dist, port, host: '127.0.0.1', log: () => {} });
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => {
      server.close();
      void backend?.close();
    },
  };
}

const served = given ? { base: given, close: () => {} } : await serveBuild();
const base = served.base.replace(/\/$/, '');
const routes = only.length ? only : [...(await (await fetch(`${base}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).concat('/no-such-page');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
// Playwright loads once the options are read: `--help` and a typo cost a fraction.
const { chromium } = await import('@playwright/test');
const browser = await chromium.launch(chromiumLaunchOptions);
for (const route of routes) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && console.log(`[${route} ${width}] console: ${m.text()}`));
    await page.goto(base + route, { waitUntil: 'networkidle' });
    // Scroll through once, so islands that load when visible (the preview) and lazy images are drawn.
    await page.evaluate(async () => {
      document.documentElement.style.scrollBehavior = 'auto';
      for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
        scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 120));
      }
      scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const name = join(outDir, `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`);
    await page.screenshot({ path: name, fullPage: process.env.FULL !== '0' });
    console.log(name);
    await page.close();
  }
}
await browser.close();
served.close();
process.exit(0);
