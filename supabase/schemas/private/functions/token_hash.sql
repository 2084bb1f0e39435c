CREATE OR REPLACE FUNCTION private.token_hash(p_token text)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_token ~ '^[A-Za-z0-9_-]{43}$' then sha256(convert_to(p_token, 'UTF8')) end
$function$;
revoke all on function private.token_hash(text) from public, anon, authenticated, service_role;
comment on function private.token_hash(text) is 'sha256 of a token''s 43 base64url characters (UTF-8), as the mailer hashes it; null for anything else.';
