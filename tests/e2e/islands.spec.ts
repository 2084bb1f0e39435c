// Loading at the floor (issue 11) through one loader (issue 24): no page needs a request past the HTML
// for its CSS; one inline script decides when islands run (load once the first screen has painted, idle
// without any interaction, visible only near the viewport); the toaster loads with the first toast; one
// broken island stops nothing else. Pages and islands are read from the built site, never named here.
import { pages } from './site.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetFiles } from '../../generator/client/manifest.ts';
import { islandsReady, openAdmin, pausedClock, sitemapRoutes } from './helpers.ts';
import { signInAdmin } from './admin-second-factor.ts';

/** The whole stylesheet's address, as the build reads it from the built site's Vite manifest (no page links it). */
function wholeStylesheet(): string {
  return assetFiles(JSON.parse(readFileSync(join(process.env.OUT_DIR ?? 'dist', '.vite/manifest.json'), 'utf8'))).css[0]!;
}

interface IslandUse {
  name: string;
  hydrate: string;
}

/** Each route's islands, from its HTML. */
async function islandPages(request: APIRequestContext): Promise<{ route: string; islands: IslandUse[] }[]> {
  const out: { route: string; islands: IslandUse[] }[] = [];
  for (const route of await sitemapRoutes(request)) {
    const html = await (await request.get(route)).text();
    const islands = [...html.matchAll(/<div data-island="([^"]+)"[^>]*?data-hydrate="([^"]+)"/g)].map((m) => ({ name: m[1]!, hydrate: m[2]! }));
    if (islands.length) out.push({ route, islands });
  }
  return out;
}

/** One page for each set of islands the site's pages hold, with that set's names. */
async function onePagePerIslandSet(request: APIRequestContext): Promise<{ route: string; kinds: string }[]> {
  const sets = new Map<string, string>();
  for (const { route, islands } of await islandPages(request)) {
    const kinds = [...new Set(islands.map((i) => i.name))].sort().join(' ');
    if (!sets.has(kinds)) sets.set(kinds, route);
  }
  return [...sets].map(([kinds, route]) => ({ route, kinds }));
}

const chunkOf = (name: string) => new RegExp(`/assets/${name}\\.island-[^/]*\\.js$`);
const TOASTER = /\/assets\/(sonner|toaster)-[^/]*\.js$/;

function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  return seen;
}

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('html[data-islands-ready="true"]');
}

/** Scrolls to the end and back, so every visible island comes near the viewport. It waits between
 * steps from the test's side, not on the page's timers, which a test may have stopped (pausedClock).
 * Each step jumps (behavior 'instant'): under the site's smooth scrolling each took a third of a second
 * of painted frames, most of these tests' time. */
