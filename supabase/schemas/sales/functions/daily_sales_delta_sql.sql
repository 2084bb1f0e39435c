CREATE OR REPLACE FUNCTION sales.daily_sales_delta_sql(p_changes text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select format($q$
    insert into sales.daily_sales as d (day, panel, key, shard, orders, refunded_orders, gross_minor, refunded_minor)
    select (c.o_paid_at at time zone 'utc')::date, k.panel, k.key, pg_backend_pid() %% 64, sum(c.sign), coalesce(sum(c.sign) filter (where c.o_refunded > 0), 0),
      sum(c.sign * c.o_amount), sum(c.sign * least(c.o_refunded, c.o_amount))
    from (%s) c
    cross join lateral sales.order_panels((c.o_paid_at at time zone 'utc')::date, c.o_currency, c.o_amount - least(c.o_refunded, c.o_amount),
      c.o_product, c.r_reference, c.r_product, c.r_route, c.r_block_id, c.r_block_type, c.r_referrer_host,
      c.r_utm_source, c.r_utm_medium, c.r_utm_campaign, c.r_steps) k
    where c.o_paid and c.o_amount is not null and c.o_currency is not null
    group by 1, 2, 3
    having sum(c.sign) <> 0 or sum(c.sign * c.o_amount) <> 0 or sum(c.sign * least(c.o_refunded, c.o_amount)) <> 0
      or coalesce(sum(c.sign) filter (where c.o_refunded > 0), 0) <> 0
    -- Always the same order of rows: two webhooks at once lock them in one order, never a deadlock.
    order by 1, 2, 3
    on conflict (day, panel, key, shard) do update set orders = d.orders + excluded.orders,
      refunded_orders = d.refunded_orders + excluded.refunded_orders,
      gross_minor = d.gross_minor + excluded.gross_minor, refunded_minor = d.refunded_minor + excluded.refunded_minor$q$, p_changes)
$function$;
revoke all on function sales.daily_sales_delta_sql(text) from public, anon, authenticated, service_role;
comment on function sales.daily_sales_delta_sql(text) is NULL;
