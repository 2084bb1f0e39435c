CREATE OR REPLACE FUNCTION public.reopen_site_limit(p_action text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
     or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
     or not rls.session_is_live() then
    raise exception 'only an admin signed in with a second factor may reopen a form' using errcode = '42501';
  end if;
  update public.rate_limit_windows set requests = 0, lifted_at = now()
  where action = p_action and scope = 'site' and client_hash = '' and window_start = date_trunc('hour', now());
end;
$function$;
revoke all on function reopen_site_limit(text) from public, anon, authenticated, service_role;
grant EXECUTE on function reopen_site_limit(text) to authenticated;
comment on function reopen_site_limit(text) is 'Admins at aal2 only: restarts this hour''s site-wide count of contact_messages or email_captures, reopening the form after the circuit breaker tripped.';
