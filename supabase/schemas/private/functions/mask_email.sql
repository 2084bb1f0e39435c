CREATE OR REPLACE FUNCTION private.mask_email(p_email text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select left(split_part(p_email, '@', 1), 1) || '•••@' || split_part(p_email, '@', 2)
$function$;
revoke all on function private.mask_email(text) from public, anon, authenticated, service_role;
comment on function private.mask_email(text) is NULL;
