// The page generator end to end: pages render, the header works at phone and desktop widths, the hero
// scrolls to the products, unknown paths answer 404, articles ship no script, islands hydrate.
import { expect, test } from '@playwright/test';
import { islandsReady, sitemapRoutes } from './helpers.ts';

const ROUTES = ['/', '/instagram-detox', '/blog/dopamine-overload-theory'];

test('each page renders its words', async ({ page }) => {
  for (const route of ROUTES) {
    const res = await page.goto(route);
    expect(res?.status(), route).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));
  }
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText("It's not your fault. Social media was designed to keep you addicted.");
  await expect(page).toHaveTitle(/Digital Detox/);
});

test('desktop header: links, Start Detox Now, no menu toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/blog/dopamine-overload-theory');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Start Detox Now' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
  for (const [name, href] of [['Products', '/#products'], ['Blog', '/blog'], ['Testimonials', '/#testimonials'], ['Ultimate Bundle', '/ultimate-detox']] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await nav.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/#products$/);
  await expect(page.locator('#products')).toBeInViewport();
});

test('phone header: the menu opens, lists the links, closes when an item is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('header-cta')).toBeHidden();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
  for (const name of ['Products', 'Blog', 'Testimonials', 'Ultimate Bundle', 'Start Detox Now']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Testimonials', exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator('#testimonials')).toBeInViewport();
});

test('phone menu works on a page without any script file', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog/dopamine-overload-theory');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('the hero button scrolls to the products', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  const top = () => page.locator('#products').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  expect(await top()).toBeGreaterThan(844);
  await page.getByRole('link', { name: 'Start Your Digital Detox Today' }).click();
  await expect(page).toHaveURL(/#products$/);
  // The section lands just below the fixed header (scroll-margin), not under it.
  await expect.poll(top).toBeLessThan(100);
  expect(await top()).toBeGreaterThanOrEqual(0);
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
  await page.goto('/blog/dopamine-overload-theory');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  await expect(page.locator('script[src]')).toHaveCount(0);
});

test('an island hydrates and reacts: the countdown ticks; the FAQ opens', async ({ page }) => {
  await page.goto('/');
  await islandsReady(page);
  const seconds = page.locator('#products [data-testid="countdown"] [data-unit="seconds"]');
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first!, { timeout: 3000 });
  const item = page.locator('details', { has: page.locator('summary', { hasText: 'How quickly will I see results?' }) });
  await expect(item).not.toHaveAttribute('open');
  await item.locator('summary').click();
  await expect(item).toHaveAttribute('open', '');
  await expect(page.getByText('many readers report feeling calmer')).toBeVisible();
});

test('every page has its words in the HTML before any script runs', async ({ browser, request }) => {
  const routes = await sitemapRoutes(request);
  expect(routes.length).toBeGreaterThanOrEqual(40);
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

test('islands hydrate on every page without a console error or a hydration mismatch', async ({ page, request }) => {
  const routes = [...(await sitemapRoutes(request)), '/admin/upload'];
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  let withIslands = 0;
  for (const route of routes) {
    await page.goto(route);
    if (!(await page.locator('[data-island]').count())) continue;
    withIslands++;
    await islandsReady(page);
    const ids = await page.locator('[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.length, `${route}: duplicate ids`).toBe(new Set(ids).size);
  }
  expect(withIslands).toBeGreaterThanOrEqual(9);
  expect(errors).toEqual([]);
});
