// The checkout webhook on the stand-in (/functions/v1/checkout-webhook, the module a hosted project
// deploys), end to end on a real database: a buy click sends its reference through track(); then
// `npm run checkout:trigger` sends a signed sale for it (the product and price the click named), its
// replay and refunds, as `stripe trigger` would; the order is on the click's route, product and
// variant, once, with its refunds netted. Every delivery is in the log with its outcome and reason;
// signed events the database cannot store are refused with a 400 and their reason and add no order; a
// refund of a payment the site never sold is acknowledged and adds none. Without a secret every
// webhook is refused, and the start banner says so; 50 concurrent deliveries lose no acknowledged order.
// A headless browser's buy click is a bot's, not stored, unless the stand-in is started with
// STANDIN_COUNT_HEADLESS=1 (docs/engineer/tests.md's way to test the buy flow with one).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { concurrently } from '../../supabase/local/concurrently.ts';
import { deliver, refundDelivery, saleDelivery } from '../../supabase/local/checkout-events.ts';
import { BROWSER_UA } from '../../supabase/local/concurrently.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { siteCatalogue } from '../../generator/host/site-catalogue.ts';
import { fromMinor, minorDigits } from '../../model/sales/money.ts';

const run = promisify(execFile);
const SECRET = 'whsec_stand_in_test_secret';
const REFERENCE = 'TestRef_0123456789-abc';
const root = process.cwd();
const catalogue = siteCatalogue(root);
// The first route under an experiment in the site, if any: the order should land on its variant.
const experiment = catalogue.experiments[0];
// A route and a product its buy buttons sell (track() refuses any other pair), on the experiment's route
// if it sells one; the product not the first of the catalogue, which a sale without a click would be.
const pairs = catalogue.routes.flatMap((r) => r.products.map((id) => ({ route: r.route, id })));
const notFirst = (x: { id: string }) => x.id !== catalogue.products[0]!.id;
const pick = pairs.find((x) => x.route === experiment?.route && notFirst(x)) ?? pairs.find(notFirst) ?? pairs[0]!;
const soldOn = pick.route;
const product = catalogue.products.find((p) => p.id === pick.id)!;

let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true, catalogue, checkoutSecret: SECRET, checkoutProvider: 'Stripe' });
  await standIn.query(`update private.hourly_limits set per_hour = 1000000 where action = 'events'`);
});
afterAll(async () => standIn?.close());

/** `npm run checkout:trigger -- ...args`: its output and exit code, never throwing. */
const trigger = (args: string[], env: Record<string, string | undefined> = { CHECKOUT_WEBHOOK_SECRET: SECRET }) =>
  run('npx', ['tsx', 'generator/cli/checkout-trigger.ts', ...args], { cwd: root, env: { ...process.env, VITE_SUPABASE_URL: standIn.url, CHECKOUT_WEBHOOK_SECRET: undefined, ...env } })
    .then((r) => ({ ...r, code: 0 }))
    .catch((e: { stdout: string; stderr: string; code: number }) => ({ stdout: e.stdout, stderr: e.stderr, code: e.code }));

const order = async (reference: string) =>
  (await standIn.query<{ status: string; amount_minor: number; refunded_minor: number; n: number }>(
    `select status, amount_minor::int, refunded_minor::int, count(*) over ()::int as n from sales.orders where reference = $1`, [reference])).rows;

const deliveries = async (orderId: string) =>
  (await standIn.query<{ outcome: string; status: number; reason: string | null }>(
    'select outcome, status, reason from sales.webhook_deliveries where order_id = $1 order by id', [orderId])).rows;

const track = (body: object) =>
  fetch(new URL(`/rest/v1/rpc/track?apikey=${encodeURIComponent(standIn.anonKey)}`, standIn.url), {
    method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA }, body: JSON.stringify(body),
  });

/** A buy click of `product` on its route with `reference`, as the beacon sends it. */
async function buyClick(reference: string, route = soldOn) {
  expect((await track({ k: 'view', r: route, d: 'phone' })).status).toBe(200);
  expect((await track({ k: 'buy', r: route, d: 'phone', p: product.id, x: reference })).status).toBe(200);
}

const money = (minor: number) => `${fromMinor(minor, product.currency).toFixed(minorDigits(product.currency))} ${product.currency}`;

