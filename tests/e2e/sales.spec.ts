// A sale from the visitor's click to the admin's screen (issue 41): on a platform page under an
// experiment, a visitor shown variant b clicks buy; the checkout address carries the click's reference
// in the provider's parameter; the provider's signed checkout.session.completed for that reference
// arrives at the stand-in's /functions/v1/checkout-webhook, then its replay, then a refund; the admin,
// at aal2, sees on /admin/insights one order with its amount on that platform's card and that variant,
// then the refund. Then the checkout webhook's deliveries on the Sales panel (issue 49): a delivery the
// database refused shows with its reason and a warning; buy clicks with no order warn once the site's
// own rate of clicks to orders makes that many unlikely, and not one click earlier.
//
// The live site has no experiment, and the stand-in checks a buy's variant against the catalogue the
// site was built with, so this runs `npm start` on a copy of the platform-experiment-site fixture
// (with the live site's admin pages, the experiment starting today) with its own stand-in, database
// and webhook secret, on ports of its own beside the run's.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import Stripe from 'stripe';
import { compileSite } from '../../generator/core/compile.ts';
import { CHECKOUT_PROVIDERS, REFERENCE_PATTERN } from '../../model/sales/reference.ts';
import { chooseVariant } from '../../model/analytics/choose-variant.ts';
import { arms, type Experiment } from '../../model/analytics/experiment.ts';
import type { PageDefinition } from '../../model/page.ts';
import { fromMinor, toMinor } from '../../model/sales/money.ts';
import type { Product } from '../../model/schema.generated.ts';
import { orderRate, unlikelyClicks } from '../../runtime/admin/checkout-deliveries-maths.ts';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD, LOCAL_ADMIN_TOTP_SECRET, LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { copyProject, projectRoot } from '../unit/fixture.ts';
import { islandsReady, openAdmin, submitAdminSignIn } from './helpers.ts';
import { startCopy, stopCopy } from './start-copy.ts';
import { E2E_PORT, E2E_SUPABASE_PORT } from '../ports.ts';

const PORT = E2E_PORT + 7;
const SUPABASE = `http://127.0.0.1:${E2E_SUPABASE_PORT + 7}`;
const BASE = `http://127.0.0.1:${PORT}`;
const EXPERIMENT_SECRET = 'the sales e2e secret, not a real one';
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const today = new Date().toISOString().slice(0, 10);

let dir = '';
let server: ChildProcess | undefined;
let page: PageDefinition;
let experiment: Experiment;
let product: Product;
let currency = 'USD';
let variant = '';
let variantHeadline = '';
let agent = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(400_000);
  dir = copyProject('sales-e2e-', 'platform-experiment-site');
  cpSync(join(projectRoot, 'pages/admin'), join(dir, 'pages/admin'), { recursive: true });
  const compiledBefore = compileSite(dir).site!;
  const file = join(dir, compiledBefore.pages.find((p) => p.experiment && p.template === 'platform')!.file);
  const yaml = readFileSync(file, 'utf8').replace(/^ {2}start: .*$/m, `  start: "${today}"`);
  expect(yaml).toContain(`start: "${today}"`);
  writeFileSync(file, yaml);
  const compiled = compileSite(dir);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const site = compiled.site!;
  page = site.pages.find((p) => p.experiment && p.template === 'platform')!;
  experiment = page.experiment!;
  variant = experiment.variants[0]!;
  const shown = site.variants!.find((v) => v.route === page.route && v.variant === variant)!;
  variantHeadline = (shown.sections.find((s) => s.type === 'platform-hero') as { headline: string }).headline;
  const hero = page.sections.find((s) => s.type === 'platform-hero') as { product: string; headline: string };
  expect(variantHeadline).not.toBe(hero.headline);
  product = site.site.products.find((p) => p.id === hero.product)!;
  currency = site.site.checkout.currency ?? 'USD';
  expect(site.site.checkout.provider).toBe('Stripe');
  for (let i = 0; !agent && i < 500; i++) {
    const ua = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + i}.0.0.0 Safari/537.36`;
    if ((await chooseVariant({ experiment: experiment.id, arms: arms(experiment), address: '127.0.0.1', userAgent: ua, secret: EXPERIMENT_SECRET })) === variant) agent = ua;
  }
  expect(agent).not.toBe('');
  server = await startCopy(dir, PORT, { VITE_SUPABASE_URL: SUPABASE, EXPERIMENT_SECRET, CHECKOUT_WEBHOOK_SECRET: WEBHOOK_SECRET, DATA_DIR: join(dir, '.data'), NO_STANDIN: '' });
});

test.afterAll(async () => {
  await signedIn?.context().close();
  await stopCopy(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Sends one Stripe event to the stand-in's webhook, signed as Stripe signs it. */
async function deliver(event: object): Promise<number> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const r = await fetch(`${SUPABASE}/functions/v1/checkout-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  await r.arrayBuffer();
  return r.status;
}

