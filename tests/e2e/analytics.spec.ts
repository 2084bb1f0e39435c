// The analytics beacon (runtime/client/beacon.ts) in Chromium against npm start: what it sends for a
// page view, a buy click (which must outlive the navigation to the checkout), a capture; nothing under
// Global Privacy Control or Do Not Track; and a page without islands carries it as its only module.
//
// Each test visits with its own utm_campaign, which every event of the visit carries, so the rows it
// caused are found in analytics.events: each test checks both what the beacon sent and that the
// stand-in's public.track(text) stored exactly that.
import { expect, test, type BrowserContext, type Request } from '@playwright/test';
import { NOT_FOUND_ROUTE } from '../../model/page.ts';
import { beaconScript, trackEndpoint } from '../../runtime/client/beacon.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { dbQuery, islandsReady, SUPABASE_URL } from './helpers.ts';
import { pages, platformPages, site } from './site.ts';

test.skip(!site.analytics?.enabled, 'site.config.yaml turns analytics off');

// A visitor's browser, not a headless one: the database refuses bots by their user agent.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

const TRACK = `${SUPABASE_URL}/rest/v1/rpc/track?`;

interface Sent {
  body: Record<string, unknown>;
  request: Request;
}

/** Every event the context's pages send (the context's, so a request from a page that has gone is kept). */
function sentBy(context: BrowserContext): Sent[] {
  const sent: Sent[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(TRACK)) sent.push({ body: JSON.parse(request.postData() ?? 'null') as Record<string, unknown>, request });
  });
  return sent;
}

const campaign = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;


/** The rows a visit's events made, by the visit's campaign. */
const rowsOf = (uc: string) =>
  dbQuery<{ kind: string; route: string; product: string | null; price_cents: number | null; device: string }>(
    'select kind, route, product, price_cents, device from analytics.events where utm_campaign = $1 order by id',
    [uc],
  );

