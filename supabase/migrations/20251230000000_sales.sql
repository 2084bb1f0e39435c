-- Sales, not clicks (issue 41): the orders the checkout takes, verified by the provider's signed
-- webhook, traced by a reference from the buy click to the page, block, product, campaign and
-- version that sold them; and the click counts no visitor can forge.
--
-- 1. The catalogue the database checks events against (analytics.products, analytics.experiment_arms):
--    a buy click's value is the catalogue's price, never the request's; a product must be one the
--    catalogue has and a variant one its route's experiment declares. The site's build knows both;
--    public.publish_catalogue() stores them: the stand-in at start (npm start), the admin app at aal2
--    when the catalogue it was built with differs from the stored one (a hosted project), or psql.
-- 2. The reference: a buy event may carry `x`, 22 characters of [A-Za-z0-9_-] (132 random bits) that
--    the buy button also puts into the checkout address. public.track() stores the click's
--    attribution under it (analytics.buy_references): route, block, product, variant and experiment,
--    the visitor-day's first touch (referrer host, utm triplet, device) and its steps so far (the
--    tokens of analytics.daily_paths). Never the visitor hash. A reference no order claims is deleted
--    with the raw events (analytics.fold(), analytics.settings.raw_days).
-- 3. Orders (sales.orders): written only by public.record_checkout_event(), which only the service
--    role may call, i.e. only the checkout-webhook Edge Function after it verified the provider's
--    signature. Kept: provider, the provider's order id, amount and refunds in minor units, ISO
--    currency, status, product, reference, times. Never the buyer's e-mail, name, address or card.
--    Webhook events (sales.webhook_events) are keyed by (provider, event id): a replay changes nothing.
--    An order's state is merged from what each event says (paid once paid, refunds cumulative, the
--    largest wins), so events may come in any order and a refund before its sale still nets out.
-- 4. Reads at aal2 only, security invoker over tables whose policies are the admin's (anyone else
--    reads zeros, anon may not call them): public.admin_sales, public.admin_funnel_sales,
--    public.admin_experiment_revenue, public.admin_orders. Every sum is per currency: nothing adds two
--    currencies.
-- 5. GPC and DNT (issue 40): track() itself refuses an event sent with `Sec-GPC: 1` or `DNT: 1`.

create schema sales;
revoke all on schema sales from public;
grant usage on schema sales to authenticated;
comment on schema sales is 'Orders from the checkout''s verified webhooks (issue 41). Written only by public.record_checkout_event (service role); read by admins at aal2 through public.admin_* functions.';

-- 1. The catalogue, as the build knows it.
create table analytics.products (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]*$' and char_length(id) <= 64),
  price_minor bigint not null check (price_minor between 0 and 999999999),
  currency text not null check (currency ~ '^[A-Z]{3}$')
);
comment on table analytics.products is 'The catalogue''s products and prices (minor units), as the build knows them: a buy event must name one, and its value is this price. Written by public.publish_catalogue().';

create table analytics.experiment_arms (
  route text not null check (route ~ '^/[a-z0-9/-]*$'),
  experiment text not null check (experiment ~ '^[a-z0-9][a-z0-9-]*$'),
  variant text not null check (variant ~ '^[a-z0-9][a-z0-9-]*$'),
  primary key (route, variant)
);
comment on table analytics.experiment_arms is 'Per route under an experiment, its id and arms (control included): an event''s variant must be one of its route''s. Written by public.publish_catalogue().';

-- 2. A buy click's attribution, under its reference.
create table analytics.buy_references (
  reference text primary key check (reference ~ '^[A-Za-z0-9_-]{22}$'),
  at timestamptz not null default now(),
  day date not null default (now() at time zone 'utc')::date,
  route text not null,
  block_id text,
  block_type text,
  product text not null,
  variant text,
  experiment text,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text,
  steps text[] not null default '{}'
);
comment on table analytics.buy_references is 'A buy click''s attribution under the reference it sent to the checkout: route, block, product, variant and experiment of the click; the visitor-day''s first touch and its steps until the click (analytics.daily_paths'' tokens). No visitor hash. Unclaimed ones are deleted with the raw events.';
create index buy_references_day_idx on analytics.buy_references (day);

