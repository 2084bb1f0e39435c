CREATE OR REPLACE FUNCTION rls.session_is_live()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from auth.sessions s where s.id::text = (select auth.jwt() ->> 'session_id'))
$function$;
revoke all on function rls.session_is_live() from public, anon, authenticated, service_role;
grant EXECUTE on function rls.session_is_live() to authenticated;
comment on function rls.session_is_live() is 'True when the request''s JWT names a session that still exists (sign-out deletes it).';
