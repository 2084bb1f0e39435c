CREATE OR REPLACE FUNCTION sales.money(p_orders bigint, p_refunded_orders bigint, p_gross numeric, p_refunded numeric)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select jsonb_build_object('orders', coalesce(p_orders, 0), 'refundedOrders', coalesce(p_refunded_orders, 0),
    'grossMinor', coalesce(p_gross, 0), 'refundedMinor', coalesce(p_refunded, 0), 'netMinor', coalesce(p_gross, 0) - coalesce(p_refunded, 0))
$function$;
revoke all on function sales.money(bigint,bigint,numeric,numeric) from public, anon, authenticated, service_role;
grant EXECUTE on function sales.money(bigint,bigint,numeric,numeric) to authenticated;
comment on function sales.money(bigint,bigint,numeric,numeric) is NULL;