describe('the checkout webhook on the stand-in', () => {
  it('a buy click, then a signed sale for its reference, its replay and two refunds: one order, netted out', { timeout: 120_000 }, async () => {
    const route = soldOn;
    const variant = experiment?.route === route ? experiment.arms[1] : undefined;
    expect((await track({ k: 'view', r: route, d: 'phone', ...(variant ? { v: variant } : {}) })).status).toBe(200);
    expect((await track({ k: 'buy', r: route, d: 'phone', p: product.id, x: REFERENCE, ...(variant ? { v: variant } : {}) })).status).toBe(200);

    // The product and price are the click's: no --product.
    const sold = await trigger(['sale', REFERENCE]);
    expect(sold.stdout).toContain(`a sale of ${money(product.priceMinor)} for ${product.id}, reference ${REFERENCE}`);
    expect(sold.stdout).toMatch(/→ 200 counted/);
    expect((await trigger(['replay'])).stdout).toMatch(/→ 200 replay/);
    expect(await order(REFERENCE)).toEqual([{ status: 'paid', amount_minor: product.priceMinor, refunded_minor: 0, n: 1 }]);

    const part = Math.floor(product.priceMinor / 3);
    expect((await trigger(['refund', '--amount', String(part)])).stdout).toContain(`a refund of ${money(part)}`);
    expect(await order(REFERENCE)).toEqual([{ status: 'partially_refunded', amount_minor: product.priceMinor, refunded_minor: part, n: 1 }]);
    await trigger(['refund']);
    expect(await order(REFERENCE)).toEqual([{ status: 'refunded', amount_minor: product.priceMinor, refunded_minor: product.priceMinor, n: 1 }]);

    const { rows } = await standIn.query<{ sales: { routes: { route: string; orders: number; netMinor: number; refundedMinor: number }[]; variants: { variant: string }[] } }>(
      `select public.admin_sales(current_date, current_date) as sales`);
    // The owner's query bypasses row-level security: the numbers the admin at aal2 reads.
    expect(rows[0]!.sales.routes).toEqual([expect.objectContaining({ route, attributed: true, orders: 1, netMinor: 0, refundedMinor: product.priceMinor })]);
    if (variant) expect(rows[0]!.sales.variants.map((v) => v.variant)).toEqual([variant]);
    // Every delivery is in the log: the sale, its replay, the two refunds.
    const orderId = (await standIn.query<{ order_id: string }>('select order_id from sales.orders where reference = $1', [REFERENCE])).rows[0]!.order_id;
    expect((await deliveries(orderId)).map((d) => d.outcome)).toEqual(['counted', 'replay', 'counted', 'counted']);
  });

  it('refuses a delivery signed with another secret, and one with no signature, storing nothing and logging both', async () => {
    const before = Number((await standIn.query<{ n: string }>(`select count(*) as n from sales.webhook_deliveries where reason like 'the Stripe signature does not verify%' or reason = 'no Stripe-Signature header'`)).rows[0]!.n);
    const sale = saleDelivery('Stripe', { amountMinor: 100, currency: 'USD' });
    expect((await deliver(standIn.url, sale, 'whsec_wrong')).status).toBe(400);
    const unsigned = await fetch(new URL('/functions/v1/checkout-webhook', standIn.url), { method: 'POST', body: sale.body });
    expect(unsigned.status).toBe(400);
    expect((await standIn.query('select 1 from sales.orders where order_id = $1', [sale.orderId])).rows).toEqual([]);
    const after = Number((await standIn.query<{ n: string }>(`select count(*) as n from sales.webhook_deliveries where reason like 'the Stripe signature does not verify%' or reason = 'no Stripe-Signature header'`)).rows[0]!.n);
    expect(after - before).toBe(2);
  });

  it('refuses signed events the database cannot store with a 400 and their reason, never a 5xx, and adds no order', async () => {
    const cases: [string, ReturnType<typeof saleDelivery>, RegExp][] = [
      ['a currency such as usdx', saleDelivery('Stripe', { amountMinor: 100, currency: 'usdx' }), /currency USDX is not an ISO 4217 code/],
      ['a total of 1e15', saleDelivery('Stripe', { amountMinor: 1e15, currency: 'USD' }), /amountMinor 1000000000000000 is not a whole number/],
      ['a created time before 2000', saleDelivery('Stripe', { amountMinor: 100, currency: 'USD', created: 1 }), /is not a time between 2000 and tomorrow/],
    ];
    for (const [what, sale, reason] of cases) {
      // Signed now, whatever the event says of its own time.
      const answer = await deliver(standIn.url, sale, SECRET);
      expect(answer.status, what).toBe(400);
      expect(JSON.stringify(answer.body), what).toMatch(reason);
      expect((await standIn.query('select 1 from sales.orders where order_id = $1', [sale.orderId])).rows, what).toEqual([]);
      expect(await deliveries(sale.orderId), what).toEqual([{ outcome: 'refused', status: 400, reason: expect.stringMatching(reason) }]);
    }
  });

  it('acknowledges a refund of a payment this site never sold, adding no order; refuses a refund in another currency than its order', async () => {
    const other = refundDelivery('Stripe', { orderId: `pi_${randomBytes(8).toString('hex')}`, amountMinor: 5000, currency: 'USD', refundedMinor: 5000 });
    const answer = await deliver(standIn.url, other, SECRET);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(expect.objectContaining({ outcome: 'ignored', reason: expect.stringMatching(/^not this site's/) }));
    expect((await standIn.query('select 1 from sales.orders where order_id = $1', [other.orderId])).rows).toEqual([]);

    const sale = saleDelivery('Stripe', { amountMinor: 2900, currency: 'EUR' });
    expect((await deliver(standIn.url, sale, SECRET)).status).toBe(200);
    const yen = refundDelivery('Stripe', { orderId: sale.orderId, amountMinor: 2900, currency: 'JPY', refundedMinor: 2900 });
    const refused = await deliver(standIn.url, yen, SECRET);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("currency JPY is not its order's EUR");
    expect((await standIn.query<{ refunded_minor: number; currency: string }>('select refunded_minor::int, currency from sales.orders where order_id = $1', [sale.orderId])).rows)
      .toEqual([{ refunded_minor: 0, currency: 'EUR' }]);
    expect((await deliveries(sale.orderId)).map((d) => d.outcome)).toEqual(['counted', 'refused']);
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

describe('npm run checkout:trigger', () => {
  it('answers --help with its usage, which says which secret it signs with', { timeout: 60_000 }, async () => {
    const help = await trigger(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run checkout:trigger/);
    expect(help.stdout).toContain('CHECKOUT_WEBHOOK_SECRET');
  });

  it('takes a reference that begins with "-" as a reference', { timeout: 60_000 }, async () => {
    const dashed = `-${randomBytes(16).toString('base64url').slice(0, 21)}`;
    await buyClick(dashed);
    const sold = await trigger(['sale', dashed]);
    expect(sold.stderr).toBe('');
    expect(sold.stdout).toContain(`reference ${dashed}`);
    expect((await order(dashed)).map((o) => o.amount_minor)).toEqual([product.priceMinor]);
  });

  it('says "did you mean" for a command, a product and a reference copied one character wrong', { timeout: 60_000 }, async () => {
    const command = await trigger(['sael']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('did you mean sale?');
    const named = await trigger(['sale', '--product', `${product.id}x`]);
    expect(named.stderr).toContain(`did you mean ${product.id}?`);
    const reference = `Near_${randomBytes(16).toString('base64url').slice(0, 17)}`;
    await buyClick(reference);
    const typo = await trigger(['sale', `${reference.slice(0, -1)}${reference.endsWith('A') ? 'B' : 'A'}`]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(`did you mean ${reference}?`);
  });

  it('signs with the local secret unless given one, and says what to do when npm start was given another', { timeout: 60_000 }, async () => {
    const unsigned = await trigger(['sale'], {});
    expect(unsigned.code).toBe(1);
    expect(unsigned.stdout).toMatch(/→ 400 refused: the Stripe signature does not verify/);
    expect(unsigned.stdout).toContain('npm start was given its own CHECKOUT_WEBHOOK_SECRET: give this command the same');
  });
});

describe('a headless browser', () => {
  const HEADLESS = BROWSER_UA.replace('Chrome/', 'HeadlessChrome/');
  const click = (base: StandIn, reference: string) =>
    fetch(new URL(`/rest/v1/rpc/track?apikey=${encodeURIComponent(base.anonKey)}`, base.url), {
      method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': HEADLESS }, body: JSON.stringify({ k: 'buy', r: soldOn, d: 'phone', p: product.id, x: reference }),
    });
  const kept = async (base: StandIn, reference: string) => (await base.query('select 1 from analytics.buy_references where reference = $1', [reference])).rows.length;

  it('is a bot: its buy click is not stored, so its sale would be unattributed', async () => {
    const reference = `Headless_${randomBytes(16).toString('base64url').slice(0, 13)}`;
    await click(standIn, reference);
    expect(await kept(standIn, reference)).toBe(0);
  });

  it('is counted as the browser it is on a stand-in started with STANDIN_COUNT_HEADLESS=1, and says so as it starts', { timeout: 120_000 }, async () => {
    const said: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void said.push(String(line)));
    const counting = await startStandIn({ port: 0, memory: true, catalogue, countHeadless: true }).finally(() => spy.mockRestore());
    try {
      expect(said.join('\n')).toContain('headless browsers: counted as the browsers they are (STANDIN_COUNT_HEADLESS=1, local only)');
      const reference = `Headless_${randomBytes(16).toString('base64url').slice(0, 13)}`;
      expect((await click(counting, reference)).status).toBe(200);
      expect(await kept(counting, reference)).toBe(1);
    } finally {
      await counting.close();
    }
  });
});

describe('without a secret', () => {
  it('the stand-in refuses every webhook, even one correctly signed, and its start banner says every sale will be refused', { timeout: 120_000 }, async () => {
    const said: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void said.push(String(line)));
    const bare = await startStandIn({ port: 0, memory: true, checkoutSecret: '', checkoutProvider: 'Stripe' }).finally(() => spy.mockRestore());
    try {
      const banner = said.join('\n');
      expect(banner).toContain(`checkout webhook: ${bare.url}/functions/v1/checkout-webhook`);
      expect(banner).toContain('provider: Stripe');
      expect(banner).toMatch(/every sale will be refused: CHECKOUT_WEBHOOK_SECRET is not set/);
      const answer = await deliver(bare.url, saleDelivery('Stripe', { amountMinor: 100, currency: 'USD' }), SECRET);
      expect(answer.status).toBe(503);
      expect((await bare.query<{ n: number }>('select count(*)::int as n from sales.orders')).rows[0]!.n).toBe(0);
      expect((await bare.query<{ outcome: string; status: number }>('select outcome, status from sales.webhook_deliveries')).rows).toEqual([{ outcome: 'refused', status: 503 }]);
    } finally {
      await bare.close();
    }
  });
});
