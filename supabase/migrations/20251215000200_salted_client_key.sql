-- The per-client limits' key, salted (issue 32).
--
-- private.count_request keyed each client's hourly window by md5 of its address. That was only ever
-- written for visitors who sent a form; with the analytics beacon every page view counts against the
-- 'events' cap, so every visitor would leave a row holding an unsalted md5 of their address for eight
-- days: anyone who can read the table (the owner, at aal2) could recover the address by trying all of
-- IPv4, and link a visitor's days. The key is now md5 of today's random analytics salt and the
-- address: the hourly cap works the same within the day, and the key can neither be reversed nor
-- linked once the salt is gone (private.analytics_salt_today() deletes yesterday's).

create function private.client_key()
returns text
language sql
volatile
set search_path = ''
as $$
  select md5(encode(private.analytics_salt_today(), 'hex') || private.client_address())
$$;
comment on function private.client_key() is 'The key of a client''s hourly window: md5 of today''s salt and its address (never the address alone).';
revoke all on function private.client_key() from public;

create or replace function private.count_request(p_action text)
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_window timestamptz := date_trunc('hour', now());
  v_retry integer := ceil(extract(epoch from (date_trunc('hour', now()) + interval '1 hour' - now())))::integer;
  v_client text := private.client_key();
  v_client_limit integer := (select per_hour from private.hourly_limits where action = p_action and scope = 'client');
  v_site_limit integer := (select per_hour from private.hourly_limits where action = p_action and scope = 'site');
  v_requests integer;
begin
  -- Old windows are of no use after a week (the overview looks back seven days).
  delete from public.rate_limit_windows where window_start < v_window - interval '8 days';

  insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, requests)
  values (p_action, 'client', v_client, v_window, 1)
  on conflict (action, scope, client_hash, window_start) do update set requests = w.requests + 1
  returning requests into v_requests;
  if v_requests = v_client_limit then
    update public.rate_limit_windows set limit_reached_at = now()
    where action = p_action and scope = 'client' and client_hash = v_client and window_start = v_window;
  end if;
  if v_requests > v_client_limit then
    return private.refusal(429, 'rate_limited', 'too many requests from this client',
      format('At most %s an hour may come from one client; please try again later.', v_client_limit), v_retry);
  end if;

  insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, requests)
  values (p_action, 'site', '', v_window, 1)
  on conflict (action, scope, client_hash, window_start) do update set requests = w.requests + 1
  returning requests into v_requests;
  if v_requests = v_site_limit then
    update public.rate_limit_windows set limit_reached_at = now()
    where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window;
  end if;
  if v_requests > v_site_limit then
    return private.refusal(429, 'rate_limited', 'too many requests to this site this hour',
      format('At most %s an hour may come from the whole site; please try again later.', v_site_limit), v_retry);
  end if;
  return null;
end;
$$;

-- The windows written under the old, unsalted key go: at worst a client's count restarts this hour.
delete from public.rate_limit_windows where scope = 'client';
