CREATE OR REPLACE FUNCTION private.refuse_over_limit(p_message text, p_hint text, p_retry_after integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'rate_limited', 'message', p_message, 'hint', p_hint)::text,
    detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', p_retry_after::text))::text;
end;
$function$;
revoke all on function private.refuse_over_limit(text,text,integer) from public, anon, authenticated, service_role;
comment on function private.refuse_over_limit(text,text,integer) is NULL;
