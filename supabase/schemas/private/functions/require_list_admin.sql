CREATE OR REPLACE FUNCTION private.require_list_admin(p_doing text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
     or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
     or not rls.session_is_live() then
    raise exception 'only an admin signed in with a second factor may %', p_doing using errcode = '42501';
  end if;
end;
$function$;
revoke all on function private.require_list_admin(text) from public, anon, authenticated, service_role;
comment on function private.require_list_admin(text) is NULL;