async function scrollThrough(page: Page): Promise<void> {
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(40);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

test('one loader: every page with islands holds the same inline loader, allowed by its hash, and no script file; a page without islands holds none', async ({ request }) => {
  const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  const loaders = new Set<string>();
  let withIslands = 0;
  for (const route of await sitemapRoutes(request)) {
    const html = await (await request.get(route)).text();
    // The loader is the script that hands islands to the hydrator.
    const found = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((s) => s.includes('hydrateIsland'));
    const islands = html.includes('data-island=');
    if (islands) withIslands++;
    expect(found.length, route).toBe(islands ? 1 : 0);
    found.forEach((s) => loaders.add(s));
    expect(html, route).not.toMatch(/<script[^>]+src=/);
  }
  expect(withIslands, 'no page has islands').toBeGreaterThan(0);
  expect(loaders.size, 'the loader differs between pages').toBe(1);
  expect(csp).toContain(`'sha256-${createHash('sha256').update([...loaders][0]!).digest('base64')}'`);
});

test('no page links a stylesheet: every page inlines its CSS, its islands’ later states included', async ({ request }) => {
  for (const route of await sitemapRoutes(request)) {
    const html = await (await request.get(route)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, route).toMatch(/<style>[\s\S]+?<\/style>/);
    expect([...html.matchAll(/<link [^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]), route).toEqual([]);
    // No page preloads island code ahead of its content.
    expect(head, route).not.toContain('modulepreload');
  }
});

test('no page asks for an icon file: the site’s icon, in the tab and the header, travels in the page', async ({ page, request }) => {
  // The browser's request for the tab's icon is not a page request Playwright reports, so it is watched
  // through the DevTools protocol. Lighthouse's simulation counted it against the first paint.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const asked: string[] = [];
  cdp.on('Network.requestWillBeSent', (e) => asked.push(new URL(e.request.url).pathname));
  const routes = await sitemapRoutes(request);
  // A page of each kind: the landing page, the first platform page, an article, and a page with no block of those.
  const kinds = [...new Set(pages.filter((p) => routes.includes(p.route)).map((p) => p.template ?? p.sections[0]?.type))];
  for (const kind of kinds) {
    const route = pages.find((p) => routes.includes(p.route) && (p.template ?? p.sections[0]?.type) === kind)!.route;
    // The browser asks for the icon once the page has loaded.
    await page.goto(route, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    expect(asked.filter((p) => /favicon|icon/.test(p)), route).toEqual([]);
    await expect(page.locator('header img').first(), route).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  }
  expect(kinds.length).toBeGreaterThan(2);
});

test('no script is fetched before the largest paint of the first screen, and no stylesheet at all', async ({ page, request }) => {
  const islandRoutes = (await islandPages(request)).map((p) => p.route);
  expect(islandRoutes.length, 'no page has islands').toBeGreaterThan(0);
  const seen = requests(page);
  for (const route of islandRoutes) {
    await page.goto(route);
    await ready(page);
    // The last largest-paint entry is the first screen's largest paint; resource entries say when each request began.
    const early = await page.evaluate(
      () =>
        new Promise<string[]>((done) => {
          new PerformanceObserver((list) => {
            const lcp = list.getEntries().at(-1)!.startTime;
            done(
              performance
                .getEntriesByType('resource')
                .filter((e) => e.startTime < lcp && /\.(m?js|css)$/.test(new URL(e.name).pathname))
                .map((e) => new URL(e.name).pathname),
            );
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(early, `${route}: requested before its largest paint`).toEqual([]);
  }
  // Islands bring no stylesheet; the site's icon (the header's logo and the tab's) travels in the page.
  expect(seen.filter((p) => /\.css$|\/favicon\.svg$/.test(p))).toEqual([]);
});

test('the inlined CSS paints a page of each kind exactly as the whole stylesheet does', async ({ browser, request }) => {
  test.setTimeout(300_000);
  // A page's inlined CSS is cut by the classes its blocks use: one page for each set of block types stands
  // for the others (the unit test of the cut, critical-css.test.ts, covers the rules themselves).
  const listed = new Set(await sitemapRoutes(request));
  const kinds = new Map<string, string>();
  for (const p of pages) {
    if (!listed.has(p.route)) continue;
    const kind = [...new Set(p.sections.map((s) => s.type))].sort().join(' ');
    if (!kinds.has(kind)) kinds.set(kind, p.route);
  }
  const routes = [...kinds.values()];
  const fullSheet = wholeStylesheet();
  // Without its scripts the page is its first paint, and stays still (no countdown ticks, no carousel turns).
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(/\.m?js$/, (r) => r.abort());
  const differ: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of routes) {
      await page.goto(route, { waitUntil: 'load' });
      await loadLazyImages(page);
      const inline = await page.screenshot({ fullPage: true, animations: 'disabled' });
      await page.addStyleTag({ url: fullSheet! });
      const whole = await page.screenshot({ fullPage: true, animations: 'disabled' });
      if (!inline.equals(whole)) differ.push(`${route} at ${width}px`);
    }
  }
  await context.close();
  expect(differ).toEqual([]);
});

test('hydrated islands look as they would with the whole stylesheet: their later states are in the inlined CSS', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const fullSheet = wholeStylesheet();
  const differ: string[] = [];
  const sets = await onePagePerIslandSet(request);
  for (const { route, kinds } of sets) {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    // A stopped clock: no countdown ticks, no carousel turns between the two pictures.
    await pausedClock(page);
    await page.goto(route);
    await islandsReady(page);
    // Every island near the viewport once.
    await scrollThrough(page);
    await expect(page.locator('[data-island]:not([data-hydrated="true"])'), route).toHaveCount(0);
    // A state no first paint shows: a FAQ's first answer opened.
    const toggle = page.locator('details summary').first();
    if (await toggle.count()) await toggle.click();
    const inline = await page.screenshot({ fullPage: true, animations: 'disabled' });
    await page.addStyleTag({ url: fullSheet });
    const whole = await page.screenshot({ fullPage: true, animations: 'disabled' });
    if (!inline.equals(whole)) differ.push(`${route} (${kinds})`);
    await page.close();
  }
  expect(sets.length, 'no page has islands').toBeGreaterThan(0);
  expect(differ).toEqual([]);
});

/**
 * Loads the page's lazy images now, as a full-page screenshot would start to (it makes the whole page
 * the viewport) without waiting for them: both pictures compared are then taken with every image in place.
 */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager';
        return img.decode().catch(() => undefined);
      }),
    ),
  );
}

