CREATE OR REPLACE FUNCTION private.erase_subscriber(p_id bigint)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update list.deliveries set error = null, provider_id = null where subscriber_id = p_id;
  delete from public.email_captures where id = p_id;
  return found;
end;
$function$;
revoke all on function private.erase_subscriber(bigint) from public, anon, authenticated, service_role;
comment on function private.erase_subscriber(bigint) is NULL;
