CREATE OR REPLACE FUNCTION public.admin_orders(p_from date, p_to date, p_limit integer DEFAULT 100, p_offset integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
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
$function$;
revoke all on function admin_orders(date,date,integer,integer) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_orders(date,date,integer,integer) to authenticated;
comment on function admin_orders(date,date,integer,integer) is 'Orders paid in [p_from, p_to], newest first, one page ({total, rows}), with their attribution. Admins at aal2 only.';
