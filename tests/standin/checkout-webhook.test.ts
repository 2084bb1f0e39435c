// The checkout webhook on the stand-in (/functions/v1/checkout-webhook, the module a hosted project
// deploys), end to end on a real database: a buy click sends its reference through track(); then
// `npm run checkout:trigger` sends a signed sale for it, its replay and refunds, as `stripe trigger`
// would; the order is on the click's route, product and variant, once, with its refunds netted.
// Without a secret every webhook is refused; 50 concurrent deliveries lose no acknowledged order.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrently } from '../../supabase/local/concurrently.ts';
import { deliver, saleDelivery } from '../../supabase/local/checkout-events.ts';
import { BROWSER_UA } from '../../supabase/local/concurrently.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { siteCatalogue } from '../../generator/host/site-catalogue.ts';

const run = promisify(execFile);
const SECRET = 'whsec_stand_in_test_secret';
const REFERENCE = 'TestRef_0123456789-abc';
const root = process.cwd();
const catalogue = siteCatalogue(root);
// The first route under an experiment in the site, if any: the order should land on its variant.
const experiment = catalogue.experiments[0];
// A route and a product its buy buttons sell (track() refuses any other pair): the experiment's, if it sells.
const sold = catalogue.routes.find((r) => r.route === experiment?.route) ?? catalogue.routes[0]!;
const product = catalogue.products.find((p) => p.id === sold.products[0])!;

let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true, catalogue, checkoutSecret: SECRET, checkoutProvider: 'Stripe' });
  await standIn.query(`update private.hourly_limits set per_hour = 1000000 where action = 'events'`);
});
afterAll(async () => standIn?.close());

const trigger = (...args: string[]) =>
  run('npx', ['tsx', 'generator/cli/checkout-trigger.ts', ...args], { cwd: root, env: { ...process.env, VITE_SUPABASE_URL: standIn.url, CHECKOUT_WEBHOOK_SECRET: SECRET } });

const order = async (reference: string) =>
  (await standIn.query<{ status: string; amount_minor: number; refunded_minor: number; n: number }>(
    `select status, amount_minor::int, refunded_minor::int, count(*) over ()::int as n from sales.orders where reference = $1`, [reference])).rows;

const track = (body: object) =>
  fetch(new URL(`/rest/v1/rpc/track?apikey=${encodeURIComponent(standIn.anonKey)}`, standIn.url), {
    method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA }, body: JSON.stringify(body),
  });

describe('the checkout webhook on the stand-in', () => {
  it('a buy click, then a signed sale for its reference, its replay and two refunds: one order, netted out', { timeout: 120_000 }, async () => {
    const route = sold.route;
    const variant = experiment?.route === route ? experiment.arms[1] : undefined;
    expect((await track({ k: 'view', r: route, d: 'phone', ...(variant ? { v: variant } : {}) })).status).toBe(200);
    expect((await track({ k: 'buy', r: route, d: 'phone', p: product.id, x: REFERENCE, ...(variant ? { v: variant } : {}) })).status).toBe(200);

    expect((await trigger('sale', REFERENCE, '--product', product.id)).stdout).toMatch(/→ 200 .*"replay":false/);
    expect((await trigger('replay')).stdout).toMatch(/→ 200 .*"replay":true/);
    expect(await order(REFERENCE)).toEqual([{ status: 'paid', amount_minor: product.priceMinor, refunded_minor: 0, n: 1 }]);

    const part = Math.floor(product.priceMinor / 3);
    await trigger('refund', '--amount', String(part));
    expect(await order(REFERENCE)).toEqual([{ status: 'partially_refunded', amount_minor: product.priceMinor, refunded_minor: part, n: 1 }]);
    await trigger('refund');
    expect(await order(REFERENCE)).toEqual([{ status: 'refunded', amount_minor: product.priceMinor, refunded_minor: product.priceMinor, n: 1 }]);

    const { rows } = await standIn.query<{ sales: { routes: { route: string; orders: number; netMinor: number; refundedMinor: number }[]; variants: { variant: string }[] } }>(
      `select public.admin_sales(current_date, current_date) as sales`);
    // The owner's query bypasses row-level security: the numbers the admin at aal2 reads.
    expect(rows[0]!.sales.routes).toEqual([expect.objectContaining({ route, attributed: true, orders: 1, netMinor: 0, refundedMinor: product.priceMinor })]);
    if (variant) expect(rows[0]!.sales.variants.map((v) => v.variant)).toEqual([variant]);
  });

  it('refuses a delivery signed with another secret, and one with no signature, storing nothing', async () => {
    const sale = saleDelivery('Stripe', { amountMinor: 100, currency: 'USD' });
    expect((await deliver(standIn.url, sale, 'whsec_wrong')).status).toBe(400);
    const unsigned = await fetch(new URL('/functions/v1/checkout-webhook', standIn.url), { method: 'POST', body: sale.body });
    expect(unsigned.status).toBe(400);
    expect((await standIn.query('select 1 from sales.orders where order_id = $1', [sale.orderId])).rows).toEqual([]);
  });

  it('50 concurrent deliveries: every acknowledged order is stored once', { timeout: 120_000 }, async () => {
    const sales = Array.from({ length: 200 }, () => saleDelivery('Stripe', { amountMinor: product.priceMinor, currency: product.currency }));
    const answers = await concurrently(sales.length, 50, (i) => deliver(standIn.url, sales[i]!, SECRET));
    const acknowledged = sales.filter((_, i) => answers[i]!.status === 200).map((s) => s.orderId);
    expect(acknowledged).toHaveLength(sales.length);
    const { rows } = await standIn.query<{ n: number }>('select count(*)::int as n from sales.orders where order_id = any($1)', [acknowledged]);
    expect(rows[0]!.n).toBe(acknowledged.length);
  });
});

describe('without a secret', () => {
  it('the stand-in refuses every webhook, even one correctly signed', { timeout: 120_000 }, async () => {
    const bare = await startStandIn({ port: 0, memory: true, quiet: true, checkoutSecret: '', checkoutProvider: 'Stripe' });
    try {
      const answer = await deliver(bare.url, saleDelivery('Stripe', { amountMinor: 100, currency: 'USD' }), SECRET);
      expect(answer.status).toBe(503);
      expect((await bare.query<{ n: number }>('select count(*)::int as n from sales.orders')).rows[0]!.n).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
