CREATE OR REPLACE FUNCTION analytics.screen_rows(p_from date, p_to date, p_folded boolean)
 RETURNS SETOF analytics.daily_screen
 LANGUAGE sql
 STABLE
AS $function$
  with d as materialized (
    select * from analytics.daily where p_folded and day between p_from and p_to
    union all
    select * from analytics.raw_daily(p_from, p_to) where not p_folded
  )
  select day, 'kinds', kind, null, null, null, null, null, null, null, null, null,
    sum(events)::bigint, sum(visitors)::bigint, sum(value_cents)::bigint
  from d group by day, kind
  union all
  select day, 'pages', kind, route, null, null, null, null, null, null, null, null,
    sum(events)::bigint, sum(visitors)::bigint, sum(value_cents)::bigint
  from d group by day, kind, route
  union all
  select day, 'blocks', kind, route, block_id, block_type, null, null, null, null, null, null,
    sum(events)::bigint, sum(visitors)::bigint, sum(value_cents)::bigint
  from d where kind = 'cta' group by day, kind, route, block_id, block_type
  union all
  select day, 'products', kind, route, null, null, product, null, null, null, null, null,
    sum(events)::bigint, sum(visitors)::bigint, sum(value_cents)::bigint
  from d where kind = 'buy' group by day, kind, route, product
  union all
  select day, 'referrers', kind, null, null, null, null, referrer_host, null, null, null, null,
    sum(events)::bigint, sum(visitors)::bigint, sum(value_cents)::bigint
  from d group by day, kind, referrer_host
  union all
  select day, 'campaigns', kind, null, null, null, null, null, utm_source, utm_medium, utm_campaign, null,
    sum(events)::bigint, sum(visitors)::bigint, sum(value_cents)::bigint
  from d group by day, kind, utm_source, utm_medium, utm_campaign
  union all
  select day, 'devices', kind, null, null, null, null, null, null, null, null, device,
    sum(events)::bigint, sum(visitors)::bigint, sum(value_cents)::bigint
  from d group by day, kind, device
$function$;
revoke all on function analytics.screen_rows(date,date,boolean) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.screen_rows(date,date,boolean) to authenticated;
comment on function analytics.screen_rows(date,date,boolean) is NULL;
