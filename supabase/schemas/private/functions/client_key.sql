CREATE OR REPLACE FUNCTION private.client_key()
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  return md5(encode(private.analytics_salt_today(), 'hex') || private.client_address());
end;
$function$;
revoke all on function private.client_key() from public, anon, authenticated, service_role;
comment on function private.client_key() is 'The key of a client''s hourly window: md5 of today''s salt and its address (never the address alone).';
