// The checkout webhook at load (issue 41): the stand-in (its HTTP server and the checkout-webhook
// module a hosted project deploys) on a throwaway PostgreSQL 15 that keeps its crash safety (fsync
// and synchronous_commit on), so an acknowledged order is one whose commit is on disk. `deliveries`
// Stripe sales, each signed by the official package before the clock starts (signing is the
// provider's work), sent by 50 concurrent senders; each is verified (Stripe-Signature on the raw body)
// and stored through public.record_checkout_event as the service role. Deliveries a second over the
// run, and every acknowledged order found in sales.orders once (0 lost). Then each delivery again: a
// replay is acknowledged and stores nothing. Last, the sales rollup equals a recount of the orders.
import { loadavg } from 'node:os';
import { saleDelivery, signatureHeaders, type Delivery } from '../../supabase/local/checkout-events.ts';
import { concurrently } from '../../supabase/local/concurrently.ts';
import { startStandIn } from '../../supabase/local/server.ts';
import { startThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { salesRollupDifferences } from './sales-rollup.ts';

export const WEBHOOK_BUDGETS = { perSecond: 200, lost: 0, concurrency: 50 };

export interface WebhookFigures {
  deliveries: number;
  seconds: number;
  perSecond: number;
  acknowledged: number;
  stored: number;
  replaysAcknowledged: number;
  ordersAfterReplays: number;
  /** Rows of the sales rollup that differ from a recount of the orders after it all (0: the screen counts every order once). */
  rollupDifferences: number;
  load: [number, number];
  /** CPU time of this process (the senders and the stand-in: HTTP, verification, the database client) per delivery. */
  nodeCpuMs: number;
}

const SECRET = 'whsec_bench_secret';

async function send(base: string, d: Delivery, headers: Record<string, string>): Promise<number> {
  const response = await fetch(new URL('/functions/v1/checkout-webhook', base), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: d.body });
  await response.arrayBuffer();
  return response.status;
}

export async function webhookFigures(deliveries = 2_000): Promise<WebhookFigures> {
  const server = await startThrowawayPostgres({ durable: true });
  const standIn = await startStandIn({ port: 0, host: '127.0.0.1', databaseUrl: server.url, quiet: true, checkoutSecret: SECRET, checkoutProvider: 'Stripe' });
  try {
    const sales = Array.from({ length: deliveries }, (_, i) => saleDelivery('Stripe', { amountMinor: 2900 + (i % 3) * 1000, currency: 'USD' }));
    const signed = await Promise.all(sales.map((d) => signatureHeaders(d, SECRET)));
    // Warm-up, untimed: connections, plans, the crypto key.
    const warm = Array.from({ length: 100 }, () => saleDelivery('Stripe', { amountMinor: 100, currency: 'USD' }));
    await concurrently(warm.length, WEBHOOK_BUDGETS.concurrency, async (i) => send(standIn.url, warm[i]!, await signatureHeaders(warm[i]!, SECRET)));
    const loadBefore = loadavg()[0]!;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const statuses = await concurrently(sales.length, WEBHOOK_BUDGETS.concurrency, (i) => send(standIn.url, sales[i]!, signed[i]!));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const loadAfter = loadavg()[0]!;
    const acknowledged = sales.filter((_, i) => statuses[i] === 200).map((d) => d.orderId);
    const count = async () => (await standIn.query<{ n: number }>('select count(*)::int as n from sales.orders where order_id = any($1)', [sales.map((d) => d.orderId)])).rows[0]!.n;
    const stored = (await standIn.query<{ n: number }>('select count(*)::int as n from sales.orders where order_id = any($1)', [acknowledged])).rows[0]!.n;
    const replays = await concurrently(sales.length, WEBHOOK_BUDGETS.concurrency, async (i) => send(standIn.url, sales[i]!, await signatureHeaders(sales[i]!, SECRET)));
    return {
      deliveries, seconds, perSecond: deliveries / seconds, acknowledged: acknowledged.length, stored,
      replaysAcknowledged: replays.filter((s) => s === 200).length, ordersAfterReplays: await count(),
      rollupDifferences: await salesRollupDifferences((sql) => standIn.query(sql)), load: [loadBefore, loadAfter],
      nodeCpuMs: (used.user + used.system) / 1000 / deliveries,
    };
  } finally {
    await standIn.close();
    await server.stop();
  }
}

export function describeWebhook(f: WebhookFigures): string {
  return [
    `checkout webhook: ${f.deliveries} signed Stripe sales from ${WEBHOOK_BUDGETS.concurrency} concurrent senders, verified and stored on the stand-in's PostgreSQL (fsync on) in ${f.seconds.toFixed(1)} s = ${Math.round(f.perSecond)} events/s (budget ${WEBHOOK_BUDGETS.perSecond}); acknowledged ${f.acknowledged}, stored ${f.stored}, lost ${f.acknowledged - f.stored}`,
    `  then every one replayed: ${f.replaysAcknowledged} acknowledged, orders still ${f.ordersAfterReplays}, sales rollup rows unlike a recount ${f.rollupDifferences} (load average ${f.load[0].toFixed(1)} before, ${f.load[1].toFixed(1)} after, on 2 shared cores;`,
    `  ${f.nodeCpuMs.toFixed(2)} ms of Node CPU a delivery, senders and stand-in together)`,
  ].join('\n');
}

export function webhookOverBudget(f: WebhookFigures): string[] {
  const over: string[] = [];
  if (f.perSecond < WEBHOOK_BUDGETS.perSecond) over.push(`checkout webhook ${Math.round(f.perSecond)} events/s, budget ${WEBHOOK_BUDGETS.perSecond}`);
  if (f.stored !== f.acknowledged) over.push(`checkout webhook lost ${f.acknowledged - f.stored} acknowledged orders`);
  if (f.acknowledged !== f.deliveries) over.push(`checkout webhook refused ${f.deliveries - f.acknowledged} valid deliveries`);
  if (f.ordersAfterReplays !== f.stored) over.push(`checkout webhook: replays changed the orders (${f.stored} -> ${f.ordersAfterReplays})`);
  if (f.rollupDifferences) over.push(`checkout webhook: the sales rollup differs from a recount of the orders in ${f.rollupDifferences} rows`);
  return over;
}
