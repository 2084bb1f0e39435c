CREATE OR REPLACE FUNCTION sales.daily_sales_columns(p_sign integer, p_reference text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select format('%s as sign, o.paid as o_paid, o.paid_at as o_paid_at, o.currency as o_currency, o.amount_minor as o_amount,
    o.refunded_minor as o_refunded, o.product as o_product, %s as r_reference, r.product as r_product, r.route as r_route,
    r.block_id as r_block_id, r.block_type as r_block_type, r.referrer_host as r_referrer_host, r.utm_source as r_utm_source,
    r.utm_medium as r_utm_medium, r.utm_campaign as r_utm_campaign, r.steps as r_steps', p_sign, p_reference)
$function$;
revoke all on function sales.daily_sales_columns(integer,text) from public, anon, authenticated, service_role;
comment on function sales.daily_sales_columns(integer,text) is NULL;
