CREATE OR REPLACE FUNCTION list.finish_delivery(p_id bigint, p_status text, p_error text DEFAULT NULL::text, p_provider_id text DEFAULT NULL::text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_status is null or p_status not in ('sent', 'failed') then
    raise exception 'invalid status: p_status is sent or failed' using errcode = '22023';
  end if;
  update list.deliveries
  set status = p_status, lease_until = null, finished_at = now(), error = left(p_error, 1000), provider_id = left(p_provider_id, 200)
  where id = p_id and status = 'sending';
  return found;
end;
$function$;
revoke all on function list.finish_delivery(bigint,text,text,text) from public, anon, authenticated, service_role;
grant EXECUTE on function list.finish_delivery(bigint,text,text,text) to service_role;
comment on function list.finish_delivery(bigint,text,text,text) is 'A claimed delivery is sent (the provider took it) or failed for good; false when it was not being sent. A passing failure is not finished: its lease runs out and it is claimed again. Service role only.';
