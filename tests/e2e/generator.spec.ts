// The page generator end to end: pages render, the header works at phone and desktop widths, the hero
// scrolls to the products, unknown paths answer 404, articles ship no script, islands hydrate. Routes,
// links and texts come from the pages and the catalogue as the generator compiles them (site.ts).
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { startStaticServer } from '../../generator/host/serve.ts';
import { isUnlisted } from '../../model/page.ts';
import { addPlatform, copyProject, projectRoot } from '../unit/fixture.ts';
import { islandsReady, sitemapRoutes, SUPABASE_URL } from './helpers.ts';
import { articles, compiledSite, pageAt, pages, plain, platformPages, sectionOf, site } from './site.ts';

/** An article: its page is built with no script at all. */
const ARTICLE = articles[0]!.route;
const ROUTES = ['/', ...platformPages.slice(0, 1).map((p) => p.page.route), ARTICLE];
const hero = sectionOf('/', 'hero');

test('each page renders its words', async ({ page }) => {
  for (const route of ROUTES) {
    const res = await page.goto(route);
    expect(res?.status(), route).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));
  }
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText(hero.headline);
  await expect(page).toHaveTitle(pageAt('/').title);
});

/** A navigation link to a section of the landing page, followed by the menu tests. */
const toLandingSection = site.navigation.find((l) => /^\/#./.test(l.href));

test('desktop header: the configured links, the call to action, no menu toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(ARTICLE);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: site.cta.label })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
  for (const { label, href } of site.navigation) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  test.skip(!toLandingSection, 'no navigation link leads to a section of the landing page');
  await nav.getByRole('link', { name: toLandingSection!.label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${toLandingSection!.href}$`));
  await expect(page.locator(toLandingSection!.href.slice(1))).toBeInViewport();
});

test('phone header: the menu opens, lists the links, closes when an item is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('header-cta')).toBeHidden();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
  for (const name of [...site.navigation.map((l) => l.label), site.cta.label]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  test.skip(!toLandingSection, 'no navigation link leads to a section of the landing page');
  await menu.getByRole('link', { name: toLandingSection!.label, exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator(toLandingSection!.href.slice(1))).toBeInViewport();
});

test('phone menu works on a page without any script file', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(ARTICLE);
  await expect(page.locator('script[src]')).toHaveCount(0);
  const link = site.navigation.find((l) => l.href !== ARTICLE)!;
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: link.label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${link.href}$`));
});

test('the hero button scrolls to its section', async ({ page }) => {
  const target = hero.button.href;
  test.skip(!target.startsWith('#'), 'the hero button leads to another page');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  const top = () => page.locator(target).evaluate((el) => Math.round(el.getBoundingClientRect().top));
  expect(await top()).toBeGreaterThan(844);
  await page.getByRole('link', { name: hero.button.label }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  // The section lands just below the fixed header (scroll-margin), not under it.
  await expect.poll(top).toBeLessThan(100);
  expect(await top()).toBeGreaterThanOrEqual(0);
});

test('every section of the landing page lands under the header, by its address and by a link, however far down', async ({ page }) => {
  // Whatever the page does to paint its first screen sooner (content-visibility on the sections below it
  // made /#testimonials land 2,745 px short at 390 px, issue 40), the way to a section ends at it.
  await page.goto('/');
  const landingIds = await page.locator('main [data-block-type][id]').evaluateAll((els) => els.map((el) => el.id));
  expect(landingIds.length).toBeGreaterThan(1);
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    for (const id of landingIds) {
      const top = () => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
      // Under the fixed header, not behind it.
      const header = await page.locator('header').first().evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
      await page.goto('about:blank');
      await page.goto(`/#${id}`);
      // Looked at every tenth of a second, not after poll's growing pauses: it lands a second or two on.
      await expect.poll(top, { message: `/#${id} at ${width}px, opened`, intervals: [100] }).toBeLessThan(100);
      expect(await top()).toBeGreaterThanOrEqual(header);
      // From the top of the page, smoothly, as a link of the page leads there.
      await page.goto('/');
      await page.evaluate((target) => {
        const a = Object.assign(document.createElement('a'), { href: `#${target}`, textContent: 'to it' });
        document.body.prepend(a);
        a.click();
      }, id);
      // Where the smooth scroll comes to rest, not where it passed.
      const rest = async () => {
        const y = await page.evaluate(() => scrollY);
        await page.waitForTimeout(250);
        return y === (await page.evaluate(() => scrollY)) && y > 0;
      };
      // Each look takes 250 ms: looked at again at once, not after poll's growing pauses (up to a second).
      await expect.poll(rest, { message: `#${id} at ${width}px, followed`, intervals: [50] }).toBe(true);
      expect(await top(), `#${id} at ${width}px, followed`).toBeGreaterThanOrEqual(header);
      expect(await top(), `#${id} at ${width}px, followed`).toBeLessThan(100);
    }
  }
});

test('an unknown path answers 404 with the 404 page and logs the path', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect(logs.join('\n')).toContain('/no-such-page');
});

