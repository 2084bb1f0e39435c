CREATE OR REPLACE FUNCTION private.refusal(p_status integer, p_code text, p_message text, p_hint text, p_retry_after integer DEFAULT NULL::integer)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform set_config('response.status', p_status::text, true);
  if p_retry_after is not null then
    perform set_config('response.headers', json_build_array(json_build_object('Retry-After', p_retry_after::text))::text, true);
  end if;
  return json_build_object('code', p_code, 'message', p_message, 'details', null, 'hint', p_hint);
end;
$function$;
revoke all on function private.refusal(integer,text,text,text,integer) from public, anon, authenticated, service_role;
comment on function private.refusal(integer,text,text,text,integer) is NULL;
