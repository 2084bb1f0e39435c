CREATE OR REPLACE FUNCTION private.count_site(p_action text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_window timestamptz := date_trunc('hour', now());
  v_site_limit integer := (select per_hour from private.hourly_limits where action = p_action and scope = 'site');
  v_shard smallint := pg_backend_pid() % 64;
  v_requests integer;
begin
  insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, shard, requests)
  values (p_action, 'site', '', v_window, v_shard, 1)
  on conflict (action, scope, client_hash, window_start, shard) do update set requests = w.requests + 1;
  select sum(requests) into v_requests from public.rate_limit_windows
  where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window;
  -- Reached: noted on this call's own slot row (already locked above), unless a slot of the window
  -- already notes it since the last reopening. Readers take the window's earliest.
  if v_requests >= v_site_limit and not exists (
    select 1 from public.rate_limit_windows
    where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window
      and limit_reached_at is not null and (lifted_at is null or lifted_at < limit_reached_at)
  ) then
    update public.rate_limit_windows set limit_reached_at = now()
    where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window and shard = v_shard;
  end if;
  return v_requests > v_site_limit;
end;
$function$;
revoke all on function private.count_site(text) from public, anon, authenticated, service_role;
comment on function private.count_site(text) is 'Counts one attempt in this hour''s site-wide count (in slots); true when the count is past the cap in private.hourly_limits.';