test('a page view: the route, the campaign, the device class, as a CORS-simple text/plain POST with the key in the query', async ({ page, context }) => {
  const sent = sentBy(context);
  const uc = campaign();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?utm_source=e2e&utm_medium=test&utm_campaign=${uc}`);
  await expect.poll(() => sent.length).toBe(1);
  expect(sent[0]!.body).toEqual({ k: 'view', r: '/', d: 'phone', us: 'e2e', um: 'test', uc });
  const { request } = sent[0]!;
  expect(request.method()).toBe('POST');
  expect(request.url()).toBe(trackEndpoint(SUPABASE_URL, LOCAL_ANON_KEY));
  expect(await request.headerValue('content-type')).toBe('text/plain;charset=UTF-8');
  await expect.poll(() => rowsOf(uc)).toEqual([{ kind: 'view', route: '/', product: null, price_cents: null, device: 'phone' }]);
});

test('a buy click is sent with the product and the price shown, and arrives although the page leaves at once', async ({ page, context }) => {
  const { page: platform, product } = platformPages[0]!;
  const sent = sentBy(context);
  const uc = campaign();
  await page.goto(`${platform.route}?utm_campaign=${uc}`);
  await islandsReady(page);
  const button = page.locator(`[data-buy="${product.id}"] a[data-checkout]`).first();
  const checkout = (await button.getAttribute('data-checkout'))!;
  // The checkout's address with the click's reference added (the provider's parameter, model/sales/reference.ts).
  await page.route((url) => url.href.startsWith(checkout), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
  // The block the button is in, as a call to action's: its id when it has one, and its type.
  const block = await button.evaluate((a) => ({ ...(a.closest<HTMLElement>('[data-block-type]')!.dataset) }));
  // The click and the navigation in one task: nothing of the page is left to send afterwards.
  await button.evaluate((b, to) => {
    (b as HTMLAnchorElement).click();
    location.assign(to);
  }, checkout);
  await page.waitForURL((url) => url.href.startsWith(checkout));
  const buy = {
    k: 'buy', r: platform.route, d: 'desktop', uc, p: product.id, c: Math.round(product.price * 100), x: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    ...(block.block ? { b: block.block } : {}), t: block.blockType,
  };
  await expect.poll(() => sent.map((s) => s.body)).toEqual([{ k: 'view', r: platform.route, d: 'desktop', uc }, buy]);
  // Stored by the database (so it arrived), though the page that sent it was gone at once. (Playwright
  // does not always see the answer to a beacon its page outlived, so the row is the proof.)
  await expect.poll(() => rowsOf(uc)).toEqual([
      { kind: 'view', route: platform.route, product: null, price_cents: null, device: 'desktop' },
      { kind: 'buy', route: platform.route, product: product.id, price_cents: buy.c, device: 'desktop' },
    ]);
});

test('a capture is sent once the address is stored', async ({ page, context }) => {
  const withCapture = pages.find((p) => p.sections.some((s) => s.type === 'email-capture'));
  test.skip(!withCapture, 'no page has a starter-kit capture');
  const sent = sentBy(context);
  const uc = campaign();
  await page.goto(`${withCapture!.route}?utm_campaign=${uc}`);
  await islandsReady(page);
  const form = page.getByTestId('capture-form');
  await form.getByRole('textbox', { name: 'Email address' }).fill(`${uc}@example.com`);
  const download = page.waitForEvent('download');
  await form.getByRole('button').click();
  await download;
  await expect(page.getByTestId('capture-thanks')).toBeVisible();
  await expect.poll(() => sent.map((s) => s.body.k)).toEqual(['view', 'capture']);
  expect(sent[1]!.body).toEqual({ k: 'capture', r: withCapture!.route, d: 'desktop', uc });
  await expect.poll(async () => (await rowsOf(uc)).map((r) => r.kind)).toEqual(['view', 'capture']);
});

for (const signal of ['Global Privacy Control', 'Do Not Track'] as const) {
  test(`with ${signal} set, nothing is sent: no view, no buy click`, async ({ page, context }) => {
    await page.addInitScript((gpc) => {
      if (gpc) Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
      else Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });
    }, signal === 'Global Privacy Control');
    const sent = sentBy(context);
    const { page: platform, product } = platformPages[0]!;
    await page.goto(platform.route);
    await islandsReady(page);
    const button = page.locator(`[data-buy="${product.id}"] a[data-checkout]`).first();
    const checkout = (await button.getAttribute('data-checkout'))!;
    await page.route(checkout, (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
    await button.click();
    // The address as written: no reference where the beacon does not run.
    await page.waitForURL(checkout);
    // A control: the same steps send events without the signal (the first test), so silence here is the signal's.
    expect(await page.evaluate(() => '__beacon' in window)).toBe(false);
    expect(sent).toEqual([]);
  });
}

test('a page without islands loads no script file, and the beacon is its only module', async ({ page, request }) => {
  let without: string | undefined;
  for (const p of pages) {
    // The not-found page loads the one line that logs its path (public/not-found.js).
    if (p.route.startsWith('/admin') || p.route === NOT_FOUND_ROUTE) continue;
    const html = await (await request.get(p.route)).text();
    if (!html.includes('data-island=')) {
      without = p.route;
      break;
    }
  }
  test.skip(!without, 'every page has an island');
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(without!);
  await page.waitForLoadState('load');
  expect(scripts).toEqual([]);
  await expect(page.locator('script[src]')).toHaveCount(0);
  expect(await page.locator('script[type="module"]').allTextContents()).toEqual([beaconScript(trackEndpoint(SUPABASE_URL, LOCAL_ANON_KEY))]);
});

test('without script, the no-script pixel counts the page view as this browser (npm start names the visitor to the database)', async ({ browser }) => {
  // A browser of its own, so its visitor hash (address and user agent) is this test's alone.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 e2e-${campaign()}`;
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent });
  const page = await context.newPage();
  // A page of the site (not the not-found page, whose pixel counts a 404).
  const route = pages.find((p) => !p.route.startsWith('/admin') && p.route !== '/' && p.route !== '/404')?.route ?? '/';
  const pixel = page.waitForResponse((r) => new URL(r.url()).pathname === '/_px');
  await page.goto(route);
  const answer = await pixel;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/gif');
  // This browser connected from the loopback, as 127.0.0.1 or ::1: its visitor is the day's hash of that.
  const views = () =>
    dbQuery<{ route: string; kind: string }>(
      `select route, kind from analytics.events where visitor in (
         select sha256((select salt from private.analytics_salt) || convert_to((select site from analytics.settings) || chr(10) || private.client_of(a) || chr(10) || $1, 'UTF8'))
         from unnest(array['127.0.0.1', '::1']) a)`,
      [userAgent],
    );
  await expect.poll(views).toEqual([{ route, kind: 'view' }]);
  await context.close();
});
