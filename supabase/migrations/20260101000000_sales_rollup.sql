-- The sales screen from a per-day rollup (issue 41's goal: every dashboard query <= 300 ms with 50,000
-- orders over 90 days). public.admin_sales, admin_funnel_sales and admin_experiment_revenue read
-- sales.daily_sales, a few rows a day, instead of joining every paid order to its buy click.
--
-- sales.daily_sales: per UTC day of payment, per panel of the screen and per row of that panel (key: the
-- very JSON object the screen shows, currency included), the orders, refunded orders, gross and refunds
-- of the paid orders of that day. Panels: totals, daily, products, routes, blocks, campaigns, referrers
-- (admin_sales' groups) and paths: per path of steps and net order value, from which the variants
-- panel, the funnels' money and the experiments' capped revenue are computed at read time (the
-- experiments' arms and a funnel's steps are not known when the order is written).
--
-- The rollup is always the recount of sales.orders joined to analytics.buy_references: statement
-- triggers on both tables subtract what the changed rows counted for and add what they count for now,
-- in the writer's transaction. So an order, a replay, a refund before its sale, a partial refund, a
-- reference arriving after its order, and deleted rows move the rollup exactly as they move the
-- recount; record_checkout_event stays the one writer of orders.
-- A key whose orders all left it (a refund changes an order's net value, a late click its attribution)
-- keeps a row of zeros, as a slot may: every read sums a key's rows and skips a sum of zero orders.
--
-- In slots, as private.count_request's site-wide count (20251220000000_sharded_site_count.sql): a
-- write adds to the rows of its connection's slot (pg_backend_pid() % 64), and a read sums the slots.
-- With one row per key, every sale of the day locked the same totals row until its commit, so
-- concurrent webhooks committed one at a time (npm run bench -- --webhook, 50 senders, fsync on, on the
-- shared 2-core machine: 178 events/s; in slots 313; 541 without a rollup). Nothing is deleted on the
-- write path either (deleting rows back at zero cost as much again). One order's sale and its refund
-- may land in two slots, so a slot
-- alone may hold -1 order or a refund without its order; only the sum over the slots is the count.

create table sales.daily_sales (
  day date not null,
  panel text not null check (panel in ('totals', 'daily', 'products', 'routes', 'blocks', 'campaigns', 'referrers', 'paths')),
  key jsonb not null,
  orders bigint not null,
  refunded_orders bigint not null,
  gross_minor bigint not null,
  refunded_minor bigint not null,
  shard smallint not null check (shard between 0 and 63),
  primary key (day, panel, key, shard)
);
comment on table sales.daily_sales is 'Per UTC day of payment, panel of the sales screen and row of that panel (key: the row''s JSON, currency included), the paid orders'' count, refunded count, gross and refunds in minor units. Kept equal to a recount of sales.orders with their buy references by triggers on both tables (20260101000000_sales_rollup.sql); read by public.admin_sales and friends.';

-- Read like the orders: admins at aal2 with a live session; nobody writes it through the API.
alter table sales.daily_sales enable row level security;
revoke all on table sales.daily_sales from public, anon, authenticated, service_role;
grant select on table sales.daily_sales to authenticated;
create policy "Admins can read sales.daily_sales" on sales.daily_sales for select to authenticated
  using ((select (auth.jwt() -> 'app_metadata' ->> 'role') = 'admin'));
create policy "Admin reads of sales.daily_sales need aal2" on sales.daily_sales as restrictive for select to authenticated
  using ((select (auth.jwt() ->> 'aal') = 'aal2'));
create policy "Admin reads of sales.daily_sales need a live session" on sales.daily_sales as restrictive for select to authenticated
  using ((select rls.session_is_live()))
;

-- The rows of the rollup one paid order counts in, given its buy click (r_* null: none matches).
-- The keys are sales.orders_between's and admin_sales' (20251230000000_sales.sql), field for field.
create function sales.order_panels(p_day date, p_currency text, p_net bigint, p_product text, r_reference text,
  r_product text, r_route text, r_block_id text, r_block_type text, r_referrer_host text,
  r_utm_source text, r_utm_medium text, r_utm_campaign text, r_steps text[])
returns table (panel text, key jsonb)
language sql
immutable
-- No SET clause: inlined into the delta's query (a SET made it a function call per order, each planned).
as $$
  values
    ('totals', jsonb_build_object('currency', p_currency)),
    ('daily', jsonb_build_object('day', to_char(p_day, 'YYYY-MM-DD'), 'currency', p_currency)),
    ('products', jsonb_build_object('product', coalesce(r_product, p_product), 'attributed', coalesce(r_product, p_product) is not null, 'currency', p_currency)),
    ('routes', jsonb_build_object('route', r_route, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('blocks', jsonb_build_object('route', r_route, 'blockId', r_block_id, 'blockType', r_block_type, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('campaigns', jsonb_build_object('source', r_utm_source, 'medium', r_utm_medium, 'campaign', r_utm_campaign, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('referrers', jsonb_build_object('host', r_referrer_host, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('paths', jsonb_build_object('steps', to_jsonb(coalesce(r_steps, '{}')), 'currency', p_currency, 'netMinor', p_net))
$$;
revoke all on function sales.order_panels(date, text, bigint, text, text, text, text, text, text, text, text, text, text, text[]) from public;

-- Adds a change to the rollup. p_changes is a query over the trigger's transition tables (only its own
-- connection sees them, hence the text) giving, per order counted, sign (+1 now counted, -1 no longer),
-- the order's o_* columns and its buy click's r_* columns (null when none).
create function sales.daily_sales_delta_sql(p_changes text)
returns text
language sql
immutable
set search_path = ''
as $$
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
$$;
revoke all on function sales.daily_sales_delta_sql(text) from public;

-- The columns of a change: an order (alias o) and its buy click (alias r, may be null-extended).
create function sales.daily_sales_columns(p_sign integer, p_reference text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format('%s as sign, o.paid as o_paid, o.paid_at as o_paid_at, o.currency as o_currency, o.amount_minor as o_amount,
    o.refunded_minor as o_refunded, o.product as o_product, %s as r_reference, r.product as r_product, r.route as r_route,
    r.block_id as r_block_id, r.block_type as r_block_type, r.referrer_host as r_referrer_host, r.utm_source as r_utm_source,
    r.utm_medium as r_utm_medium, r.utm_campaign as r_utm_campaign, r.steps as r_steps', p_sign, p_reference)
$$;
revoke all on function sales.daily_sales_columns(integer, text) from public;

create function sales.roll_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_parts text[] := '{}';
  v_plus text := sales.daily_sales_columns(1, 'r.reference');
  v_minus text := sales.daily_sales_columns(-1, 'r.reference');
  v_claimed boolean := false;
begin
  if tg_table_name = 'orders' then
    -- An order counts with the buy click its reference matches now (the references did not change in this statement).
    if tg_op in ('INSERT', 'UPDATE') then
      v_parts := v_parts || format('select %s from new_rows o left join analytics.buy_references r on r.reference = o.reference', v_plus);
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      v_parts := v_parts || format('select %s from old_rows o left join analytics.buy_references r on r.reference = o.reference', v_minus);
    end if;
  else
    -- A buy click arriving (or leaving): the orders claiming its reference move from unattributed to it (or back).
    -- Almost always none does (the click comes first, and the fold deletes only unclaimed ones): then
    -- the click costs track() this one lookup.
    if tg_op in ('INSERT', 'UPDATE') then
      v_claimed := exists (select from new_rows x join sales.orders o on o.reference = x.reference);
    end if;
    if tg_op in ('DELETE', 'UPDATE') and not v_claimed then
      v_claimed := exists (select from old_rows x join sales.orders o on o.reference = x.reference);
    end if;
    if not v_claimed then
      return null;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      v_parts := v_parts
        || format('select %s from new_rows r join sales.orders o on o.reference = r.reference', v_plus)
        || format('select %s from new_rows x join sales.orders o on o.reference = x.reference left join analytics.buy_references r on false',
             sales.daily_sales_columns(-1, 'null::text'));
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      v_parts := v_parts
        || format('select %s from old_rows r join sales.orders o on o.reference = r.reference', v_minus)
        || format('select %s from old_rows x join sales.orders o on o.reference = x.reference left join analytics.buy_references r on false',
             sales.daily_sales_columns(1, 'null::text'));
    end if;
  end if;
  execute sales.daily_sales_delta_sql(array_to_string(v_parts, ' union all '));
  return null;
end;
$$;
revoke all on function sales.roll_up() from public;

-- Transition tables allow one event a trigger: three each.
create trigger daily_sales_on_insert after insert on sales.orders referencing new table as new_rows
  for each statement execute function sales.roll_up();
create trigger daily_sales_on_update after update on sales.orders referencing old table as old_rows new table as new_rows
  for each statement execute function sales.roll_up();
create trigger daily_sales_on_delete after delete on sales.orders referencing old table as old_rows
  for each statement execute function sales.roll_up();
create trigger daily_sales_on_insert after insert on analytics.buy_references referencing new table as new_rows
  for each statement execute function sales.roll_up();
create trigger daily_sales_on_update after update on analytics.buy_references referencing old table as old_rows new table as new_rows
  for each statement execute function sales.roll_up();
create trigger daily_sales_on_delete after delete on analytics.buy_references referencing old table as old_rows
  for each statement execute function sales.roll_up();

-- The orders already taken, counted once.
do $$
begin
  execute sales.daily_sales_delta_sql(format('select %s from sales.orders o left join analytics.buy_references r on r.reference = o.reference',
    sales.daily_sales_columns(1, 'r.reference')));
end;
$$;

-- The reads, same signatures and JSON as 20251230000000_sales.sql's, from the rollup.
create or replace function public.admin_sales(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform analytics.check_range(p_from, p_to);
  return (
    with t as (
      select d.panel, d.key, sum(d.orders)::bigint as n, sum(d.refunded_orders)::bigint as nr, sum(d.gross_minor) as g, sum(d.refunded_minor) as r
      from sales.daily_sales d where d.day between p_from and p_to
      group by d.panel, d.key
      -- Slots may cancel out (a key an order left for another): the sum is what counts, as in every read below.
      having sum(d.orders) <> 0
    ),
    -- Each order's exposures: the variants its visitor-day saw before the click (tokens
    -- 'variant:<route>=<variant>'; neither a route nor a variant holds '='), from the paths.
    exposed as (
      select split_part(substr(s.token, 9), '=', 1) as route, split_part(s.token, '=', 2) as variant, t.key ->> 'currency' as currency, t.n, t.nr, t.g, t.r
      from t cross join lateral jsonb_array_elements_text(t.key -> 'steps') s(token)
      where t.panel = 'paths' and left(s.token, 8) = 'variant:'
    ),
    panels as (
      select panel, key as k, n, nr, g, r from t where panel <> 'paths'
      union all
      select 'variants', jsonb_build_object('route', e.route, 'experiment', a.experiment, 'variant', e.variant, 'currency', e.currency),
        sum(e.n)::bigint, sum(e.nr)::bigint, sum(e.g), sum(e.r)
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

create or replace function public.admin_funnel_sales(p_from date, p_to date, p_steps jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
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
          -- The funnel's expression runs once for each distinct path.
          from (select d.key -> 'steps' as steps, d.key ->> 'currency' as currency, sum(d.orders) as n, sum(d.refunded_orders) as nr,
                  sum(d.gross_minor) as g, sum(d.refunded_minor) as r
                from sales.daily_sales d where d.panel = 'paths' and d.day between p_from and p_to
                group by 1, 2 having sum(d.orders) <> 0) p
          where (' ' || coalesce((select string_agg(s.token, ' ' order by s.n) from jsonb_array_elements_text(p.steps) with ordinality s(token, n)), '') || ' ') ~ v_regex
          group by currency) m), '[]');
end;
$$;

create or replace function public.admin_experiment_revenue(p_route text, p_experiment text, p_from date, p_to date, p_cap_minor bigint default null)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
set jit = off
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
    -- The orders of the range as a histogram: per path, currency and net order value, how many.
    h as materialized (
      select d.key -> 'steps' as steps, d.key ->> 'currency' as currency, (d.key ->> 'netMinor')::bigint as net, sum(d.orders) as n
      from sales.daily_sales d where d.panel = 'paths' and d.day between p_from and p_to
      group by 1, 2, 3 having sum(d.orders) <> 0
    ),
    -- percentile_cont(0.99) of the net order values, per currency, read off the histogram: the values at
    -- sorted positions floor and ceil of 0.99 (n - 1), interpolated as PostgreSQL does.
    cum as (
      select currency, net, sum(n) over (partition by currency order by net) as upto, sum(n) over (partition by currency) as total
      from (select currency, net, sum(n) as n from h group by 1, 2) x
    ),
    caps as (
      select currency, coalesce(p_cap_minor, greatest(1, ceil(lo + (hi - lo) * (pos - floor(pos))))::bigint) as cap
      from (select currency, pos,
              (select min(c2.net) from cum c2 where c2.currency = q.currency and c2.upto > floor(q.pos))::float8 as lo,
              (select min(c2.net) from cum c2 where c2.currency = q.currency and c2.upto > ceil(q.pos))::float8 as hi
            from (select distinct currency, 0.99::float8 * (total - 1)::float8 as pos from cum) q) p
    ),
    -- A visitor is shown one version of the route, so an order's steps hold one such token.
    bought as (
      select substr(u.t, char_length(v_prefix) + 1) as variant, h.currency, c.cap, least(h.net, c.cap) as value, h.n
      from h join caps c using (currency)
      cross join lateral jsonb_array_elements_text(h.steps) u(t)
      where left(u.t, char_length(v_prefix)) = v_prefix
    ),
    money as (
      select variant, jsonb_agg(jsonb_build_object('currency', currency, 'orders', n, 'netMinor', s, 'sumSquares', s2, 'capMinor', cap) order by currency) as money
      from (select variant, currency, cap, sum(n) as n, sum(n * value) as s, sum(n * value::numeric * value) as s2
            from bought group by variant, currency, cap) b
      group by variant
    )
    select jsonb_agg(jsonb_build_object('variant', variant, 'visitors', coalesce(s.visitors, 0), 'money', coalesce(m.money, '[]')) order by variant)
    from seen s full join money m using (variant)), '[]');
end;
$$;