/** Every class on the page's elements now, as the DOM holds them. */
const classesOnPage = (page: Page) => page.evaluate(() => [...new Set([...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]))]);

test('islands render the short class names the server wrote, as they hydrate and long after: no element holds a class as the source writes it', async ({ browser, request }) => {
  test.setTimeout(300_000);
  // The build's table (model/class-names.ts): a class as written, to its name in pages.
  const table = new Map(Object.entries(JSON.parse(readFileSync(join(process.env.OUT_DIR ?? 'dist', '.vite/class-names.json'), 'utf8')) as Record<string, string>));
  expect(table.size, 'the build named no class').toBeGreaterThan(0);
  const shorts = new Set(table.values());
  const written: string[] = [];
  const check = async (page: Page, where: string) => {
    const classes = await classesOnPage(page);
    expect(classes.some((c) => shorts.has(c)), `${where} holds no short name`).toBe(true);
    written.push(...classes.filter((c) => table.has(c)).map((c) => `${where}: ${c}`));
  };
  // One page for each set of islands, on a running clock: carousels turn, countdowns tick, each a new
  // render. The page's clock (page.clock, running as a real one) is moved six seconds on at once, every
  // timer of them fired in order, rather than waited for; then a real moment for React to commit.
  for (const { route } of await onePagePerIslandSet(request)) {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.clock.install();
    await page.goto(route);
    await islandsReady(page);
    await scrollThrough(page);
    await expect(page.locator('[data-island]:not([data-hydrated="true"])'), route).toHaveCount(0);
    await page.clock.runFor(6_000);
    await page.waitForTimeout(200);
    await check(page, route);
    await page.close();
  }
  // The admin app draws its screens in the browser alone, once signed in.
  const page = await browser.newPage();
  await openAdmin(page, '/admin');
  await check(page, '/admin (sign-in)');
  await signInAdmin(page);
  await check(page, '/admin (overview)');
  await openAdmin(page, '/admin/insights?range=today');
  await expect(page.getByTestId('insights-total-visitors')).toBeVisible();
  await check(page, '/admin/insights');
  await page.close();
  expect(written).toEqual([]);
});

test('a visible island far below the fold loads its code only when scrolled near, then hydrates', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  let checked = 0;
  for (const { route, islands } of await islandPages(request)) {
    // An island type used on the page only with the visible strategy, so its chunk tells when it loads.
    const names = [...new Set(islands.filter((i) => i.hydrate === 'visible').map((i) => i.name))].filter((n) => islands.every((i) => i.name !== n || i.hydrate === 'visible'));
    for (const name of names) {
      const seen = requests(page);
      await page.goto(route);
      await ready(page);
      const island = page.locator(`[data-island="${name}"]`).last();
      const top = await island.evaluate((el) => {
        const box = [...el.children].find((c) => !['LINK', 'SCRIPT', 'STYLE', 'META'].includes(c.tagName)) ?? el;
        return box.getBoundingClientRect().top / window.innerHeight;
      });
      // Within two screens it may already load (it starts a screen ahead): only a farther one tells.
      if (top < 3) continue;
      await page.waitForTimeout(500);
      expect(seen.filter((p) => chunkOf(name).test(p)), `${route}: ${name} loaded before it was near`).toEqual([]);
      await expect(island).not.toHaveAttribute('data-hydrated');
      await island.evaluate((el) => el.parentElement!.scrollIntoView());
      await expect(island).toHaveAttribute('data-hydrated', 'true');
      expect(seen.some((p) => chunkOf(name).test(p)), `${route}: ${name} loaded once near`).toBe(true);
      checked++;
    }
    if (checked >= 2) break;
  }
  expect(checked, 'no page has a visible island three screens down').toBeGreaterThan(0);
});

test('a page whose islands all wait below the fold fetches no script until one nears, then React with it', async ({ browser, request }) => {
  let checked = 0;
  for (const { route, islands } of await islandPages(request)) {
    if (islands.some((i) => i.hydrate !== 'visible')) continue;
    // A new context each time: scripts cached by an earlier page would not be fetched again.
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    // Uncompressed bytes of every script the page has fetched so far, as the page's own resource timing
    // counts them (reading each response body back through the browser flaked when the machine was busy).
    const scriptBytes = () => page.evaluate(() => performance.getEntriesByType('resource').reduce((n, e) => n + (/\.m?js(?:\?|$)/.test(e.name) ? (e as PerformanceResourceTiming).decodedBodySize : 0), 0));
    await page.goto(route);
    const first = page.locator('[data-island]').first();
    const top = await first.evaluate((el) => (el.firstElementChild ?? el).getBoundingClientRect().top / window.innerHeight);
    // Within two screens it may already hydrate (visible islands start a screen ahead): only a farther one tells.
    if (top >= 3) {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // The loader is in the page: nothing to fetch until an island is due.
      expect(await scriptBytes(), `${route}: script fetched before any island was near`).toBe(0);
      await first.evaluate((el) => el.parentElement!.scrollIntoView());
      await expect(first).toHaveAttribute('data-hydrated', 'true');
      await expect.poll(scriptBytes, { message: `${route}: React came with the first island` }).toBeGreaterThan(100_000);
      checked++;
    }
    await context.close();
    if (checked >= 2) break;
  }
  expect(checked, 'no page has only visible islands, the first three screens down').toBeGreaterThan(0);
});

