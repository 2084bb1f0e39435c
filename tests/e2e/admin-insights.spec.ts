// /admin/insights end to end on `npm start`: a visitor opens the landing page, a platform page and buys,
// the bundle page, and gives an address for the starter kit; then the admin, at aal2, sees exactly
// those counts, the platform family, and each declared funnel as that visit went through it; the CSV
// says the same; axe finds nothing serious on the filled screen.
//
// Needs the database branch of issue 32 (public.track, analytics.*, public.admin_insights and
// admin_funnel) and the beacon. It runs in its own project after every other one (playwright.config.ts),
// so no other test's page views are counted with its own, and it starts from empty analytics tables.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { money } from '../../model/catalogue.ts';
import type { FunnelConfig, FunnelStepConfig } from '../../runtime/backend/insights.ts';
import { signInAdmin } from './admin-second-factor.ts';
import { dbQuery, islandsReady, openAdmin, seriousAxeViolations } from './helpers.ts';
import { bundle, platformPages } from './site.ts';

/** One thing the visitor did, as the contract's step tokens see it. */
interface Done { kind: 'view' | 'buy' | 'capture'; route: string; product?: string }

const glob = (pattern: string) => new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);

function matches(step: FunnelStepConfig, d: Done): boolean {
  if ('event' in step) return step.event === d.kind && (!step.product || step.product === d.product) && (!step.route || step.route === d.route) && !step.block;
  if ('route' in step) return d.kind === 'view' && d.route === step.route;
  return d.kind === 'view' && glob(step.routePattern).test(d.route);
}

/** How far one visitor-day went through a funnel, in order: 1 for each step reached, then 0. */
function reached(steps: readonly FunnelStepConfig[], path: readonly Done[]): number[] {
  let at = 0;
  let i = 0;
  for (const d of path) if (i < steps.length && matches(steps[i]!, d)) (i++, (at = i));
  return steps.map((_, k) => (k < at ? 1 : 0));
}

/** The island's props on the prerendered page: the funnels and catalogue the build gave the admin app. */
async function adminProps(page: Page): Promise<{ funnels?: FunnelConfig[] }> {
  return JSON.parse((await page.locator('[data-island="admin-app"]').getAttribute('data-props')) ?? '{}');
}

const { page: platform, product } = platformPages[0]!;
/** A visitor's browser, not a headless one (the database refuses bots by their user agent); the admin's
 * too, so if the beacon counts admin pages at all they are the same visitor, not a second one. */
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * At 390 px every table of the screen shows every column its header names: none hidden, each one
 * reachable (the table scrolls sideways within its panel, never the page), and a table that scrolls
 * says so above it. The columns are read from each table's own header.
 */
async function everyColumnAt390(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  // A table behind a disclosure (the chart's numbers) is opened and checked too.
  for (const summary of await page.locator('details:not([open]) > summary').all()) await summary.click();
  const tables = page.locator('table');
  const count = await tables.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const table = tables.nth(i);
    const headers = table.locator('thead th');
    const names = (await headers.allTextContents()).map((t) => t.trim());
    expect(names.length, `table ${i + 1}`).toBeGreaterThan(1);
    const region = table.locator('xpath=ancestor::*[@data-testid="wide-table"][1]');
    await expect(region, `table ${i + 1} (${names.join(', ')}) scrolls in its own region`).toHaveCount(1);
    if (await region.evaluate((el) => el.scrollWidth > el.clientWidth + 1)) {
      await expect(region.locator('xpath=../..').getByTestId('scroll-cue'), `table ${i + 1} (${names.join(', ')})`).toBeVisible();
    }
    for (let c = 0; c < names.length; c++) {
      const header = headers.nth(c);
      await header.scrollIntoViewIfNeeded();
      await expect(header, `${names[c]} of table ${i + 1}`).toBeVisible();
      await expect(header, `${names[c]} of table ${i + 1}`).toBeInViewport();
    }
  }
  // The page itself never scrolls sideways: only a table does, inside its panel.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The chart's y axis reads at more than its two ends.
  expect(await page.getByTestId('chart-y-labels').locator('span').count()).toBeGreaterThan(2);
}

