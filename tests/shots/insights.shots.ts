// /admin/insights at 390, 820 and 1280 px with made-up, contract-shaped data: the two reading functions'
// answers (public.admin_insights, public.admin_funnel) are intercepted here, and the funnels a site
// would declare in site.config.yaml are added to the page's props, so the screen can be looked at
// before any visitor (or the database functions) exist. Only for pictures: the e2e test reads the real ones.
import { test, type Page } from '@playwright/test';
import { signInAdmin } from '../e2e/admin-second-factor.ts';
import { expect } from '@playwright/test';
import { openAdmin } from '../e2e/helpers.ts';
import { seriousAxeViolations } from '../axe.ts';
import type { CatalogueProduct } from '../../runtime/admin/insights-maths.ts';
import { addDays, isoDay } from '../../runtime/admin/insights-maths.ts';

const OUT = process.env.SHOTS_DIR ?? '.tmp/shots';
/** The database answers as if nothing were counted yet. */
let empty = false;

/** Deterministic noise, so the pictures are the same each run. */
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

function fakeInsights(from: string, to: string, products: CatalogueProduct[], scale: number) {
  const rand = rng(from.split('-').reduce((a, b) => a * 31 + Number(b), 7));
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const daily = days.map((day, i) => {
    const visitors = Math.round((40 + 25 * Math.sin(i / 2) + rand() * 30) * scale);
    const views = Math.round(visitors * (2.2 + rand()));
    return { day, visitors, views, buys: Math.round(visitors * 0.06 * rand() * 2), captures: Math.round(visitors * 0.04 * rand() * 2) };
  });
  const sum = (k: 'visitors' | 'views' | 'buys' | 'captures') => daily.reduce((n, d) => n + d[k], 0);
  const views = sum('views');
  const shares = [['/', 0.34], ...products.map((p, i) => [p.route, p.bundle ? 0.14 : 0.1 - i * 0.012] as const), ['/blog', 0.07], ['/contact', 0.02]] as [string, number][];
  const pages = shares.map(([route, s]) => {
    const v = Math.round(views * s);
    const product = products.find((p) => p.route === route);
    const buys = product ? Math.round(v * (product.bundle ? 0.09 : 0.05)) : 0;
    return { route, views: v, visitors: Math.round(v / 1.6), buys, captures: route === '/' ? Math.round(v * 0.03) : Math.round(v * 0.004), ctas: Math.round(v * 0.2), buyValueCents: buys * Math.round((product?.price ?? 0) * 100) };
  });
  const productRows = products.flatMap((p) => {
    const page = pages.find((x) => x.route === p.route)!;
    const bundle = products.find((b) => b.bundle)!;
    if (p.bundle || page.buys < 2) return [{ product: p.id, route: p.route, buys: page.buys, buyValueCents: page.buyValueCents }];
    const up = Math.round(page.buys / 3);
    return [
      { product: p.id, route: p.route, buys: page.buys - up, buyValueCents: (page.buys - up) * p.price * 100 },
      { product: bundle.id, route: p.route, buys: up, buyValueCents: up * bundle.price * 100 },
    ];
  });
  const buys = productRows.reduce((n, r) => n + r.buys, 0);
  return {
    totals: { visitors: sum('visitors'), views, buys, captures: sum('captures'), contacts: Math.round(sum('visitors') * 0.01), previews: Math.round(views * 0.02), notFound: 3, buyValueCents: productRows.reduce((n, r) => n + r.buyValueCents, 0) },
    daily,
    pages,
    referrers: [
      { host: 'www.google.com', views: Math.round(views * 0.3), visitors: Math.round(views * 0.12) },
      { host: 'news.ycombinator.com', views: Math.round(views * 0.08), visitors: Math.round(views * 0.05) },
      { host: 'www.reddit.com', views: Math.round(views * 0.05), visitors: Math.round(views * 0.03) },
      { host: 'duckduckgo.com', views: Math.round(views * 0.02), visitors: Math.round(views * 0.01) },
    ],
    campaigns: [
      { source: 'demo', medium: 'demo', campaign: 'demo', views: Math.round(views * 0.5), visitors: Math.round(sum('visitors') * 0.5) },
      { source: 'newsletter', medium: 'email', campaign: 'black-friday', views: Math.round(views * 0.06), visitors: Math.round(views * 0.03) },
      { source: 'instagram', medium: 'social', campaign: 'reel-screen-time', views: Math.round(views * 0.03), visitors: Math.round(views * 0.02) },
    ],
    blocks: [
      { route: '/', blockId: 'hero', blockType: 'hero', clicks: Math.round(views * 0.04) },
      { route: '/', blockId: 'products', blockType: 'product-grid', clicks: Math.round(views * 0.03) },
      { route: '/', blockId: 'starter-kit', blockType: 'email-capture', clicks: Math.round(views * 0.01) },
      ...products.slice(0, 2).flatMap((p) => [
        { route: p.route, blockId: 'pricing', blockType: 'pricing', clicks: Math.round(views * 0.012) },
        { route: p.route, blockId: 'final-cta', blockType: 'cta', clicks: Math.round(views * 0.006) },
      ]),
    ],
    products: productRows,
    devices: [{ device: 'phone', views: Math.round(views * 0.6) }, { device: 'desktop', views: Math.round(views * 0.3) }, { device: 'tablet', views: Math.round(views * 0.1) }],
  };
}

