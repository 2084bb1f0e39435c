-- Every figure true (issue 49, points 3 to 5): the proof of work costs a script what it costs a
-- person, the catalogue only moves forward, a buy click names a product its page sells, and buy clicks
-- nobody saw the page for are counted apart.
--
-- 1. The proof of work's difficulty, set by `npm run bench -- --proof-of-work` (generator/bench/
--    proof-of-work.ts): a native solver (Node's crypto.createHash, one core) needs at least 0.5 s at
--    the median, a phone-class browser (Chromium at 4x CPU slowdown, @noble/hashes in a Web Worker,
--    model/proof-of-work.ts) at most 2 s. Was 50,000: altcha-lib's awaited
--    crypto.subtle call per number took a browser 1.4 s where a plain Node loop took 66 ms.
-- 2. The catalogue carries its build's version (`version`, the time the site was built). A catalogue
--    older than the stored one that would change it is refused with a message, so an admin tab left
--    open from an old build never rolls prices, products or experiments back. It also says which
--    products each route's buy buttons sell (`routes`), kept in analytics.route_products.
-- 3. public.track(): a buy click must name a product its route sells (once the catalogue says what
--    routes sell). Buy events keep their reference (analytics.events.reference) for the visitor-day,
--    so a page view arriving just after its buy click (two requests of one tap can cross) still
--    marks the click as seen.
-- 4. A buy click without a view of the same page by the same visitor that day is counted apart: the
--    rollup calls it 'buy-unviewed' (analytics.raw_daily), so it is in no buy count or ratio; the
--    screen shows it on its own line (public.admin_insights: totals.unviewedBuys, pages[].unviewedBuys).
--    Its reference is kept with viewed = false (analytics.buy_references.viewed), so the orders it
--    brings are shown as orders from visitors not counted (public.admin_order_visits), never in
--    orders per visitor.
-- 5. An event that carries a page's version (a buy, a call to action) marks the visitor-day as exposed
--    to it from that moment, if the visitor-day also viewed that version (analytics.step_tokens,
--    analytics.raw_paths, private.visit_steps): a buy click whose request reached the database before
--    its page view's was counted before the exposure and lost from the experiment's conversions.

-- 1. The proof of work.
update private.proof_of_work set maxnumber = 800000;

-- 2. The catalogue's version and what each route sells.
create table analytics.catalogue_version (
  id boolean primary key default true check (id),
  version timestamptz,
  published_at timestamptz not null default now()
);
comment on table analytics.catalogue_version is 'The version (build time) of the catalogue in analytics.products, analytics.experiment_arms and analytics.route_products; null when it was published without one. Written by public.publish_catalogue().';

create table analytics.route_products (
  route text not null check (route ~ '^/[a-z0-9/-]*$'),
  product text not null check (product ~ '^[a-z0-9][a-z0-9-]*$' and char_length(product) <= 64),
  primary key (route, product)
);
comment on table analytics.route_products is 'Per route, the products its buy buttons sell: a buy event must name one of its route''s (once any route is listed). Written by public.publish_catalogue().';

do $$
declare
  v_table text;
begin
  foreach v_table in array array['analytics.catalogue_version', 'analytics.route_products'] loop
    execute format('alter table %s enable row level security', v_table);
    execute format('revoke all on table %s from public, anon, authenticated, service_role', v_table);
    execute format('grant select on table %s to authenticated', v_table);
    execute format($p$create policy "Admins can read %1$s" on %1$s for select to authenticated
      using ((select (auth.jwt() -> 'app_metadata' ->> 'role') = 'admin'))$p$, v_table);
    execute format($p$create policy "Admin reads of %1$s need aal2" on %1$s as restrictive for select to authenticated
      using ((select (auth.jwt() ->> 'aal') = 'aal2'))$p$, v_table);
    execute format($p$create policy "Admin reads of %1$s need a live session" on %1$s as restrictive for select to authenticated
      using ((select rls.session_is_live()))$p$, v_table);
  end loop;
end;
$$;

-- 20251230000000_sales.sql's, and: `version` (the build's time, ISO 8601) and `routes`
-- ([{"route", "products": [...]}]). A catalogue that would change what is stored is refused when it is
-- older than the stored one, or has no version while the stored one has. One that changes nothing
-- moves the stored version forward. Answers {"changed": bool, "version": the stored version}.
create or replace function public.publish_catalogue(p_catalogue jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_products jsonb := coalesce(p_catalogue -> 'products', '[]');
  v_experiments jsonb := coalesce(p_catalogue -> 'experiments', '[]');
  v_routes jsonb := coalesce(p_catalogue -> 'routes', '[]');
  v_version timestamptz;
  v_stored timestamptz := (select version from analytics.catalogue_version);
  v_same boolean;
begin
  if (select auth.jwt()) ->> 'role' is not null then
    if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
       or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
       or not rls.session_is_live() then
      raise exception 'only an admin signed in with a second factor may publish the catalogue' using errcode = '42501';
    end if;
  end if;
  if jsonb_typeof(v_products) <> 'array' or jsonb_typeof(v_experiments) <> 'array' or jsonb_typeof(v_routes) <> 'array' then
    raise exception 'invalid catalogue: products, experiments and routes must be arrays' using errcode = '22023';
  end if;
  begin
    v_version := (p_catalogue ->> 'version')::timestamptz;
  exception when others then
    raise exception 'invalid catalogue: version is not an ISO 8601 time' using errcode = '22023';
  end;
  create temporary table if not exists pg_temp.catalogue_products (id text, price_minor bigint, currency text) on commit drop;
  create temporary table if not exists pg_temp.catalogue_arms (route text, experiment text, variant text) on commit drop;
  create temporary table if not exists pg_temp.catalogue_routes (route text, product text) on commit drop;
  truncate pg_temp.catalogue_products, pg_temp.catalogue_arms, pg_temp.catalogue_routes;
  begin
    insert into pg_temp.catalogue_products
    select p ->> 'id', (p ->> 'priceMinor')::bigint, p ->> 'currency' from jsonb_array_elements(v_products) p;
    insert into pg_temp.catalogue_arms
    select e ->> 'route', e ->> 'id', a #>> '{}' from jsonb_array_elements(v_experiments) e, jsonb_array_elements(e -> 'arms') a;
    insert into pg_temp.catalogue_routes
    select distinct r ->> 'route', p #>> '{}' from jsonb_array_elements(v_routes) r, jsonb_array_elements(r -> 'products') p;
  exception when others then
    raise exception 'invalid catalogue: %', sqlerrm using errcode = '22023';
  end;
  v_same := not exists (
      (select id, price_minor, currency from pg_temp.catalogue_products except select id, price_minor, currency from analytics.products)
      union all (select id, price_minor, currency from analytics.products except select id, price_minor, currency from pg_temp.catalogue_products))
    and not exists (
      (select route, experiment, variant from pg_temp.catalogue_arms except select route, experiment, variant from analytics.experiment_arms)
      union all (select route, experiment, variant from analytics.experiment_arms except select route, experiment, variant from pg_temp.catalogue_arms))
    and not exists (
      (select route, product from pg_temp.catalogue_routes except select route, product from analytics.route_products)
      union all (select route, product from analytics.route_products except select route, product from pg_temp.catalogue_routes));
  if not v_same then
    if v_stored is not null and (v_version is null or v_version < v_stored) then
      raise exception 'this catalogue is from an older build of the site (built %) than the one the database holds (built %): not published, so an old tab cannot bring back old prices or products',
        coalesce(to_char(v_version at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS "UTC"'), 'at an unknown time'), to_char(v_stored at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS "UTC"')
        using errcode = 'P0001', hint = 'Reload the admin page to get the newest build; a build of older sources is published only by running it (npm start, or psql).';
    end if;
    delete from analytics.products;
    delete from analytics.experiment_arms;
    delete from analytics.route_products;
    begin
      insert into analytics.products select * from pg_temp.catalogue_products;
      insert into analytics.experiment_arms select * from pg_temp.catalogue_arms;
      insert into analytics.route_products select * from pg_temp.catalogue_routes;
    exception when check_violation or not_null_violation or unique_violation then
      raise exception 'invalid catalogue: %', sqlerrm using errcode = '22023';
    end;
  end if;
  if not v_same or v_version > v_stored or (v_stored is null and v_version is not null) then
    insert into analytics.catalogue_version (id, version, published_at) values (true, v_version, now())
    on conflict (id) do update set version = excluded.version, published_at = excluded.published_at;
  end if;
  return jsonb_build_object('changed', not v_same, 'version', (select version from analytics.catalogue_version));
end;
$$;
comment on function public.publish_catalogue(jsonb) is 'Stores the catalogue a build of the site made (products with their prices in minor units, experiments with their arms, the products each route sells, the build''s version), against which track() checks events. Refuses a catalogue from an older build that would change the stored one. Admins at aal2 through the API; the stand-in at start.';

-- 3. A buy event's reference, for its visitor-day (deleted with the raw events); and whether a buy
-- click's visitor had viewed its page that day.
alter table analytics.events add column reference text;
alter table analytics.buy_references add column viewed boolean not null default true;
comment on column analytics.buy_references.viewed is 'Whether the visitor viewed the click''s page that day (before or just after the click): a click without one is counted apart, and its orders are not in orders per visitor.';

-- 5. Step tokens: an event carrying a page's version (a buy, a call to action) names the exposure
-- before its own token, so a buy click that reached the database before its page view still follows
-- its exposure. raw_paths keeps a version's token only for visitor-days that viewed that version.
create or replace function analytics.step_tokens(p_kind text, p_route text, p_block text, p_product text, p_variant text)
returns text[]
language sql
immutable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it. Every name
-- is qualified, so the caller's search_path cannot change it.
as $$
  select case p_kind
    when 'view' then array['view:' || p_route] || case when p_variant is null then '{}'::text[] else array['variant:' || p_route || '=' || p_variant] end
    else case when p_variant is null then '{}'::text[] else array['variant:' || p_route || '=' || p_variant] end
      || case p_kind when 'cta' then array['cta:' || p_block] when 'buy' then array['buy:' || p_product] else array[p_kind || ':' || p_route] end
  end
$$;

-- A token's place: its first event (time, then id) and its place in that event's tokens. A version's
-- token without a view of that version the same day is left out: only a page view exposes a visitor.
create or replace function analytics.raw_paths(p_from date, p_to date, p_unfolded_only boolean default true)
returns setof analytics.daily_paths
language sql
stable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it, so the
-- day range is planned with its values and the day indexes are used. Every name is qualified and
-- the function runs with the caller's rights, so the caller's search_path cannot change it.
as $$
  select day, steps, count(*) from (
  select day, visitor, array_agg(token order by first_at, first_key) as steps
  from (
    select ev.day, ev.visitor, tok.token, min(ev.at) as first_at, min(ev.id * 4 + tok.n) as first_key, bool_or(ev.kind = 'view') as viewed
    from analytics.events ev
    cross join lateral unnest(analytics.step_tokens(ev.kind, ev.route, ev.block_id, ev.product, ev.variant)) with ordinality as tok(token, n)
    where ev.day between p_from and p_to
      -- The unfolded days, computed once (an array), so the day index finds their rows only.
      and ev.day = any (array(select g.day::date from generate_series(p_from, p_to, interval '1 day') g(day)
                              where not (p_unfolded_only and exists (select 1 from analytics.folded_days f where f.day = g.day::date))))
    group by ev.day, ev.visitor, tok.token
  ) s
  where viewed or left(token, 8) <> 'variant:'
  group by day, visitor
  ) p
  group by day, steps
$$;

-- One visitor-day's steps so far, as raw_paths orders them.
create function private.visit_steps(p_day date, p_visitor bytea)
returns text[]
language sql
stable
set search_path = ''
as $$
  select coalesce(array_agg(token order by first_at, first_key), '{}') from (
    select tok.token, min(ev.at) as first_at, min(ev.id * 4 + tok.n) as first_key, bool_or(ev.kind = 'view') as viewed
    from analytics.events ev
    cross join lateral unnest(analytics.step_tokens(ev.kind, ev.route, ev.block_id, ev.product, ev.variant)) with ordinality as tok(token, n)
    where ev.day = p_day and ev.visitor = p_visitor
    group by tok.token) s
  where viewed or left(token, 8) <> 'variant:'
$$;
revoke all on function private.visit_steps(date, bytea) from public;

-- 20251230000000_sales.sql's, with the steps of private.visit_steps and whether the page was viewed.
create or replace function private.store_buy_reference(p_reference text, p_visitor bytea, p_body jsonb, p_experiment text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'utc')::date;
begin
  insert into analytics.buy_references (reference, route, block_id, block_type, product, variant, experiment,
    referrer_host, utm_source, utm_medium, utm_campaign, device, steps, viewed)
  select p_reference, p_body ->> 'r', p_body ->> 'b', p_body ->> 't', p_body ->> 'p', p_body ->> 'v', p_experiment,
    t.referrer_host, t.utm_source, t.utm_medium, t.utm_campaign, t.device, private.visit_steps(v_day, p_visitor),
    exists (select 1 from analytics.events v where v.day = v_day and v.visitor = p_visitor and v.kind = 'view' and v.route = p_body ->> 'r')
  from (
    select
      (array_agg(ev.referrer_host order by ev.at, ev.id) filter (where ev.referrer_host is not null))[1] as referrer_host,
      (array_agg(ev.utm_source order by ev.at, ev.id) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null))[1] as utm_source,
      (array_agg(ev.utm_medium order by ev.at, ev.id) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null))[1] as utm_medium,
      (array_agg(ev.utm_campaign order by ev.at, ev.id) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null))[1] as utm_campaign,
      (array_agg(ev.device order by ev.at, ev.id) filter (where ev.device is not null))[1] as device
    from analytics.events ev where ev.day = v_day and ev.visitor = p_visitor
  ) t
  on conflict (reference) do nothing;
