CREATE OR REPLACE FUNCTION sales.delivered(p_provider text, p_event_id text, p_type text, p_order_id text, p_outcome text, p_status integer, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_id bigint;
begin
  insert into sales.webhook_deliveries (provider, event_id, event_type, order_id, outcome, status, reason)
  values (case when p_provider in ('stripe', 'lemonsqueezy', 'polar') then p_provider end,
    nullif(left(p_event_id, 255), ''), nullif(left(p_type, 100), ''), nullif(left(p_order_id, 255), ''), p_outcome, p_status, left(p_reason, 500))
  returning id into v_id;
  if v_id % 100 = 0 then
    delete from sales.webhook_deliveries where id <= v_id - 1000;
  end if;
  return jsonb_build_object('recorded', p_outcome = 'counted', 'outcome', p_outcome, 'reason', p_reason);
end;
$function$;
revoke all on function sales.delivered(text,text,text,text,text,integer,text) from public, anon, authenticated, service_role;
comment on function sales.delivered(text,text,text,text,text,integer,text) is NULL;