async function fakeDatabase(page: Page, products: () => CatalogueProduct[]) {
  await page.route('**/rest/v1/rpc/admin_insights*', async (route) => {
    const body = route.request().postDataJSON() as { p_from: string; p_to: string };
    const scale = body.p_to < isoDay(Date.now()) ? 0.8 : 1;
    await route.fulfill({ json: empty ? {} : fakeInsights(body.p_from, body.p_to, products(), scale) });
  });
  await page.route('**/rest/v1/rpc/admin_funnel*', async (route) => {
    const { p_steps } = route.request().postDataJSON() as { p_steps: unknown[] };
    let n = 1840;
    if (empty) return route.fulfill({ json: [] });
    await route.fulfill({ json: p_steps.map((_, step) => ({ step, visitors: step === 0 ? n : (n = Math.round(n * (step === 1 ? 0.31 : 0.12))) })) });
  });
}

/** The default funnels of the contract (landing → a platform page → buy; and through the bundle), put into the page's props. */
async function withFunnels(page: Page, onProducts: (p: CatalogueProduct[]) => void) {
  await page.route('**/admin/insights*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    const html = (await res.text()).replace(/data-props="([^"]*)"/, (_, raw: string) => {
      const props = JSON.parse(raw.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
      onProducts(props.products);
      const bundle = (props.products as CatalogueProduct[]).find((p) => p.bundle)!;
      props.funnels = [
        { id: 'platform-to-buy', name: 'Landing, a platform page, buy', steps: [{ route: '/' }, { routePattern: '/*-detox' }, { event: 'buy' }] },
        { id: 'bundle-to-buy', name: 'Landing, the bundle page, buy', steps: [{ route: '/' }, { route: bundle.route }, { event: 'buy', product: bundle.id }] },
      ];
      return `data-props="${JSON.stringify(props).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    });
    await route.fulfill({ response: res, body: html });
  });
}

/** SHOTS_DATA=database: the database's own answers (e.g. after `npm run demo:traffic`), the site's own funnels. */
const REAL = process.env.SHOTS_DATA === 'database';
const NAME = REAL ? 'insights-demo' : 'insights';

test('insights screenshots at 390, 820 and 1280 px', async ({ page }) => {
  let products: CatalogueProduct[] = [];
  if (!REAL) {
    await withFunnels(page, (p) => (products = p));
    await fakeDatabase(page, () => products);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Signed in on the overview, so the code form does not wait on the insights' queries.
  await openAdmin(page, '/admin');
  await signInAdmin(page);
  const started = Date.now();
  await openAdmin(page, '/admin/insights?range=30');
  await page.getByTestId('insights-total-visitors').waitFor({ timeout: 60_000 });
  console.log(`/admin/insights?range=30 loaded and drawn in ${Date.now() - started} ms`);
  await page.screenshot({ path: `${OUT}/${NAME}-1280.png`, fullPage: true });
  const problems = await seriousAxeViolations(page, '1280 px');
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: `${OUT}/${NAME}-820.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${OUT}/${NAME}-390.png`, fullPage: true });
  problems.push(...(await seriousAxeViolations(page, '390 px')));
  // The daily numbers' table, opened, is checked too.
  await page.getByText('The daily numbers as a table').click();
  problems.push(...(await seriousAxeViolations(page, '390 px, table open')));
  expect(problems).toEqual([]);
  // A phone's screenfuls one by one, to look at closely (the full page is too tall to read at once).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 1; y < height; y += 1600, i++) {
    await page.screenshot({ path: `.tmp/shots/${NAME}-390-part${i}.png`, fullPage: true, clip: { x: 0, y, width: 390, height: Math.min(1600, height - y) } });
  }
  await page.goto('/admin/insights?range=custom&from=2026-01-01&to=2026-01-01');
  await page.getByTestId('insights-total-visitors').waitFor();
  await page.screenshot({ path: `${OUT}/${NAME}-390-custom.png`, fullPage: false });
  if (REAL) return;
  // Nothing counted yet: the empty state.
  empty = true;
  await page.goto('/admin/insights?range=today');
  await page.getByTestId('insights-empty').waitFor();
  await page.screenshot({ path: `${OUT}/${NAME}-390-empty.png`, fullPage: false });
  expect(await seriousAxeViolations(page, '390 px, empty')).toEqual([]);
});