-- 3. Orders and the webhook events that made them.
create table sales.orders (
  provider text not null check (provider in ('stripe', 'lemonsqueezy', 'polar')),
  order_id text not null check (char_length(order_id) between 1 and 255),
  amount_minor bigint check (amount_minor between 0 and 999999999999),
  currency text check (currency ~ '^[A-Z]{3}$'),
  paid boolean not null default false,
  refunded_minor bigint not null default 0 check (refunded_minor between 0 and 999999999999),
  status text generated always as (case
    when not paid then 'pending'
    when refunded_minor = 0 then 'paid'
    when refunded_minor >= coalesce(amount_minor, 0) then 'refunded'
    else 'partially_refunded' end) stored,
  product text check (char_length(product) <= 64),
  reference text check (reference ~ '^[A-Za-z0-9_-]{22}$'),
  paid_at timestamptz,
  first_seen_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (provider, order_id)
);
comment on table sales.orders is 'One row per order the checkout took, merged from its verified webhook events (any order). Minor units and ISO currency. No e-mail, name, address or card is ever stored. Written only by public.record_checkout_event().';
create index orders_paid_at_idx on sales.orders (paid_at) where paid;
create index orders_reference_idx on sales.orders (reference) where reference is not null;

create table sales.webhook_events (
  provider text not null,
  event_id text not null check (char_length(event_id) between 1 and 255),
  type text not null check (char_length(type) <= 100),
  order_id text,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
comment on table sales.webhook_events is 'Every webhook event that changed an order, keyed by the provider''s event id: a replay of one is acknowledged and changes nothing.';

-- Reads: admins at aal2 with a live session, as for the analytics; writes: nobody through the API.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['analytics.products', 'analytics.experiment_arms', 'analytics.buy_references', 'sales.orders', 'sales.webhook_events'] loop
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

-- The catalogue the site was built with: {"products": [{"id", "priceMinor", "currency"}],
-- "experiments": [{"route", "id", "arms": ["control", ...]}]}. Replaces what was stored; answers
-- {"changed": bool}. Through the API only an admin at aal2 with a live session; without a request's
-- claims (the stand-in at start, psql) anyone who may run it.
create function public.publish_catalogue(p_catalogue jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_products jsonb := coalesce(p_catalogue -> 'products', '[]');
  v_experiments jsonb := coalesce(p_catalogue -> 'experiments', '[]');
  v_same boolean;
begin
  if (select auth.jwt()) ->> 'role' is not null then
    if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
       or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
       or not rls.session_is_live() then
      raise exception 'only an admin signed in with a second factor may publish the catalogue' using errcode = '42501';
    end if;
  end if;
  if jsonb_typeof(v_products) <> 'array' or jsonb_typeof(v_experiments) <> 'array' then
    raise exception 'invalid catalogue: products and experiments must be arrays' using errcode = '22023';
  end if;
  create temporary table if not exists pg_temp.catalogue_products (id text, price_minor bigint, currency text) on commit drop;
  create temporary table if not exists pg_temp.catalogue_arms (route text, experiment text, variant text) on commit drop;
  truncate pg_temp.catalogue_products, pg_temp.catalogue_arms;
  begin
    insert into pg_temp.catalogue_products
    select p ->> 'id', (p ->> 'priceMinor')::bigint, p ->> 'currency' from jsonb_array_elements(v_products) p;
    insert into pg_temp.catalogue_arms
    select e ->> 'route', e ->> 'id', a #>> '{}' from jsonb_array_elements(v_experiments) e, jsonb_array_elements(e -> 'arms') a;
  exception when others then
    raise exception 'invalid catalogue: %', sqlerrm using errcode = '22023';
  end;
  v_same := not exists (
      (select id, price_minor, currency from pg_temp.catalogue_products except select id, price_minor, currency from analytics.products)
      union all (select id, price_minor, currency from analytics.products except select id, price_minor, currency from pg_temp.catalogue_products))
    and not exists (
      (select route, experiment, variant from pg_temp.catalogue_arms except select route, experiment, variant from analytics.experiment_arms)
      union all (select route, experiment, variant from analytics.experiment_arms except select route, experiment, variant from pg_temp.catalogue_arms));
  if not v_same then
    delete from analytics.products;
    delete from analytics.experiment_arms;
    begin
      insert into analytics.products select * from pg_temp.catalogue_products;
      insert into analytics.experiment_arms select * from pg_temp.catalogue_arms;
    exception when check_violation or not_null_violation or unique_violation then
      raise exception 'invalid catalogue: %', sqlerrm using errcode = '22023';
    end;
  end if;
  return jsonb_build_object('changed', not v_same);
end;
$$;
comment on function public.publish_catalogue(jsonb) is 'Stores the catalogue the site was built with (products with their prices in minor units, experiments with their arms), against which track() checks buy events and variants. Admins at aal2 through the API; the stand-in at start.';
revoke all on function public.publish_catalogue(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.publish_catalogue(jsonb) to authenticated;

-- The one way an order is written: one verified webhook event, as the Edge Function reads it.
-- p_event: {"provider", "eventId", "type", "orderId", "kind": "sale" | "refund", "amountMinor",
-- "currency", "paid": bool, "refundedMinor" (the order's refunds so far, cumulative), "reference",
-- "product", "at" (ISO time)}; every field but provider, eventId, type, orderId and kind optional.
-- Answers {"recorded": true} or, for an event already recorded, {"recorded": false}; raises 22023
-- naming the field on anything malformed.
create function public.record_checkout_event(p_event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_provider text := p_event ->> 'provider';
  v_kind text := p_event ->> 'kind';
  v_order text := p_event ->> 'orderId';
  v_amount bigint;
  v_refunded bigint;
  v_at timestamptz;
  v_reference text := p_event ->> 'reference';
  v_paid boolean := coalesce((p_event ->> 'paid')::boolean, false);
begin
  if v_provider is null or v_provider not in ('stripe', 'lemonsqueezy', 'polar') then
    raise exception 'invalid checkout event: provider is not one of stripe, lemonsqueezy, polar' using errcode = '22023';
  end if;
  if v_kind is null or v_kind not in ('sale', 'refund') then
    raise exception 'invalid checkout event: kind is not sale or refund' using errcode = '22023';
  end if;
  if coalesce(char_length(p_event ->> 'eventId'), 0) not between 1 and 255 or coalesce(char_length(v_order), 0) not between 1 and 255 then
    raise exception 'invalid checkout event: eventId and orderId are 1 to 255 characters' using errcode = '22023';
  end if;
  if (p_event ->> 'currency') !~ '^[A-Z]{3}$' then
    raise exception 'invalid checkout event: currency is not an ISO 4217 code' using errcode = '22023';
  end if;
  begin
    v_amount := (p_event ->> 'amountMinor')::bigint;
    v_refunded := coalesce((p_event ->> 'refundedMinor')::bigint, 0);
    v_at := coalesce((p_event ->> 'at')::timestamptz, now());
  exception when others then
    raise exception 'invalid checkout event: amountMinor and refundedMinor are whole numbers, at an ISO time' using errcode = '22023';
  end;
  -- A reference the visitor could have edited in the checkout address: kept only in its one form.
  if v_reference !~ '^[A-Za-z0-9_-]{22}$' then
    v_reference := null;
  end if;

  insert into sales.webhook_events (provider, event_id, type, order_id)
  values (v_provider, p_event ->> 'eventId', left(coalesce(p_event ->> 'type', v_kind), 100), v_order)
  on conflict (provider, event_id) do nothing;
  if not found then
    return jsonb_build_object('recorded', false);
  end if;

  insert into sales.orders as o (provider, order_id, amount_minor, currency, paid, refunded_minor, product, reference, paid_at)
  values (v_provider, v_order, v_amount, p_event ->> 'currency', v_paid, v_refunded,
    case when (p_event ->> 'product') ~ '^[a-z0-9][a-z0-9-]{0,63}$' then p_event ->> 'product' end,
    v_reference, case when v_paid then v_at end)
  on conflict (provider, order_id) do update set
    -- The sale's own amount is the order's; a refund's fills it only until the sale arrives.
    amount_minor = case when v_kind = 'sale' then coalesce(excluded.amount_minor, o.amount_minor) else coalesce(o.amount_minor, excluded.amount_minor) end,
    currency = case when v_kind = 'sale' then coalesce(excluded.currency, o.currency) else coalesce(o.currency, excluded.currency) end,
    paid = o.paid or excluded.paid,
    -- Every provider sends the refunds so far: the largest seen is the latest, whatever the order of arrival.
    refunded_minor = greatest(o.refunded_minor, excluded.refunded_minor),
    product = coalesce(o.product, excluded.product),
    reference = coalesce(o.reference, excluded.reference),
    paid_at = least(o.paid_at, excluded.paid_at),
    updated_at = now();
  return jsonb_build_object('recorded', true);
end;
$$;
comment on function public.record_checkout_event(jsonb) is 'The one writer of sales.orders: one verified webhook event (checkout-webhook Edge Function, service role only). Idempotent by (provider, eventId); merges in any order.';
revoke all on function public.record_checkout_event(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.record_checkout_event(jsonb) to service_role;

-- 4. Reads. The paid orders of [p_from, p_to] (UTC days of payment) with their attribution; an order
-- whose reference is absent or matches no buy click is unattributed. Net = amount less refunds.
create function sales.orders_between(p_from date, p_to date)
returns table (provider text, order_id text, status text, day date, paid_at timestamptz, currency text,
  gross bigint, refunded bigint, net bigint, product text, reference text, attributed boolean,
  route text, block_id text, block_type text, variant text, experiment text, referrer_host text,
  utm_source text, utm_medium text, utm_campaign text, steps text[])
language sql
stable
-- No SET clause: inlined into its caller and planned with the range (see analytics.raw_daily).
as $$
  select o.provider, o.order_id, o.status, (o.paid_at at time zone 'utc')::date, o.paid_at, o.currency,
    o.amount_minor, least(o.refunded_minor, o.amount_minor), o.amount_minor - least(o.refunded_minor, o.amount_minor),
    coalesce(r.product, o.product), o.reference, r.reference is not null,
    r.route, r.block_id, r.block_type, r.variant, r.experiment, r.referrer_host,
    r.utm_source, r.utm_medium, r.utm_campaign, coalesce(r.steps, '{}')
  from sales.orders o
  left join analytics.buy_references r on r.reference = o.reference
  where o.paid and o.amount_minor is not null and o.currency is not null
    and o.paid_at >= (p_from::timestamp at time zone 'utc') and o.paid_at < ((p_to + 1)::timestamp at time zone 'utc')
$$;
revoke all on function sales.orders_between(date, date) from public;
grant execute on function sales.orders_between(date, date) to authenticated;

-- The money of a group of orders, as every panel shows it.
create function sales.money(p_orders bigint, p_refunded_orders bigint, p_gross numeric, p_refunded numeric)
returns jsonb
language sql
immutable
as $$
  select jsonb_build_object('orders', coalesce(p_orders, 0), 'refundedOrders', coalesce(p_refunded_orders, 0),
    'grossMinor', coalesce(p_gross, 0), 'refundedMinor', coalesce(p_refunded, 0), 'netMinor', coalesce(p_gross, 0) - coalesce(p_refunded, 0))
$$;
revoke all on function sales.money(bigint, bigint, numeric, numeric) from public;
grant execute on function sales.money(bigint, bigint, numeric, numeric) to authenticated;

create function public.admin_sales(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
-- Compiling the plan (JIT, which its estimated cost calls for) took longer than running it.
set jit = off
-- 50,000 orders sort in memory (4 MB, the default, spilled them to disk).
set work_mem = '32MB'
as $$
begin
  perform analytics.check_range(p_from, p_to);
  return (
    -- Only the columns the panels group by: the rows sorted for the grouping sets stay narrow.
    with o as materialized (select day, currency, gross, refunded, product, attributed, route, block_id, block_type,
        utm_source, utm_medium, utm_campaign, referrer_host from sales.orders_between(p_from, p_to)),
    -- Each order's exposures: the variants its visitor-day saw before the click (tokens
    -- 'variant:<route>=<variant>'; neither a route nor a variant holds '='). A visitor is shown one
    -- version of a route (chosen by address and browser), so a route has one such token.
    exposed as (
      select split_part(substr(t.token, 9), '=', 1) as route, split_part(t.token, '=', 2) as variant, o.currency, o.gross, o.refunded
      from sales.orders_between(p_from, p_to) o cross join lateral unnest(o.steps) t(token)
      where left(t.token, 8) = 'variant:'
    ),
    -- Every panel but the variants in one pass over the orders.
    sets as (
      select case
          when grouping(day) = 0 then 'daily'
          when grouping(product) = 0 then 'products'
          when grouping(block_id) = 0 then 'blocks'
          when grouping(route) = 0 then 'routes'
          when grouping(utm_source) = 0 then 'campaigns'
          when grouping(referrer_host) = 0 then 'referrers'
          else 'totals' end as panel,
        day, product, route, block_id, block_type, utm_source, utm_medium, utm_campaign, referrer_host, attributed, currency,
        count(*) as n, count(*) filter (where refunded > 0) as nr, sum(gross) as g, sum(refunded) as r
      from o
      group by grouping sets ((currency), (day, currency), (product, currency), (route, attributed, currency),
        (route, block_id, block_type, attributed, currency), (utm_source, utm_medium, utm_campaign, attributed, currency),
        (referrer_host, attributed, currency))
    ),
    panels as (
      select panel, case panel
          when 'totals' then jsonb_build_object('currency', currency)
          when 'daily' then jsonb_build_object('day', to_char(day, 'YYYY-MM-DD'), 'currency', currency)
          when 'products' then jsonb_build_object('product', product, 'attributed', product is not null, 'currency', currency)
          when 'routes' then jsonb_build_object('route', route, 'attributed', attributed, 'currency', currency)
          when 'blocks' then jsonb_build_object('route', route, 'blockId', block_id, 'blockType', block_type, 'attributed', attributed, 'currency', currency)
          when 'campaigns' then jsonb_build_object('source', utm_source, 'medium', utm_medium, 'campaign', utm_campaign, 'attributed', attributed, 'currency', currency)
          else jsonb_build_object('host', referrer_host, 'attributed', attributed, 'currency', currency) end as k, n, nr, g, r
      from sets
      union all
      select 'variants', jsonb_build_object('route', e.route, 'experiment', a.experiment, 'variant', e.variant, 'currency', e.currency),
        count(*), count(*) filter (where e.refunded > 0), sum(e.gross), sum(e.refunded)
      from exposed e left join analytics.experiment_arms a on a.route = e.route and a.variant = e.variant
      group by e.route, a.experiment, e.variant, e.currency
    )
    select jsonb_build_object('totals', '[]'::jsonb, 'daily', '[]'::jsonb, 'products', '[]'::jsonb, 'routes', '[]'::jsonb, 'blocks', '[]'::jsonb,
        'campaigns', '[]'::jsonb, 'referrers', '[]'::jsonb, 'variants', '[]'::jsonb)
      || coalesce(jsonb_object_agg(panel, rows), '{}')
    from (select panel, jsonb_agg(k || sales.money(n, nr, g, r) order by g - r desc, k::text) as rows from panels group by panel) p
  );
end;
$$;
comment on function public.admin_sales(date, date) is 'Orders paid in [p_from, p_to] (UTC days), per currency: totals, per day, product, route, block, campaign, referrer host (attributed false: no reference, or one matching no buy click) and experiment variant seen. Admins at aal2 only.';

-- The money of the orders whose buy click completed a funnel: its steps matched in order within the
-- visitor-day, as public.admin_funnel counts visitors.
create function public.admin_funnel_sales(p_from date, p_to date, p_steps jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
set jit = off
-- 50,000 orders sort in memory (4 MB, the default, spilled them to disk).
set work_mem = '32MB'
as $$
declare
  v_regex text := '';
  v_i integer;
begin
  perform analytics.check_range(p_from, p_to);
  if jsonb_typeof(p_steps) is distinct from 'array' or jsonb_array_length(p_steps) not between 2 and 8 then
    raise exception 'invalid funnel: p_steps must be an array of 2 to 8 steps' using errcode = '22023';
  end if;
  for v_i in 0 .. jsonb_array_length(p_steps) - 1 loop
    v_regex := v_regex || case when v_i > 0 then '.*' else '' end || analytics.step_regex(p_steps -> v_i, format('step %s', v_i));
  end loop;
  return coalesce((
    select jsonb_agg(jsonb_build_object('currency', currency) || sales.money(n, nr, g, r) order by currency)
    from (select currency, sum(n)::bigint as n, sum(nr)::bigint as nr, sum(g) as g, sum(r) as r
          -- Many orders share a path: the funnel's expression runs once for each distinct one.
          from (select steps, currency, count(*) as n, count(*) filter (where refunded > 0) as nr, sum(gross) as g, sum(refunded) as r
                from sales.orders_between(p_from, p_to) group by steps, currency) p
          where (' ' || array_to_string(steps, ' ') || ' ') ~ v_regex
          group by currency) m), '[]');
end;
$$;
comment on function public.admin_funnel_sales(date, date, jsonb) is 'Per currency, the orders (and their money) whose buy click ended a visitor-day that took the funnel''s steps in order. Admins at aal2 only.';

-- An experiment judged on money: per variant of p_route, the visitor-days exposed (as
-- public.admin_experiment counts them) and, per currency, the orders bought after exposure the same
-- visitor-day, the sum of their net revenue each capped at p_cap_minor (null: the currency's 99th
-- percentile of net order values in the range) and the sum of its squares, for a test on revenue per
-- visitor (visitors who did not buy count as zeros).
create function public.admin_experiment_revenue(p_route text, p_experiment text, p_from date, p_to date, p_cap_minor bigint default null)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
set jit = off
-- 50,000 orders sort in memory (4 MB, the default, spilled them to disk).
set work_mem = '32MB'
as $$
declare
  v_prefix text;
begin
  perform analytics.check_range(p_from, p_to);
  if p_route is null or p_route !~ '^/[a-z0-9/-]*$' then
    raise exception 'invalid experiment: p_route is not a plain path' using errcode = '22023';
  end if;
  if p_experiment is null or p_experiment !~ '^[a-z0-9][a-z0-9-]*$' then
    raise exception 'invalid experiment: p_experiment is not a slug' using errcode = '22023';
  end if;
  if p_cap_minor is not null and p_cap_minor <= 0 then
    raise exception 'invalid experiment: p_cap_minor must be positive' using errcode = '22023';
  end if;
  v_prefix := 'variant:' || p_route || '=';
  return coalesce((
    with seen as (
      select v.variant, sum(p.visitors) as visitors
      from analytics.paths_between(p_from, p_to) p
      cross join lateral (
        select substr(t, char_length(v_prefix) + 1) as variant from unnest(p.steps) with ordinality u(t, n)
        where left(t, char_length(v_prefix)) = v_prefix order by n limit 1) v
      group by v.variant
    ),
    o as materialized (select * from sales.orders_between(p_from, p_to)),
    caps as (
      select currency, coalesce(p_cap_minor, greatest(1, ceil(percentile_cont(0.99) within group (order by net)))::bigint) as cap
      from o group by currency
    ),
    -- A visitor is shown one version of the route, so an order's steps hold one such token.
    bought as (
      select substr(u.t, char_length(v_prefix) + 1) as variant, o.currency, c.cap, least(o.net, c.cap) as value
      from o join caps c using (currency)
      cross join lateral unnest(o.steps) u(t)
      where left(u.t, char_length(v_prefix)) = v_prefix
    ),
    money as (
      select variant, jsonb_agg(jsonb_build_object('currency', currency, 'orders', n, 'netMinor', s, 'sumSquares', s2, 'capMinor', cap) order by currency) as money
      from (select variant, currency, cap, count(*) as n, sum(value) as s, sum(value::numeric * value) as s2
            from bought group by variant, currency, cap) b
      group by variant
    )
    select jsonb_agg(jsonb_build_object('variant', variant, 'visitors', coalesce(s.visitors, 0), 'money', coalesce(m.money, '[]')) order by variant)
    from seen s full join money m using (variant)), '[]');
end;
$$;
comment on function public.admin_experiment_revenue(text, text, date, date, bigint) is 'Per variant of p_route: visitor-days exposed and, per currency, orders after exposure, the sum of capped net order values and of their squares, and the cap used. Admins at aal2 only.';

-- The orders themselves, newest payment first, with what they were attributed to.
create function public.admin_orders(p_from date, p_to date, p_limit integer default 100, p_offset integer default 0)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  v_from timestamptz := p_from::timestamp at time zone 'utc';
  v_to timestamptz := (p_to + 1)::timestamp at time zone 'utc';
begin
  perform analytics.check_range(p_from, p_to);
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    raise exception 'invalid page: p_limit is 1 to 1000, p_offset at least 0' using errcode = '22023';
  end if;
  -- The page is read from the table by its payment time; only its rows are joined to their clicks.
  return jsonb_build_object(
    'total', (select count(*) from sales.orders o
              where o.paid and o.amount_minor is not null and o.currency is not null and o.paid_at >= v_from and o.paid_at < v_to),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('provider', o.provider, 'orderId', o.order_id, 'status', o.status, 'paidAt', o.paid_at,
          'currency', o.currency, 'grossMinor', o.amount_minor, 'refundedMinor', least(o.refunded_minor, o.amount_minor),
          'netMinor', o.amount_minor - least(o.refunded_minor, o.amount_minor), 'product', coalesce(r.product, o.product),
          'attributed', r.reference is not null, 'route', r.route, 'blockId', r.block_id, 'variant', r.variant, 'experiment', r.experiment,
          'referrerHost', r.referrer_host, 'source', r.utm_source, 'medium', r.utm_medium, 'campaign', r.utm_campaign) order by o.paid_at desc, o.order_id)
      from (select * from sales.orders o
            where o.paid and o.amount_minor is not null and o.currency is not null and o.paid_at >= v_from and o.paid_at < v_to
            order by o.paid_at desc, o.order_id limit p_limit offset p_offset) o
      left join analytics.buy_references r on r.reference = o.reference), '[]'));
end;
$$;
comment on function public.admin_orders(date, date, integer, integer) is 'Orders paid in [p_from, p_to], newest first, one page ({total, rows}), with their attribution. Admins at aal2 only.';

revoke all on function public.admin_sales(date, date), public.admin_funnel_sales(date, date, jsonb),
  public.admin_experiment_revenue(text, text, date, date, bigint), public.admin_orders(date, date, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.admin_sales(date, date), public.admin_funnel_sales(date, date, jsonb),
  public.admin_experiment_revenue(text, text, date, date, bigint), public.admin_orders(date, date, integer, integer)
  to authenticated;

-- 5. Ingest. An event's fields, as 20251215000000_analytics.sql checked them, and `x`, the buy
-- click's reference (its shape only; the catalogue checks are track()'s, which reads tables).
create or replace function private.analytics_event_problem(p jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
  c_slug constant text := '^[a-z0-9][a-z0-9-]*$';
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return 'the body is not a JSON object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(p) loop
    if v_key not in ('k', 'r', 'b', 't', 'p', 'c', 'f', 'us', 'um', 'uc', 'd', 'v', 'x') then
      return format('%s is not a known field (k, r, b, t, p, c, f, us, um, uc, d, v, x)', left(v_key, 20));
    end if;
    if v_key = 'c' then
      if not (jsonb_typeof(v_value) = 'number' or (jsonb_typeof(v_value) = 'string' and v_value #>> '{}' ~ '^[0-9]{1,9}$'))
         or (v_value #>> '{}') !~ '^[0-9]{1,9}$' then
        return 'c (price in cents) is not a whole number between 0 and 999999999';
      end if;
    elsif jsonb_typeof(v_value) <> 'string' then
      return format('%s is not a string', v_key);
    end if;
  end loop;
  return case
    when not p ? 'k' then 'k (kind) is missing'
    when p ->> 'k' not in ('view', 'cta', 'buy', 'capture', 'contact', 'preview', '404')
      then format('k (kind) %s is not one of view, cta, buy, capture, contact, preview, 404', left(p ->> 'k', 20))
    when not p ? 'r' then 'r (route) is missing'
    when char_length(p ->> 'r') > 200 then 'r (route) is longer than 200 characters'
    when (p ->> 'r') !~ '^/[a-z0-9/-]*$' then 'r (route) is not a plain path of a-z, 0-9, - and /'
    when not p ? 'd' then 'd (device) is missing'
    when (p ->> 'd') not in ('phone', 'tablet', 'desktop') then 'd (device) is not one of phone, tablet, desktop'
    when p ->> 'k' = 'buy' and not p ? 'p' then 'p (product) is missing for a buy event'
    when p ->> 'k' <> 'buy' and p ? 'x' then 'x (reference) is sent with a buy event only'
    when (p ->> 'x') !~ '^[A-Za-z0-9_-]{22}$' then 'x (reference) is not 22 characters of A-Z, a-z, 0-9, _ and -'
    when char_length(p ->> 'b') > 64 then 'b (block id) is longer than 64 characters'
    when (p ->> 'b') !~ c_slug then 'b (block id) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 't') > 64 then 't (block type) is longer than 64 characters'
    when (p ->> 't') !~ c_slug then 't (block type) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 'p') > 64 then 'p (product) is longer than 64 characters'
    when (p ->> 'p') !~ c_slug then 'p (product) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 'v') > 64 then 'v (variant) is longer than 64 characters'
    when (p ->> 'v') !~ c_slug then 'v (variant) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 'f') > 253 then 'f (referrer host) is longer than 253 characters'
    when (p ->> 'f') !~ '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$' then 'f (referrer host) is not a host name (lower case, no scheme or path)'
    when char_length(p ->> 'us') > 100 then 'us (utm_source) is longer than 100 characters'
    when char_length(p ->> 'um') > 100 then 'um (utm_medium) is longer than 100 characters'
    when char_length(p ->> 'uc') > 100 then 'uc (utm_campaign) is longer than 100 characters'
    when concat(p ->> 'us', p ->> 'um', p ->> 'uc') ~ '[[:cntrl:]]' then 'us, um or uc (utm) holds a control character'
  end;
end;
$$;
revoke all on function private.analytics_event_problem(jsonb) from public;

-- A buy click's attribution under its reference: the click, and its visitor-day so far (first touch
-- and step tokens, as analytics.raw_daily and analytics.raw_paths compute them for the whole day).
-- A reference sent twice (a replayed click) keeps its first attribution.
create function private.store_buy_reference(p_reference text, p_visitor bytea, p_body jsonb, p_experiment text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'utc')::date;
begin
  insert into analytics.buy_references (reference, route, block_id, block_type, product, variant, experiment,
    referrer_host, utm_source, utm_medium, utm_campaign, device, steps)
  select p_reference, p_body ->> 'r', p_body ->> 'b', p_body ->> 't', p_body ->> 'p', p_body ->> 'v', p_experiment,
    t.referrer_host, t.utm_source, t.utm_medium, t.utm_campaign, t.device,
    coalesce((select array_agg(token order by first_at, first_id, first_n) from (
      select tok.token, min(ev.at) as first_at, min(ev.id) as first_id, min(tok.n) as first_n
      from analytics.events ev
      cross join lateral unnest(analytics.step_tokens(ev.kind, ev.route, ev.block_id, ev.product, ev.variant)) with ordinality as tok(token, n)
      where ev.day = v_day and ev.visitor = p_visitor
      group by tok.token) s), '{}')
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

-- public.track(): 20251215000000_analytics.sql's, and
-- - a browser that sends Sec-GPC: 1 or DNT: 1 is refused before anything is counted or stored (issue
--   40: the beacon already stays silent; now a request made by hand is refused too);
-- - a product must be in the catalogue (analytics.products), a variant one its route's experiment
--   declares (analytics.experiment_arms): else 400, nothing stored;
-- - a buy's value is the catalogue's price; `c`, when sent, must equal it (an older beacon sends it);
-- - a buy's reference `x` stores its attribution (private.store_buy_reference).
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
    referrer_host, utm_source, utm_medium, utm_campaign, device, variant)
  values (v_visitor, v_body ->> 'k', v_body ->> 'r', v_body ->> 'b', v_body ->> 't', v_body ->> 'p',
    case when v_body ->> 'k' = 'buy' then v_price end,
    v_body ->> 'f', v_body ->> 'us', v_body ->> 'um', v_body ->> 'uc', v_body ->> 'd', v_body ->> 'v');
  if v_body ? 'x' then
    perform private.store_buy_reference(v_body ->> 'x', v_visitor, v_body, v_experiment);
  end if;
  return null;
end;
$$;
comment on function public.track(text) is 'The beacon''s one call: a JSON event as text (text/plain, no CORS preflight). null when stored; 400 naming the field (a product not in the catalogue, a variant its route does not declare, a price not the catalogue''s), 403 for a bot or a browser sending Sec-GPC or DNT, 429 past the caps; nothing stored when refused. A buy''s value is the catalogue''s price; its reference x stores the click''s attribution.';
revoke all on function public.track(text) from public, anon, authenticated, service_role;
grant execute on function public.track(text) to anon;

-- The daily fold: 20251222000100_fold_rotates_salt.sql's, and the references no order claims are
-- deleted with the raw events of their day.
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
  -- Today's salt, and yesterday's deleted with its bot verdicts, even on a day without an event:
  -- otherwise a quiet day kept the last salt until the next event, and with it the means to link
  -- that day's hashes to the day before.
  perform private.analytics_salt_today();
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
  delete from analytics.buy_references r
  where r.day < (now() at time zone 'utc')::date - (select raw_days from analytics.settings)
    and not exists (select 1 from sales.orders o where o.reference = r.reference);
  return v_folded;
end;
$$;
revoke all on function analytics.fold() from public;
grant execute on function analytics.fold() to authenticated;