let signedIn: Page | undefined;

/**
 * The admin's page on /admin/insights, signed in at aal2 once for the whole file: a code signs in
 * once, and a second sign-in within its 30 seconds would need the next one. Reloaded each time, so
 * the screen reads the database as it is now.
 */
async function signedInAdmin(browser: Browser): Promise<Page> {
  if (!signedIn) {
    const admin = await (await browser.newContext({ baseURL: BASE })).newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(admin, '/admin/insights?range=today');
    await submitAdminSignIn(admin, LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD);
    const code = admin.getByTestId('admin-code');
    await code.getByLabel('6-digit code').fill(new TOTP({ secret: Secret.fromBase32(LOCAL_ADMIN_TOTP_SECRET) }).generate());
    await code.getByRole('button', { name: 'Verify' }).click();
    await expect(code).toHaveCount(0);
    await expect(admin.getByTestId('admin-session')).toContainText(`Signed in as ${LOCAL_ADMIN_EMAIL}`);
    signedIn = admin;
  }
  await signedIn.reload();
  await islandsReady(signedIn);
  return signedIn;
}

/** One beacon event from the visitor's browser (its user agent), as the site's beacon sends it. */
async function track(event: object): Promise<void> {
  const r = await fetch(`${SUPABASE}/rest/v1/rpc/track?apikey=${LOCAL_ANON_KEY}`, { method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': agent }, body: JSON.stringify(event) });
  expect(r.status, await r.text()).toBe(200);
}

/** The platform's money card and the variant's row on /admin/insights, as the admin reads them. */
async function moneyShown(admin: Page) {
  await admin.reload();
  await islandsReady(admin);
  const card = admin.getByTestId('sales-card').and(admin.locator(`[data-route="${page.route}"]`));
  const row = admin.getByTestId('sales-table-variants').getByTestId('sales-row').filter({ hasText: `Variant ${variant}` }).filter({ hasText: page.route });
  return { card, row };
}

test('a buy on a platform page’s variant becomes, through the signed webhook, one order on its card and its variant, then its refund', async ({ browser }) => {
  test.slow();
  const amount = toMinor(product.price, currency);
  const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(fromMinor(minor, currency));

  // The visitor, shown the variant, clicks buy: the checkout address carries the click's reference.
  const visitor = await (await browser.newContext({ userAgent: agent, baseURL: BASE })).newPage();
  await visitor.route((u) => u.href.startsWith(product.checkoutUrl), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
  await visitor.goto(page.route);
  await expect(visitor.locator('html')).toHaveAttribute('data-variant', variant);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(variantHeadline);
  await islandsReady(visitor);
  const button = visitor.locator(`a[data-checkout="${product.checkoutUrl}"]`).first();
  // The call to action that sold: the block the button is in (its id, or its type without one).
  const block = await button.evaluate((a) => { const b = a.closest<HTMLElement>('[data-block-type]')!; return b.dataset.block ?? b.dataset.blockType!; });
  await button.click();
  await visitor.waitForURL((u) => u.href.startsWith(product.checkoutUrl));
  const checkout = new URL(visitor.url());
  const reference = checkout.searchParams.get(CHECKOUT_PROVIDERS.Stripe.parameter)!;
  expect(reference).toMatch(REFERENCE_PATTERN);
  expect(checkout.origin + checkout.pathname).toBe(new URL(product.checkoutUrl).origin + new URL(product.checkoutUrl).pathname);
  await visitor.context().close();

  // The provider's signed event for that reference, then the same event again (a retry), as Stripe sends them.
  const orderId = `pi_${randomBytes(12).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const sale = {
    id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type: 'checkout.session.completed', created, livemode: false,
    data: { object: { id: `cs_test_${randomBytes(12).toString('hex')}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete', payment_intent: orderId, amount_total: amount, currency: currency.toLowerCase(), client_reference_id: reference, metadata: {}, created } },
  };
  expect(await deliver(sale)).toBeLessThan(300);
  expect(await deliver(sale)).toBeLessThan(300);

  // The admin at aal2: one order of the product's price, on the platform's card and on the variant.
  const admin = await signedInAdmin(browser);
  await expect(admin.getByTestId('insights-sales-source')).toContainText('only from the checkout');
  await expect(async () => {
    const { card, row } = await moneyShown(admin);
    await expect(card.getByTestId('sales-orders')).toHaveText('1', { timeout: 1000 });
    await expect(card.getByTestId('sales-net')).toHaveText(money(amount), { timeout: 1000 });
    await expect(card.getByTestId('sales-refunded')).toHaveText(money(0), { timeout: 1000 });
    await expect(row.getByTestId('sales-orders')).toHaveText('1', { timeout: 1000 });
    await expect(row.getByTestId('sales-net')).toHaveText(money(amount), { timeout: 1000 });
    await expect(admin.getByTestId('sales-table-ctas').getByTestId('sales-row').filter({ hasText: block }).getByTestId('sales-orders')).toHaveText('1', { timeout: 1000 });
    // The experiment, judged on money: the order on the version it was made on, none on the control.
    const judged = admin.getByTestId('experiment').filter({ hasText: experiment.id }).getByTestId('experiment-money');
    await expect(judged.locator(`[data-arm="${variant}"]`).getByTestId('experiment-money-orders')).toHaveText('1', { timeout: 1000 });
    await expect(judged.locator('[data-arm="control"]').getByTestId('experiment-money-orders')).toHaveText('0', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // The screen at a phone's width and a desktop's, for the report's screenshots.
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    // From the top: a full-page shot taken scrolled draws the sticky header over the middle.
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.screenshot({ path: test.info().outputPath(`sales-${width}.png`), fullPage: true });
    const box = (await admin.getByTestId('insights-sales').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  await admin.setViewportSize({ width: 1280, height: 900 });

  // The refund, in full: the order stays, its money is refunded, the net is zero.
  const refund = {
    id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type: 'charge.refunded', created: created + 60, livemode: false,
    data: { object: { id: `ch_${randomBytes(12).toString('hex')}`, object: 'charge', payment_intent: orderId, amount, amount_refunded: amount, currency: currency.toLowerCase(), paid: true, refunded: true, status: 'succeeded', created } },
  };
  expect(await deliver(refund)).toBeLessThan(300);
  await expect(async () => {
    const { card, row } = await moneyShown(admin);
    await expect(card.getByTestId('sales-orders')).toHaveText('1', { timeout: 1000 });
    await expect(card.getByTestId('sales-refunded')).toContainText(money(amount), { timeout: 1000 });
    await expect(card.getByTestId('sales-net')).toHaveText(money(0), { timeout: 1000 });
    await expect(row.getByTestId('sales-net')).toHaveText(money(0), { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('the Sales panel shows a delivery the webhook refused, with its reason, and warns of it', async ({ browser }) => {
  // A signed sale the database cannot store: a currency that is no ISO 4217 code.
  const id = randomBytes(12).toString('hex');
  const created = Math.floor(Date.now() / 1000);
  const odd = {
    id: `evt_${id}`, object: 'event', type: 'checkout.session.completed', created, livemode: false,
    data: { object: { id: `cs_test_${id}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete', payment_intent: `pi_${id}`, amount_total: 100, currency: 'usdx', client_reference_id: null, metadata: {}, created } },
  };
  expect(await deliver(odd)).toBe(400);
  const admin = await signedInAdmin(browser);
  const panel = admin.getByTestId('insights-sales');
  await expect(panel.getByTestId('checkout-deliveries')).toBeVisible({ timeout: 30_000 });
  const refused = panel.getByTestId('delivery').first();
  await expect(refused).toHaveAttribute('data-outcome', 'refused');
  await expect(refused.getByTestId('delivery-outcome')).toHaveText('Refused (400)');
  await expect(refused.getByTestId('delivery-reason')).toHaveText('currency USDX is not an ISO 4217 code');
  await expect(refused).toContainText(`event evt_${id}`);
  const warning = panel.getByTestId('deliveries-warning').and(admin.locator('[data-kind="refused"]'));
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('The last delivery, just now, was refused');
  await expect(warning).toContainText('currency USDX is not an ISO 4217 code');
  // The sale before it is still listed, counted.
  await expect(panel.getByTestId('delivery').and(admin.locator('[data-outcome="counted"]')).first()).toBeVisible();
});

test('the Sales panel warns once buy clicks kept coming without an order for longer than the site’s rate makes likely', async ({ browser }) => {
  test.slow();
  const admin = await signedInAdmin(browser);
  const figure = async (id: string) => Number(await admin.getByTestId(id).textContent());
  await expect(admin.getByTestId('clicks-since-order')).toContainText('Last order', { timeout: 30_000 });
  // The rate the panel judges by: the clicks before the last order, and the orders they made.
  const n = unlikelyClicks(orderRate({ clicksBefore: await figure('clicks-before'), ordersBefore: await figure('orders-before') }));
  const already = await figure('clicks-since');
  expect(already).toBeLessThan(n - 1);
  const clicksWarning = admin.getByTestId('deliveries-warning').and(admin.locator('[data-kind="clicks"]'));
  await expect(clicksWarning).toHaveCount(0);
  // A visitor views the platform page and presses buy, again and again; no order comes.
  await track({ k: 'view', r: page.route, d: 'phone' });
  const buy = () => track({ k: 'buy', r: page.route, d: 'phone', p: product.id, x: randomBytes(16).toString('base64url').slice(0, 22) });
  for (let i = already; i < n - 1; i++) await buy();
  await admin.reload();
  await expect(admin.getByTestId('clicks-since')).toHaveText(String(n - 1));
  await expect(clicksWarning).toHaveCount(0);
  await buy();
  await admin.reload();
  await expect(admin.getByTestId('clicks-since')).toHaveText(String(n));
  await expect(clicksWarning).toBeVisible();
  await expect(clicksWarning).toContainText(`${n} buy clicks since the last order, `);
  await admin.screenshot({ path: test.info().outputPath('sales-deliveries-warning.png'), fullPage: true });
});

test('without script the buy button still reaches the checkout, with no reference (that sale is unattributed)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent: agent, baseURL: BASE });
  const visitor = await context.newPage();
  await visitor.route((u) => u.href.startsWith(product.checkoutUrl), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
  await visitor.goto(page.route);
  await visitor.locator(`a[data-checkout="${product.checkoutUrl}"]`).first().click();
  await visitor.waitForURL((u) => u.href.startsWith(product.checkoutUrl));
  expect(visitor.url()).toBe(product.checkoutUrl);
  await context.close();
});
