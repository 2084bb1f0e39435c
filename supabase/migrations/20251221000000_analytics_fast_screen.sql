-- The /admin/insights queries within 300 ms at 1,000,000 events over 90 days (issue 32).
--
-- Measured on PostgreSQL 15 with EXPLAIN (ANALYZE, BUFFERS) at 1,000,000 events (raw_days 30, the
-- older days folded; npm run bench -- --analytics), three causes:
--
-- 1. The policies made the planner expect one row from every analytics table. A policy written
--    `(select auth.jwt() ->> 'aal') = 'aal2'` compares an unknown value to a constant, which the
--    planner estimates as 0.5% of rows; two such policies leave 1/40,000 of the rows, so 103,715
--    rollup rows and a day's 11,112 raw events were both planned as one row. analytics.raw_daily then
--    joined each raw event to its visitor-day's first touch by a nested loop (11,112 x 2,778 rows
--    scanned): 4 to 14 s for any range, one day as slow as ninety, because it is today's raw events
--    that every range reads. The same policies, with the whole comparison inside the sub-select, are
--    one boolean the planner counts as half the rows: the same rule, planned with real sizes.
-- 2. raw_daily needs no join at all: the first touch is a window over the visitor-day.
-- 3. The screen summed the full rollup (every event dimension crossed with every first-touch one,
--    about 1,150 rows a day) eight times. fold() now also keeps the screen's own sums per day
--    (analytics.daily_screen, about 270 rows a day in seven panels, each part of the screen reading
--    only its panel's), computed from analytics.daily's rows by one query, and today's raw events go
--    through the same query: the numbers cannot differ from summing analytics.daily, only the rows
--    read do. analytics.daily stays, for exports and new questions.
--
-- Funnels and experiments read analytics.daily_paths; an experiment now tests each distinct path
-- once, not once per day it occurs (its goal's regular expression ran on every path of every day).
--
-- admin_insights and admin_experiment answer the same JSON as before (admin_funnel is unchanged), so
-- the screen and its types are too.

-- 1. The same policies, each one a boolean sub-select (names and meaning unchanged).
do $$
declare
  v_table text;
begin
  foreach v_table in array array['events', 'daily', 'daily_paths', 'folded_days'] loop
    execute format($p$alter policy "Admins can read analytics %1$s" on analytics.%1$I
      using ((select (auth.jwt() -> 'app_metadata' ->> 'role') = 'admin'))$p$, v_table);
    execute format($p$alter policy "Admin reads of analytics %1$s need aal2" on analytics.%1$I
      using ((select (auth.jwt() ->> 'aal') = 'aal2'))$p$, v_table);
  end loop;
end;
$$;

-- 2. The rollup rows of raw events, as before (same columns, same numbers), without a self-join:
-- the visitor-day's first touch and landing route come from one window ordered by (at, id).
create or replace function analytics.raw_daily(p_from date, p_to date, p_unfolded_only boolean default true)
returns setof analytics.daily
language sql
stable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it, so the
-- day range is planned with its values and the day indexes are used. Every name is qualified and
-- the function runs with the caller's rights, so the caller's search_path cannot change it.
as $$
  with e as (
    select ev.day, ev.visitor, ev.route, ev.kind, ev.block_id, ev.block_type, ev.product, ev.variant, ev.price_cents,
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
$$;

-- 3. The screen's sums per day, one panel per way /admin/insights groups them, so that each part of
-- the screen reads its own few rows: 'kinds' per kind (totals, the daily chart); 'pages' per kind and
-- route; 'blocks' per route and block, of the calls to action (kind cta); 'products' per route and
-- product, of the buy clicks (kind buy); 'referrers', 'campaigns' and 'devices' per kind and
-- that first touch (null where the visitor-day had none). Each is a sum of analytics.daily's rows
-- (visitors are visitor-days, summed as the screen summed them), so the numbers are the rollup's.
create table analytics.daily_screen (
  day date not null,
  panel text not null check (panel in ('kinds', 'pages', 'blocks', 'products', 'referrers', 'campaigns', 'devices')),
  kind text not null,
  route text,
  block_id text,
  block_type text,
  product text,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text,
  events bigint not null,
  visitors bigint not null,
  value_cents bigint not null
);
comment on table analytics.daily_screen is 'analytics.daily summed per day the ways /admin/insights shows it (panel kinds, pages, blocks, products, referrers, campaigns, devices); written by analytics.fold() with the rollup, kept forever.';
create index daily_screen_panel_day_idx on analytics.daily_screen (panel, day);

alter table analytics.daily_screen enable row level security;
revoke all on table analytics.daily_screen from anon, authenticated;
grant select on table analytics.daily_screen to authenticated;
create policy "Admins can read analytics daily_screen" on analytics.daily_screen for select to authenticated
  using ((select (auth.jwt() -> 'app_metadata' ->> 'role') = 'admin'));
create policy "Admin reads of analytics daily_screen need aal2" on analytics.daily_screen as restrictive for select to authenticated
  using ((select (auth.jwt() ->> 'aal') = 'aal2'));
create policy "Admin reads of analytics daily_screen need a live session" on analytics.daily_screen as restrictive for select to authenticated
  using ((select rls.session_is_live()));

-- The screen's rows for [p_from, p_to]: of the folded days' rollup rows (p_folded, what fold()
-- stores) or of the unfolded days' raw events (what the screen adds to the stored ones). One query
-- for both, so a day's numbers are the same before and after folding.
create function analytics.screen_rows(p_from date, p_to date, p_folded boolean)
returns setof analytics.daily_screen
language sql
stable
-- No SET clause: inlined into its caller and planned with the range (see analytics.raw_daily).
as $$
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
$$;
revoke all on function analytics.screen_rows(date, date, boolean) from public;
grant execute on function analytics.screen_rows(date, date, boolean) to authenticated;

-- The days folded before this migration.
insert into analytics.daily_screen
select * from analytics.screen_rows((select min(day) from analytics.daily), (select max(day) from analytics.daily), true);

-- fold(): as before, and the day's screen rows from its rollup rows.
create or replace function analytics.fold()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before date := ((now() at time zone 'utc') - interval '10 minutes')::date;
  v_day date;
  v_folded integer := 0;
begin
  -- Through the API (a request's claims are set) only an admin at aal2; cron and psql have none.
  if (select auth.jwt()) ->> 'role' is not null then
    if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
       or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
       or not rls.session_is_live() then
      raise exception 'only an admin signed in with a second factor may fold the analytics' using errcode = '42501';
    end if;
  end if;
  for v_day in
    select distinct ev.day from analytics.events ev
    where ev.day < v_before and not exists (select 1 from analytics.folded_days f where f.day = ev.day)
    order by 1
  loop
    -- Claiming the day first: a second fold running at once skips it.
    insert into analytics.folded_days (day) values (v_day) on conflict (day) do nothing;
    continue when not found;
    insert into analytics.daily select * from analytics.raw_daily(v_day, v_day, false);
    insert into analytics.daily_screen select * from analytics.screen_rows(v_day, v_day, true);
    insert into analytics.daily_paths select * from analytics.raw_paths(v_day, v_day, false);
    v_folded := v_folded + 1;
  end loop;
  delete from analytics.events
  where day < (now() at time zone 'utc')::date - (select raw_days from analytics.settings)
    and day in (select day from analytics.folded_days);
  return v_folded;
end;
$$;
revoke all on function analytics.fold() from public;
grant execute on function analytics.fold() to authenticated;

-- The screen's numbers, from the screen rows: the same JSON as before.
create or replace function public.admin_insights(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
-- A plan for each range: a cached generic plan, made without the dates, scans every day.
set plan_cache_mode = force_custom_plan
as $$
begin
  perform analytics.check_range(p_from, p_to);
  return (
    -- The unfolded days' rows, computed once; each panel reads its stored rows by (panel, day).
    with t as materialized (select * from analytics.screen_rows(p_from, p_to, false)),
    d as not materialized (
      select * from analytics.daily_screen s where s.day between p_from and p_to
      union all
      select * from t)
    select jsonb_build_object(
      'totals', (select jsonb_build_object(
          'visitors', coalesce(sum(visitors) filter (where kind = 'visit'), 0),
          'views', coalesce(sum(events) filter (where kind = 'view'), 0),
          'buys', coalesce(sum(events) filter (where kind = 'buy'), 0),
          'captures', coalesce(sum(events) filter (where kind = 'capture'), 0),
          'contacts', coalesce(sum(events) filter (where kind = 'contact'), 0),
          'previews', coalesce(sum(events) filter (where kind = 'preview'), 0),
          'notFound', coalesce(sum(events) filter (where kind = '404'), 0),
          'buyValueCents', coalesce(sum(value_cents) filter (where kind = 'buy'), 0)) from d where panel = 'kinds'),
      'daily', (select jsonb_agg(jsonb_build_object(
          'day', to_char(g.day, 'YYYY-MM-DD'),
          'visitors', coalesce(x.visitors, 0), 'views', coalesce(x.views, 0),
          'buys', coalesce(x.buys, 0), 'captures', coalesce(x.captures, 0)) order by g.day)
        from generate_series(p_from, p_to, interval '1 day') as g(day)
        left join (
          select day,
            sum(visitors) filter (where kind = 'visit') as visitors, sum(events) filter (where kind = 'view') as views,
            sum(events) filter (where kind = 'buy') as buys, sum(events) filter (where kind = 'capture') as captures
          from d where panel = 'kinds' group by day) x on x.day = g.day::date),
      'pages', coalesce((select jsonb_agg(jsonb_build_object(
          'route', route, 'views', views, 'visitors', visitors, 'buys', buys, 'captures', captures,
          'ctas', ctas, 'buyValueCents', value) order by views desc, route)
        from (select route,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'view'), 0) as visitors,
            coalesce(sum(events) filter (where kind = 'buy'), 0) as buys,
            coalesce(sum(events) filter (where kind = 'capture'), 0) as captures,
            coalesce(sum(events) filter (where kind = 'cta'), 0) as ctas,
            coalesce(sum(value_cents) filter (where kind = 'buy'), 0) as value
          from d where panel = 'pages' and kind <> 'visit' group by route) p), '[]'),
      'referrers', coalesce((select jsonb_agg(jsonb_build_object('host', host, 'views', views, 'visitors', visitors) order by visitors desc, host)
        from (select referrer_host as host,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'visit'), 0) as visitors
          from d where panel = 'referrers' and referrer_host is not null group by referrer_host) r), '[]'),
      'campaigns', coalesce((select jsonb_agg(jsonb_build_object('source', utm_source, 'medium', utm_medium, 'campaign', utm_campaign,
            'views', views, 'visitors', visitors) order by visitors desc, utm_source, utm_medium, utm_campaign)
        from (select utm_source, utm_medium, utm_campaign,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'visit'), 0) as visitors
          from d where panel = 'campaigns' and coalesce(utm_source, utm_medium, utm_campaign) is not null
          group by utm_source, utm_medium, utm_campaign) c), '[]'),
      'blocks', coalesce((select jsonb_agg(jsonb_build_object('route', route, 'blockId', block_id, 'blockType', block_type, 'clicks', clicks)
            order by route, clicks desc, block_id)
        from (select route, block_id, block_type, sum(events) as clicks
          from d where panel = 'blocks' and kind = 'cta' group by route, block_id, block_type) b), '[]'),
      'products', coalesce((select jsonb_agg(jsonb_build_object('product', product, 'route', route, 'buys', buys, 'buyValueCents', value)
            order by buys desc, product, route)
        from (select product, route, sum(events) as buys, sum(value_cents) as value
          from d where panel = 'products' and kind = 'buy' group by product, route) b), '[]'),
      'devices', coalesce((select jsonb_agg(jsonb_build_object('device', device, 'views', views) order by views desc, device)
        from (select device, sum(events) as views from d where panel = 'devices' and kind = 'view' and device is not null group by device) v), '[]'))
  );
