CREATE OR REPLACE FUNCTION private.note_auth_failure(p_kind text, p_key text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  delete from private.auth_failures where failed_at < now() - interval '1 day';
  insert into private.auth_failures (kind, key_hash) values (p_kind, md5(p_key));
  return private.auth_retry_after(p_kind, p_key);
end;
$function$;
revoke all on function private.note_auth_failure(text,text) from public, anon, authenticated, service_role;
comment on function private.note_auth_failure(text,text) is NULL;
