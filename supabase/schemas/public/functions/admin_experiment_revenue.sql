CREATE OR REPLACE FUNCTION public.admin_experiment_revenue(p_route text, p_experiment text, p_from date, p_to date, p_cap_minor bigint DEFAULT NULL::bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
 SET jit TO 'off'
AS $function$
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
    -- An order is the version's whose visitor-day it is: the first version of the route the visitor-day
    -- viewed, as for its visitors above and in public.admin_experiment. A visitor-day can hold two (the
    -- control before the start, its own version after it): every one of them took the order.
    bought as (
      select v.variant, h.currency, c.cap, least(h.net, c.cap) as value, h.n
      from h join caps c using (currency)
      cross join lateral (
        select substr(u.t, char_length(v_prefix) + 1) as variant from jsonb_array_elements_text(h.steps) with ordinality u(t, n)
        where left(u.t, char_length(v_prefix)) = v_prefix order by u.n limit 1) v
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
$function$;
revoke all on function admin_experiment_revenue(text,text,date,date,bigint) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_experiment_revenue(text,text,date,date,bigint) to authenticated;
comment on function admin_experiment_revenue(text,text,date,date,bigint) is 'Per variant of p_route: visitor-days exposed and, per currency, orders after exposure, the sum of capped net order values and of their squares, and the cap used. Admins at aal2 only.';
