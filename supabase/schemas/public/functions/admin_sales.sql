CREATE OR REPLACE FUNCTION public.admin_sales(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function admin_sales(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_sales(date,date) to authenticated;
comment on function admin_sales(date,date) is 'Orders paid in [p_from, p_to] (UTC days), per currency: totals, per day, product, route, block, campaign, referrer host (attributed false: no reference, or one matching no buy click) and experiment variant seen. Admins at aal2 only.';