end;
$$;
revoke all on function private.store_buy_reference(text, bytea, jsonb, text) from public;

-- 20251230000000_sales.sql's public.track(), and:
-- - a buy must name a product its route sells (analytics.route_products), once any route is listed;
-- - a buy event keeps its reference x for its visitor-day;
-- - a page view marks the visitor-day's earlier buy clicks on that page as seen, with their steps
--   again (the view's request can reach the database after its buy click's).
create or replace function public.track(text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_headers json := nullif(current_setting('request.headers', true), '')::json;
  v_refused json;
  v_body jsonb;
  v_problem text;
  v_agent text := coalesce(v_headers ->> 'user-agent', '');
  v_price bigint;
  v_experiment text;
  v_visitor bytea;
  v_day date := (now() at time zone 'utc')::date;
  c_hint constant text := 'Send {"k":kind,"r":"/route","d":"phone|tablet|desktop"} and optional b, t, p, f, us, um, uc, v, x (see supabase/README.md).';
begin
  -- Global Privacy Control and Do Not Track: nothing counted, nothing stored, not even the attempt.
  if btrim(coalesce(v_headers ->> 'sec-gpc', '')) = '1' or btrim(coalesce(v_headers ->> 'dnt', '')) = '1' then
    return private.refusal(403, 'not_tracked', 'not counted: the browser asks not to be tracked (Sec-GPC or DNT)',
      'Browsers that send Global Privacy Control or Do Not Track are not counted at all.');
  end if;
  v_refused := private.count_request('events');
  if v_refused is not null then
    return v_refused;
  end if;
  if octet_length($1) > 4096 then
    return private.refusal(400, '22023', 'invalid event: the body is longer than 4096 bytes', c_hint);
  end if;
  begin
    v_body := $1::jsonb;
  exception when others then
    return private.refusal(400, '22023', 'invalid event: the body is not JSON', c_hint);
  end;
  v_problem := private.analytics_event_problem(v_body);
  if v_problem is null and v_body ? 'p' then
    select price_minor into v_price from analytics.products where id = v_body ->> 'p';
    if not found then
      v_problem := format('p (product) %s is not in the catalogue', v_body ->> 'p');
    elsif v_body ->> 'k' = 'buy' and v_body ? 'c' and (v_body ->> 'c')::bigint <> v_price then
      v_problem := format('c (price) %s is not the catalogue''s price of %s; leave it out, the catalogue''s is used', v_body ->> 'c', v_body ->> 'p');
    elsif v_body ->> 'k' = 'buy' and exists (select 1 from analytics.route_products)
          and not exists (select 1 from analytics.route_products where route = v_body ->> 'r' and product = v_body ->> 'p') then
      v_problem := format('p (product) %s is not sold on %s (its buy buttons sell: %s)', v_body ->> 'p', v_body ->> 'r',
        coalesce((select string_agg(product, ', ' order by product) from analytics.route_products where route = v_body ->> 'r'), 'nothing'));
    end if;
  end if;
  if v_problem is null and v_body ? 'v' then
    select experiment into v_experiment from analytics.experiment_arms where route = v_body ->> 'r' and variant = v_body ->> 'v';
    if not found then
      v_problem := format('v (variant) %s is not one of the variants of %s''s experiment', v_body ->> 'v', v_body ->> 'r');
    end if;
  end if;
  if v_problem is not null then
    return private.refusal(400, '22023', 'invalid event: ' || v_problem, c_hint);
  end if;
  if v_agent = '' or private.is_bot_cached(v_agent) then
    return private.refusal(403, 'bot', 'not counted: the user-agent header is empty or a bot''s',
      'Automated clients are not counted (the list is the isbot package''s).');
  end if;
  v_visitor := sha256(private.analytics_salt_today()
    || convert_to((select site from analytics.settings) || chr(10) || private.client_address() || chr(10) || v_agent, 'UTF8'));
  insert into analytics.events (visitor, kind, route, block_id, block_type, product, price_cents,
    referrer_host, utm_source, utm_medium, utm_campaign, device, variant, reference)
  values (v_visitor, v_body ->> 'k', v_body ->> 'r', v_body ->> 'b', v_body ->> 't', v_body ->> 'p',
    case when v_body ->> 'k' = 'buy' then v_price end,
    v_body ->> 'f', v_body ->> 'us', v_body ->> 'um', v_body ->> 'uc', v_body ->> 'd', v_body ->> 'v', v_body ->> 'x');
  if v_body ? 'x' then
    perform private.store_buy_reference(v_body ->> 'x', v_visitor, v_body, v_experiment);
  elsif v_body ->> 'k' = 'view' then
    update analytics.buy_references r set viewed = true, steps = private.visit_steps(v_day, v_visitor)
    from analytics.events e
    where e.day = v_day and e.visitor = v_visitor and e.kind = 'buy' and e.route = v_body ->> 'r'
      and e.reference = r.reference and not r.viewed;
  end if;
  return null;
end;
$$;
comment on function public.track(text) is 'The beacon''s one call: a JSON event as text (text/plain, no CORS preflight). null when stored; 400 naming the field (a product not in the catalogue or not sold on the route, a variant its route does not declare, a price not the catalogue''s), 403 for a bot or a browser sending Sec-GPC or DNT, 429 past the caps; nothing stored when refused. A buy''s value is the catalogue''s price; its reference x stores the click''s attribution.';

-- 4. The rollup rows of raw events (20251221000000_analytics_fast_screen.sql's), with a buy click
-- whose visitor did not view its page that day as kind 'buy-unviewed': in no buy count, shown apart.
create or replace function analytics.raw_daily(p_from date, p_to date, p_unfolded_only boolean default true)
returns setof analytics.daily
language sql
stable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it, so the
-- day range is planned with its values and the day indexes are used. Every name is qualified and
-- the function runs with the caller's rights, so the caller's search_path cannot change it.
as $$
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
$$;

-- 20251221000000_analytics_fast_screen.sql's, and the buy clicks without a view of their page
-- (totals.unviewedBuys, pages[].unviewedBuys), and the visitor-days that clicked buy (totals.buyers,
-- pages[].buyers): a share of visitors that never passes 100%, where buy clicks per visitor did for a
-- visitor who clicked three times.
create or replace function public.admin_insights(p_from date, p_to date)
returns jsonb
language plpgsql
stable
set search_path = ''
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
          'buyers', coalesce(sum(visitors) filter (where kind = 'buy'), 0),
          'unviewedBuys', coalesce(sum(events) filter (where kind = 'buy-unviewed'), 0),
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
          'route', route, 'views', views, 'visitors', visitors, 'buys', buys, 'buyers', buyers, 'unviewedBuys', unviewed, 'captures', captures,
          'ctas', ctas, 'buyValueCents', value) order by views desc, route)
        from (select route,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'view'), 0) as visitors,
            coalesce(sum(events) filter (where kind = 'buy'), 0) as buys,
            coalesce(sum(visitors) filter (where kind = 'buy'), 0) as buyers,
            coalesce(sum(events) filter (where kind = 'buy-unviewed'), 0) as unviewed,
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

