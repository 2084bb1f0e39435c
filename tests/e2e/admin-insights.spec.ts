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
import { mintReference } from '../../model/sales/reference.ts';
import { trackEndpoint } from '../../model/analytics/event.ts';
import { toMinor } from '../../model/sales/money.ts';
import { deliver, saleDelivery } from '../../supabase/local/checkout-events.ts';
import { LOCAL_ANON_KEY, LOCAL_CHECKOUT_WEBHOOK_SECRET } from '../../supabase/local/keys.ts';
import type { FunnelConfig, FunnelStepConfig } from '../../runtime/backend/insights.ts';
import { signInAdmin } from './admin-second-factor.ts';
import { dbQuery, islandsReady, openAdmin, SUPABASE_URL } from './helpers.ts';
import { seriousAxeViolations } from '../axe.ts';
import { bundle, platformPages, site } from './site.ts';

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
  // A table behind a disclosure (the chart's numbers) is opened and checked too. Each click takes one
  // disclosure out of the selector's matches, so it is always the first closed one that is opened.
  const closed = page.locator('details:not([open]) > summary');
  for (let left = await closed.count(); left > 0; left--) await closed.first().click();
  await expect(closed).toHaveCount(0);
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

  const count = (kind: Done['kind']) => path.filter((d) => d.kind === kind).length;
  // The beacon's events are on their way (sendBeacon): wait until the database has each of them.
  await expect
    .poll(async () => (await dbQuery<{ kind: string; n: number }>("select kind, count(*)::int as n from analytics.events where kind in ('view','buy','capture') and route not like '/admin%' group by kind order by kind")).map((r) => `${r.kind}:${r.n}`))
    .toEqual(['buy:1', `capture:${count('capture')}`, `view:${count('view')}`]);
  // Closed only now: closing it ends the beacons still on their way, as no visitor's browser does.
  await visitor.context().close();

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

/**
 * At 390 px each column's header sits over its numbers: in every table with rows, each number column's
 * header lies within its column and ends where the first row's number ends (both right-aligned), never
 * beside it or past the column's edge. A picture of the screen is kept in test-results for a look.
 */
async function headersOverTheirNumbers(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('insights-390.png'), fullPage: true });
  const misplaced = await page.evaluate(() => {
    const textBox = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect();
    };
    const out: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      const head = table.querySelector('thead tr');
      const row = table.querySelector('tbody tr');
      if (!head || !row || table.closest('[hidden], details:not([open])')) continue;
      [...head.children].forEach((th, c) => {
        const cell = row.children[c];
        if (!cell || c === 0) return;
        const [h, n] = [textBox(th), textBox(cell)];
        if (!h.width || !n.width) return;
        const box = cell.getBoundingClientRect();
        // Inside its own column, and right-aligned with its numbers (they are right-aligned too).
        const inside = h.left >= box.left - 1 && h.right <= box.right + 1;
        if (!inside || Math.abs(h.right - n.right) > 2) out.push(`${th.textContent!.trim()} (${Math.round(h.left)}–${Math.round(h.right)}) over ${cell.textContent!.trim()} (${Math.round(n.left)}–${Math.round(n.right)}; column ${Math.round(box.left)}–${Math.round(box.right)})`);
      });
    }
    return out;
  });
  expect(misplaced).toEqual([]);
}

/** Every percentage a part of the screen shows, as numbers. */
async function percentages(page: Page, testId: string): Promise<number[]> {
  return [...((await page.getByTestId(testId).innerText()).matchAll(/(\d+(?:\.\d+)?)%/g))].map((m) => Number(m[1]));
}

