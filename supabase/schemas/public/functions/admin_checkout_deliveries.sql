CREATE OR REPLACE FUNCTION public.admin_checkout_deliveries(p_limit integer DEFAULT 20)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with last_order as (
    select max(o.paid_at) as at from sales.orders o where o.paid
  ),
  since as (
    select min(r.day) as day from analytics.buy_references r
    where not exists (select from sales.orders o where o.reference = r.reference)
  ),
  clicks as (
    select r.reference, r.at, r.at > coalesce((select at from last_order), '-infinity') as after_last
    from analytics.buy_references r where r.day >= coalesce((select day from since), '-infinity'::date)
  )
  select jsonb_build_object(
    'deliveries', coalesce((
      select jsonb_agg(jsonb_build_object('at', d.at, 'provider', d.provider, 'eventId', d.event_id, 'type', d.event_type,
          'orderId', d.order_id, 'outcome', d.outcome, 'status', d.status, 'reason', d.reason) order by d.id desc)
      from (select * from sales.webhook_deliveries w order by w.id desc limit least(greatest(coalesce(p_limit, 20), 1), 100)) d), '[]'),
    'clicks', jsonb_build_object(
      'lastOrderAt', (select at from last_order),
      'since', (select day from since),
      'clicksSince', (select count(*) from clicks where after_last),
      'firstClickSince', (select min(at) from clicks where after_last),
      'clicksBefore', (select count(*) from clicks where not after_last),
      'ordersBefore', (select count(*) from clicks c where not c.after_last and exists (select from sales.orders o where o.reference = c.reference and o.paid))))
$function$;
revoke all on function admin_checkout_deliveries(integer) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_checkout_deliveries(integer) to authenticated;
comment on function admin_checkout_deliveries(integer) is 'The checkout webhook''s latest deliveries and the buy clicks since the last paid order, for the Sales panel of /admin/insights. Security invoker: admins at aal2 read them, anyone else reads none.';
