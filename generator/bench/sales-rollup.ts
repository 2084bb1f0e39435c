// The sales rollup the screen reads (sales.daily_sales, 20260101000000_sales_rollup.sql) against a
// recount of the orders with their buy clicks: how many (day, panel, key) rows differ. Its slots are
// summed first (each connection writes its own). The benches check it after loading orders in bulk
// (bench/analytics.ts) and after 50 concurrent webhook senders and their replays (bench/checkout-webhook.ts).
type Query = (sql: string) => Promise<{ rows: { n: string | number }[] }>;

const DIFFERENCES = `
  with recount as (
    select o.day, k.panel, k.key, count(*) as orders, count(*) filter (where o.refunded > 0) as refunded_orders,
      sum(o.gross) as gross_minor, sum(o.refunded) as refunded_minor
    from sales.orders_between(current_date - 1000, current_date + 1) o
    cross join lateral sales.order_panels(o.day, o.currency, o.net, o.product, case when o.attributed then o.reference end, null,
      o.route, o.block_id, o.block_type, o.referrer_host, o.utm_source, o.utm_medium, o.utm_campaign, o.steps) k
    group by 1, 2, 3),
  rollup as (
    select day, panel, key, sum(orders), sum(refunded_orders), sum(gross_minor), sum(refunded_minor) from sales.daily_sales
    group by 1, 2, 3 having sum(orders) <> 0 or sum(refunded_orders) <> 0 or sum(gross_minor) <> 0 or sum(refunded_minor) <> 0)
  select count(*) as n from ((table recount except table rollup) union all (table rollup except table recount)) d`;

export async function salesRollupDifferences(query: Query): Promise<number> {
  return Number((await query(DIFFERENCES)).rows[0]!.n);
}