test('sales from visitors who were not counted never read above 100%: they are a line of their own, and no "no data" stands above them', async ({ browser, request }) => {
  test.skip(!bundle, 'the catalogue has no bundle');
  test.slow();
  await dbQuery('truncate analytics.events, analytics.daily, analytics.daily_paths, analytics.daily_screen');
  await dbQuery('delete from analytics.buy_references');
  await dbQuery('delete from sales.orders');
  const currency = site.checkout.currency ?? 'USD';
  const amountMinor = toMinor(bundle!.price, currency);
  const sale = async (reference?: string) => {
    const answer = await deliver(SUPABASE_URL, saleDelivery(site.checkout.provider, { reference, product: bundle!.id, amountMinor, currency }), process.env.CHECKOUT_WEBHOOK_SECRET || LOCAL_CHECKOUT_WEBHOOK_SECRET);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  // One visitor who is counted: views the bundle page, clicks buy, pays.
  const visitor = await (await browser.newContext({ userAgent })).newPage();
  let checkout = '';
  await visitor.route((u) => u.href.startsWith(bundle!.checkoutUrl), (r) => ((checkout = r.request().url()), r.fulfill({ body: 'checkout', contentType: 'text/html' })));
  await visitor.goto(bundle!.route);
  await islandsReady(visitor);
  await visitor.locator(`a[data-checkout="${bundle!.checkoutUrl}"]`).first().click();
  await visitor.waitForURL((u) => u.href.startsWith(bundle!.checkoutUrl));
  const counted = [...new URL(checkout).searchParams.values()].find((v) => /^[A-Za-z0-9_-]{22}$/.test(v))!;
  await expect.poll(async () => (await dbQuery<{ viewed: boolean }>('select viewed from analytics.buy_references where reference = $1', [counted]))[0]?.viewed).toBe(true);
  await visitor.context().close();
  await sale(counted);

  // A script with a browser's user agent: a buy click with no page view, then its sale.
  const scripted = mintReference();
  const click = await request.post(trackEndpoint(SUPABASE_URL, LOCAL_ANON_KEY), {
    headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' },
    data: JSON.stringify({ k: 'buy', r: bundle!.route, d: 'desktop', p: bundle!.id, x: scripted }),
  });
  expect(click.status(), await click.text()).toBeLessThan(300);
  await sale(scripted);
  // Two buyers whose browsers ran no script (or blocked the beacon): their sales carry no reference.
  await sale();
  await sale();

  const admin = await (await browser.newContext({ userAgent })).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(admin, '/admin/insights?range=today');
  await signInAdmin(admin);
  await expect(admin.getByTestId('sales-totals').getByTestId('sales-orders').first()).toHaveText('4');
  // Data is there: no "no data yet" above it.
  await expect(admin.getByTestId('insights-empty')).toHaveCount(0);
  // The scripted click is counted apart, not as a buy click of the page.
  await expect(admin.getByTestId('insights-unviewed-buys')).toContainText('1 buy click');
  const family = admin.locator(`[data-testid="family-row"][data-route="${bundle!.route}"]`);
  await expect(family.getByTestId('family-buys')).toHaveText('1');
  await expect(family.getByTestId('family-conversion')).toHaveText('100%');
  // The bundle's card: four orders of the bundle, one from its one counted visitor (100%, never 400%), three apart.
  const card = admin.locator(`[data-testid="sales-card"][data-product="${bundle!.id}"]`);
  await expect(card.getByTestId('sales-orders').first()).toHaveText('4');
  await expect(card.getByTestId('sales-orders-per-visitor')).toHaveText('100%');
  await expect(card.getByTestId('sales-uncounted')).toContainText('3 orders from visitors not counted');
  // The site: one counted order of one visitor; the script's and the two without script on their own line.
  await expect(admin.getByTestId('insights-sales').getByTestId('sales-uncounted').first()).toContainText('3 orders from visitors not counted');
  for (const part of ['insights-sales', 'insights-family']) {
    const shown = await percentages(admin, part);
    expect(shown.length, part).toBeGreaterThan(0);
    expect(Math.max(...shown), `${part}: ${shown.join(', ')}`).toBeLessThanOrEqual(100);
  }
  await headersOverTheirNumbers(admin);
  await admin.context().close();
  await dbQuery('delete from sales.orders');
});

test('with nothing counted, the screen says how to get data', async ({ page }) => {
  await openAdmin(page, '/admin/insights?range=today');
  await signInAdmin(page);
  // Emptied once signed in, in case the admin's own page load was counted; the loader reads again.
  await dbQuery('truncate analytics.events, analytics.daily, analytics.daily_paths, analytics.daily_screen');
  await dbQuery('delete from sales.orders');
  await page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '7 days' }).click();
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('insights-empty')).toContainText('npm start');
  await expect(page.getByTestId('insights-empty')).toContainText('npm run demo:traffic');
  for (const key of ['visitors', 'views', 'buys', 'captures']) await expect(page.getByTestId(`insights-total-${key}`).getByTestId('value')).toHaveText('0');
});
