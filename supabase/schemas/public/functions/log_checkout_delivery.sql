CREATE OR REPLACE FUNCTION public.log_checkout_delivery(p_delivery jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_status integer;
begin
  if jsonb_typeof(p_delivery) is distinct from 'object' or (p_delivery ->> 'outcome') is null or (p_delivery ->> 'outcome') not in ('ignored', 'refused') then
    raise exception 'invalid delivery: outcome is not ignored or refused' using errcode = '22023';
  end if;
  v_status := case when (p_delivery ->> 'status') ~ '^[1-5][0-9]{2}$' then (p_delivery ->> 'status')::integer
    when p_delivery ->> 'outcome' = 'ignored' then 200 else 400 end;
  perform sales.delivered(p_delivery ->> 'provider', p_delivery ->> 'eventId', p_delivery ->> 'type', p_delivery ->> 'orderId',
    p_delivery ->> 'outcome', v_status, p_delivery ->> 'reason');
end;
$function$;
revoke all on function log_checkout_delivery(jsonb) from public, anon, authenticated, service_role;
grant EXECUTE on function log_checkout_delivery(jsonb) to service_role;
comment on function log_checkout_delivery(jsonb) is 'Logs a delivery the checkout webhook refused or ignored before any event was recorded (no secret, a signature that does not verify, a kind it does not count). Service role only.';
