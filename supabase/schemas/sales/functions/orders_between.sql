CREATE OR REPLACE FUNCTION sales.orders_between(p_from date, p_to date)
 RETURNS TABLE(provider text, order_id text, status text, day date, paid_at timestamp with time zone, currency text, gross bigint, refunded bigint, net bigint, product text, reference text, attributed boolean, route text, block_id text, block_type text, variant text, experiment text, referrer_host text, utm_source text, utm_medium text, utm_campaign text, steps text[])
 LANGUAGE sql
 STABLE
AS $function$
  select o.provider, o.order_id, o.status, (o.paid_at at time zone 'utc')::date, o.paid_at, o.currency,
    o.amount_minor, least(o.refunded_minor, o.amount_minor), o.amount_minor - least(o.refunded_minor, o.amount_minor),
    coalesce(r.product, o.product), o.reference, r.reference is not null,
    r.route, r.block_id, r.block_type, r.variant, r.experiment, r.referrer_host,
    r.utm_source, r.utm_medium, r.utm_campaign, coalesce(r.steps, '{}')
  from sales.orders o
  left join analytics.buy_references r on r.reference = o.reference
  where o.paid and o.amount_minor is not null and o.currency is not null
    and o.paid_at >= (p_from::timestamp at time zone 'utc') and o.paid_at < ((p_to + 1)::timestamp at time zone 'utc')
$function$;
revoke all on function sales.orders_between(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function sales.orders_between(date,date) to authenticated;
comment on function sales.orders_between(date,date) is NULL;