end;
$$;

-- The experiment, as before, testing each distinct path once (the paths repeat from day to day).
create or replace function public.admin_experiment(p_route text, p_experiment text, p_goal jsonb, p_from date, p_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
-- A plan for each range: a cached generic plan, made without the dates, scans every day.
set plan_cache_mode = force_custom_plan
as $$
declare
  v_goal text;
  v_prefix text;
begin
  perform analytics.check_range(p_from, p_to);
  if p_route is null or p_route !~ '^/[a-z0-9/-]*$' then
    raise exception 'invalid experiment: p_route is not a plain path' using errcode = '22023';
  end if;
  if p_experiment is null or p_experiment !~ '^[a-z0-9][a-z0-9-]*$' then
    raise exception 'invalid experiment: p_experiment is not a slug' using errcode = '22023';
  end if;
  v_goal := analytics.step_regex(p_goal, 'goal');
  v_prefix := 'variant:' || p_route || '=';
  return coalesce((
    with paths as materialized (
      select day, steps, visitors from analytics.paths_between(p_from, p_to)
    ),
    -- Each distinct path once: its first variant of the route, and whether the goal follows it
    -- (materialized: merged into the join below, the test ran once per path and day).
    scored as materialized (
      select d.steps, v.variant, d.s ~ (' ' || v_prefix || v.variant || '(?= ).*' || v_goal) as converted
      from (select steps, ' ' || array_to_string(steps, ' ') || ' ' as s from paths group by steps) d
      cross join lateral (
        select substr(t, char_length(v_prefix) + 1) as variant from unnest(d.steps) with ordinality u(t, n)
        where left(t, char_length(v_prefix)) = v_prefix order by n limit 1) v
    ),
    per_day as (
      select sc.variant, p.day, sum(p.visitors) as visitors, coalesce(sum(p.visitors) filter (where sc.converted), 0) as conversions
      from paths p join scored sc on sc.steps = p.steps
      group by sc.variant, p.day
    )
    select jsonb_agg(jsonb_build_object('variant', pv.variant, 'visitors', pv.visitors, 'conversions', pv.conversions,
        'daily', (select jsonb_agg(jsonb_build_object('day', to_char(g.day, 'YYYY-MM-DD'),
              'visitors', coalesce(pd.visitors, 0), 'conversions', coalesce(pd.conversions, 0)) order by g.day)
            from generate_series(p_from, p_to, interval '1 day') g(day)
            left join per_day pd on pd.variant = pv.variant and pd.day = g.day::date)) order by pv.variant)
    from (select variant, sum(visitors) as visitors, sum(conversions) as conversions from per_day group by variant) pv), '[]');
end;
$$;