-- Per route and product of the buy click, the period's paid orders whose click followed a view of its
-- page by the same visitor that day (counted: the visitor is among the page's visitors) and those whose
-- click did not; and the orders no buy click claims (no script, a blocker, a bot: a visitor never
-- counted). Orders per visitor divide only the counted ones by visitors; the screen shows the rest on
-- their own line.
create function public.admin_order_visits(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_from timestamptz := p_from::timestamp at time zone 'utc';
  v_to timestamptz := (p_to + 1)::timestamp at time zone 'utc';
begin
  perform analytics.check_range(p_from, p_to);
  return (
    with o as (
      select r.route, r.product, r.viewed
      from sales.orders o
      left join analytics.buy_references r on r.reference = o.reference
      where o.paid and o.amount_minor is not null and o.currency is not null and o.paid_at >= v_from and o.paid_at < v_to
    )
    select jsonb_build_object(
      'routes', coalesce((select jsonb_agg(jsonb_build_object('route', route, 'product', product, 'counted', counted, 'unviewed', unviewed) order by route, product)
        from (select route, product, count(*) filter (where viewed) as counted, count(*) filter (where not viewed) as unviewed
              from o where route is not null group by route, product) x), '[]'),
      'unattributed', (select count(*) from o where route is null)));
end;
$$;
comment on function public.admin_order_visits(date, date) is 'Paid orders of [p_from, p_to] per route and product of their buy click: counted (the click followed a view of its page by the same visitor that day) and unviewed; and unattributed (no buy click). Admins at aal2 only.';
revoke all on function public.admin_order_visits(date, date) from public, anon, authenticated, service_role;
grant execute on function public.admin_order_visits(date, date) to authenticated;