test('an article requests no script file', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(ARTICLE);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  await expect(page.locator('script[src]')).toHaveCount(0);
});

test('an island hydrates and reacts: the countdown ticks; the FAQ (no island) opens', async ({ page }) => {
  await page.goto('/');
  await islandsReady(page);
  const seconds = page.locator('#products [data-testid="countdown"] [data-unit="seconds"]');
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first!, { timeout: 3000 });
  const { question, answer } = sectionOf('/', 'faq').items[0]!;
  const item = page.locator('details', { has: page.locator('summary', { hasText: plain(question) }) });
  await expect(item).not.toHaveAttribute('open');
  await item.locator('summary').click();
  await expect(item).toHaveAttribute('open', '');
  await expect(page.getByText(plain(answer))).toBeVisible();
});

test('every page has its words in the HTML before any script runs', async ({ browser, request }) => {
  const routes = await sitemapRoutes(request);
  // The sitemap lists every page the generator compiled but the unlisted ones: the 404 page, the admin's,
  // and pages marked unlisted (the list's confirm and unsubscribe pages).
  expect(routes.sort()).toEqual(pages.filter((p) => !isUnlisted(p)).map((p) => p.route).sort());
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const route of routes) {
    const res = await page.goto(route);
    expect(res?.status(), route).toBe(200);
    const h1 = (await page.locator('h1').innerText()).trim();
    expect(h1.length, `${route} h1`).toBeGreaterThan(3);
    const words = (await page.locator('main').innerText()).split(/\s+/).length;
    expect(words, `${route} words`).toBeGreaterThan(30);
  }
  await context.close();
});

test('the server compresses, caches hashed assets for a year, and revalidates pages', async ({ request }) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const gz = await request.get('/blog', { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  expect(await gz.text()).toContain('Featured Article');
  // The client entry the page imports (pages link no stylesheet: each inlines its CSS).
  const script = (await page.text()).match(/"(\/assets\/[^"]+\.js)"/)![1]!;
  const asset = await request.get(script);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/../package.json')).status()).toBe(404);
  expect((await request.get('/.build-hash')).status()).toBe(404);
});

// On a copy of the site with one more platform, added by YAML alone and with no preview yet (as a
// marketer adds one before its PDF exists): every page, that one included, hydrates without an error in
// the console. The copy is built against the same backend and served on a loopback port of its own.
test.describe('islands on a site with a new platform', () => {
  const stamp = Date.now().toString(36);
  const NEW = { id: `fresh${stamp}`, platform: `Fresh${stamp}`, route: `/fresh${stamp}-detox`, title: 'Fresh Detox Plan', shortTitle: 'Fresh Detox' };
  let dir = '';
  let server: Server | undefined;
  let origin = '';

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dir = copyProject('hydrate-new-platform-');
    addPlatform(dir, NEW);
    expect(compiledSite(dir).missingPreviews).toContain(NEW.id);
    const out = join(dir, 'dist');
    await promisify(execFile)(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/build.ts'], {
      cwd: dir,
      env: { ...process.env, VITE_SUPABASE_URL: SUPABASE_URL, OUT_DIR: out },
      maxBuffer: 64 * 1024 * 1024,
    });
    server = await startStaticServer({ dir: out, port: 0, host: '127.0.0.1', log: () => {} });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(() => {
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('islands hydrate on every page without a console error or a hydration mismatch', async ({ page }) => {
    test.slow();
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    const routes = [...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname), '/admin/upload'];
    expect(routes).toContain(NEW.route);
    const errors: string[] = [];
    page.on('console', (m) => {
      // The analytics beacon's answers are analytics.spec's to judge (the database refuses this headless
      // browser's user agent as a bot's, and the browser logs each refusal): not an island's error.
      if (m.type() === 'error' && !m.location().url.startsWith(`${SUPABASE_URL}/rest/v1/rpc/track?`)) errors.push(`${page.url()}: ${m.text().slice(0, 200)}`);
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    let withIslands = 0;
    for (const route of routes) {
      await page.goto(`${origin}${route}`);
      if (!(await page.locator('[data-island]').count())) continue;
      withIslands++;
      // Scrolled through, so islands that hydrate when visible (the preview) do; each step a jump, not
      // the site's smooth scroll, which paints every frame of the way.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight) (scrollTo({ top: y, behavior: 'instant' }), await new Promise((r) => setTimeout(r, 50)));
      });
      await islandsReady(page);
      const ids = await page.locator('[id]').evaluateAll((els) => els.map((e) => e.id));
      expect(ids.length, `${route}: duplicate ids`).toBe(new Set(ids).size);
    }
    // The new platform's page asked the storage whether its preview is there, and says it is coming.
    await page.goto(`${origin}${NEW.route}`);
    await page.getByTestId('preview-coming-soon').scrollIntoViewIfNeeded();
    await islandsReady(page);
    await expect(page.getByTestId('preview-coming-soon')).toBeVisible();
    expect(withIslands).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