test('the admin sees exactly what one visitor did: counts, the platform pages, the funnels and the CSV', async ({ browser }) => {
  test.skip(!bundle || !product, 'the catalogue has no platform page or no bundle');
  // Five visits, a sign-in, two axe passes and a download: axe alone has taken a minute on a busy 2-core machine.
  test.slow();
  await dbQuery('truncate analytics.events, analytics.daily, analytics.daily_paths, analytics.daily_screen');
  const path: Done[] = [];

  const visitor = await (await browser.newContext({ userAgent })).newPage();
  await visitor.route((u) => u.href.startsWith(product.checkoutUrl), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
  await visitor.goto('/');
  path.push({ kind: 'view', route: '/' });
  await islandsReady(visitor);
  await visitor.goto(platform.route);
  path.push({ kind: 'view', route: platform.route });
  await islandsReady(visitor);
  await visitor.locator(`a[data-checkout="${product.checkoutUrl}"]`).first().click();
  path.push({ kind: 'buy', route: platform.route, product: product.id });
  await visitor.waitForURL((u) => u.href.startsWith(product.checkoutUrl));
  await visitor.goto(bundle!.route);
  path.push({ kind: 'view', route: bundle!.route });
  await islandsReady(visitor);
  await visitor.goto('/#email-capture');
  path.push({ kind: 'view', route: '/' });
  await islandsReady(visitor);
  const form = visitor.getByTestId('capture-form');
  await form.getByRole('textbox', { name: 'Email address' }).fill(`insights-${Date.now()}@example.com`);
  await form.getByRole('button').click();
  await expect(visitor.getByTestId('capture-thanks')).toBeVisible();
  path.push({ kind: 'capture', route: '/' });
  await visitor.context().close();

  const count = (kind: Done['kind']) => path.filter((d) => d.kind === kind).length;
  // The beacon's events are on their way (sendBeacon): wait until the database has each of them.
  await expect
    .poll(async () => (await dbQuery<{ kind: string; n: number }>("select kind, count(*)::int as n from analytics.events where kind in ('view','buy','capture') and route not like '/admin%' group by kind order by kind")).map((r) => `${r.kind}:${r.n}`))
    .toEqual(['buy:1', `capture:${count('capture')}`, `view:${count('view')}`]);

  const admin = await (await browser.newContext({ userAgent })).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(admin, '/admin/insights?range=today');
  const { funnels = [] } = await adminProps(admin);
  await signInAdmin(admin);

  const total = (key: string) => admin.getByTestId(`insights-total-${key}`).getByTestId('value');
  await expect(total('visitors')).toHaveText('1');
  await expect(total('buys')).toHaveText(String(count('buy')));
  await expect(total('captures')).toHaveText(String(count('capture')));
  await expect(admin.getByTestId('insights-demo')).toHaveCount(0);

  // Top pages: the visitor's pages with their views (the admin's own screens aside, if counted).
  const rows = admin.getByTestId('insights-pages-table').locator('tbody tr');
  const shown = (await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelector('td')!.textContent!.trim()])))
    .filter(([route]) => !route!.startsWith('/admin'));
  const views = new Map<string, number>();
  for (const d of path) if (d.kind === 'view') views.set(d.route, (views.get(d.route) ?? 0) + 1);
  expect(new Map(shown.map(([r, v]) => [r!, Number(v)]))).toEqual(views);

  // The platform family: the page bought from, and the bundle page seen but not bought from.
  const row = (route: string) => admin.locator(`[data-testid="family-row"][data-route="${route}"]`);
  await expect(row(platform.route).getByTestId('family-views')).toHaveText('1');
  await expect(row(platform.route).getByTestId('family-buys')).toHaveText('1');
  await expect(row(platform.route).getByTestId('family-conversion')).toHaveText('100%');
  await expect(row(platform.route).getByTestId('family-value')).toHaveText(money(product.price));
  await expect(row(bundle!.route).getByTestId('family-views')).toHaveText('1');
  await expect(row(bundle!.route).getByTestId('family-buys')).toHaveText('0');

  // Each declared funnel, as far as this visit went through it.
  for (const f of funnels) {
    const steps = admin.getByTestId(`insights-funnel-${f.id}`).getByTestId('funnel-visitors');
    await expect(steps).toHaveText(reached(f.steps, path).map(String));
  }

  await everyColumnAt390(admin);

  // axe on the filled screen (before the export's toast, which fades in over it).
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await seriousAxeViolations(admin, `${width} px`)).toEqual([]);
  }

  // The CSV says what the screen says.
  const download = admin.waitForEvent('download');
  await admin.getByTestId('insights-export').click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(`\r\ntotals,visitors,1,`);
  expect(csv).toContain(`\r\ntotals,buys,${count('buy')},`);
  expect(csv).toContain(`\r\ntotals,captures,${count('capture')},`);

});

test('with nothing counted, the screen says how to get data', async ({ page }) => {
  await openAdmin(page, '/admin/insights?range=today');
  await signInAdmin(page);
  // Emptied once signed in, in case the admin's own page load was counted; the loader reads again.
  await dbQuery('truncate analytics.events, analytics.daily, analytics.daily_paths, analytics.daily_screen');
  await page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '7 days' }).click();
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('insights-empty')).toContainText('npm start');
  await expect(page.getByTestId('insights-empty')).toContainText('npm run demo:traffic');
  for (const key of ['visitors', 'views', 'buys', 'captures']) await expect(page.getByTestId(`insights-total-${key}`).getByTestId('value')).toHaveText('0');
});
