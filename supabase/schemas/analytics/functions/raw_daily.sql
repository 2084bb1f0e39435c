CREATE OR REPLACE FUNCTION analytics.raw_daily(p_from date, p_to date, p_unfolded_only boolean DEFAULT true)
 RETURNS SETOF analytics.daily
 LANGUAGE sql
 STABLE
AS $function$
  with e as (
    select ev.day, ev.visitor, ev.route,
      -- Only buy events look for their page's view (the day index finds the visitor-day's events).
      case when ev.kind <> 'buy' then ev.kind
        when exists (select 1 from analytics.events v where v.day = ev.day and v.visitor = ev.visitor and v.kind = 'view' and v.route = ev.route) then 'buy'
        else 'buy-unviewed' end as kind,
      ev.block_id, ev.block_type, ev.product, ev.variant, ev.price_cents,
      row_number() over w as n,
      (array_agg(ev.referrer_host) filter (where ev.referrer_host is not null) over w)[1] as referrer_host,
      (array_agg(ev.utm_source) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null) over w)[1] as utm_source,
      (array_agg(ev.utm_medium) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null) over w)[1] as utm_medium,
      (array_agg(ev.utm_campaign) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null) over w)[1] as utm_campaign,
      (array_agg(ev.device) filter (where ev.device is not null) over w)[1] as device
    from analytics.events ev
    where ev.day between p_from and p_to
      -- The unfolded days, computed once (an array), so the day index finds their rows only.
      and ev.day = any (array(select g.day::date from generate_series(p_from, p_to, interval '1 day') g(day)
                              where not (p_unfolded_only and exists (select 1 from analytics.folded_days f where f.day = g.day::date))))
    -- The whole visitor-day is the frame: every event carries the day's first touch.
    window w as (partition by ev.day, ev.visitor order by ev.at, ev.id rows between unbounded preceding and unbounded following)
  )
  select day, route, kind, block_id, block_type, product, variant,
    referrer_host, utm_source, utm_medium, utm_campaign, device,
    count(*), count(distinct visitor), coalesce(sum(price_cents), 0)
  from e
  group by day, route, kind, block_id, block_type, product, variant,
    referrer_host, utm_source, utm_medium, utm_campaign, device
  union all
  -- One 'visit' row per landing route (the visitor-day's first event) and first touch: its visitors
  -- are whole visitor-days, so they add up to the day's visitors, and to each referrer's and campaign's.
  select day, route, 'visit', null, null, null, null,
    referrer_host, utm_source, utm_medium, utm_campaign, device, count(*), count(*), 0
  from e
  where n = 1
  group by day, route, referrer_host, utm_source, utm_medium, utm_campaign, device
$function$;
revoke all on function analytics.raw_daily(date,date,boolean) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.raw_daily(date,date,boolean) to authenticated;
comment on function analytics.raw_daily(date,date,boolean) is NULL;