test('load islands hydrate first, idle ones after without any interaction, before the page is ready', async ({ page, request }) => {
  const target = (await islandPages(request)).find(({ islands }) => islands.some((i) => i.hydrate === 'load') && islands.some((i) => i.hydrate === 'idle'));
  expect(target, 'no page has both a load and an idle island').toBeTruthy();
  // When each island marks itself hydrated, in page time.
  await page.addInitScript(() => {
    const log: { hydrate: string; t: number }[] = ((window as unknown as { __hydrated: typeof log }).__hydrated = []);
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        if (el.dataset.hydrated === 'true') log.push({ hydrate: el.dataset.hydrate ?? '', t: performance.now() });
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  });
  await page.goto(target!.route);
  await ready(page);
  for (const strategy of ['load', 'idle']) {
    const els = page.locator(`[data-island][data-hydrate="${strategy}"]`);
    const n = await els.count();
    for (let i = 0; i < n; i++) await expect(els.nth(i)).toHaveAttribute('data-hydrated', 'true');
  }
  const log = await page.evaluate(() => (window as unknown as { __hydrated: { hydrate: string; t: number }[] }).__hydrated);
  const lastLoad = Math.max(...log.filter((l) => l.hydrate === 'load').map((l) => l.t));
  const firstIdle = Math.min(...log.filter((l) => l.hydrate === 'idle').map((l) => l.t));
  expect(lastLoad).toBeLessThanOrEqual(firstIdle);
});

// That no page fetches it before a toast is every-route.spec.ts's, with the other checks of each route.
test('the toaster waits for the first toast: a buy button’s toast brings it', async ({ page, request }) => {
  const pages = await islandPages(request);
  const seen = requests(page);
  const withBuy = pages.find((p) => p.islands.some((i) => i.name === 'buy-button' && i.hydrate === 'load'));
  expect(withBuy, 'no page has a buy button above the fold').toBeTruthy();
  await page.goto(withBuy!.route);
  await ready(page);
  await scrollThrough(page);
  await page.waitForTimeout(300);
  const button = page.locator('[data-island="buy-button"][data-hydrate="load"] a').first();
  const checkout = (await button.getAttribute('data-checkout'))!;
  await page.route((u) => u.href.startsWith(checkout), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
  expect(seen.filter((p) => TOASTER.test(p))).toEqual([]);
  await button.click();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  expect(seen.filter((p) => TOASTER.test(p)).length).toBeGreaterThan(0);
});

for (const failure of ['does not load', 'throws while rendering'] as const) {
  test(`an island whose code ${failure} stops no other island, nor the ready flag, and is named in the console`, async ({ page, request }) => {
    const target = (await islandPages(request)).find(({ islands }) => new Set(islands.filter((i) => i.hydrate !== 'visible').map((i) => i.name)).size >= 2);
    expect(target, 'no page has two kinds of island hydrating without scrolling').toBeTruthy();
    const broken = target!.islands.find((i) => i.hydrate !== 'visible')!.name;
    await page.route(chunkOf(broken), (r) =>
      failure === 'does not load' ? r.abort() : r.fulfill({ contentType: 'text/javascript', body: 'export default function Broken() { throw new Error("broken on purpose"); }' }),
    );
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(target!.route);
    await ready(page);
    for (const el of await page.locator(`[data-island="${broken}"]:not([data-hydrate="visible"])`).all()) await expect(el).toHaveAttribute('data-hydrated', 'error');
    const others = page.locator(`[data-island]:not([data-island="${broken}"]):not([data-hydrate="visible"])`);
    expect(await others.count()).toBeGreaterThan(0);
    for (const el of await others.all()) await expect(el).toHaveAttribute('data-hydrated', 'true');
    expect(errors.some((e) => e.includes(`Island "${broken}"`)), errors.join('\n')).toBe(true);
  });
}
