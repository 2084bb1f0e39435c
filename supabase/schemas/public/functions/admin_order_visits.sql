CREATE OR REPLACE FUNCTION public.admin_order_visits(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function admin_order_visits(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_order_visits(date,date) to authenticated;
comment on function admin_order_visits(date,date) is 'Paid orders of [p_from, p_to] per route and product of their buy click: counted (the click followed a view of its page by the same visitor that day) and unviewed; and unattributed (no buy click). Admins at aal2 only.';
