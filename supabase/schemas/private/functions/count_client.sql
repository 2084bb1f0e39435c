CREATE OR REPLACE FUNCTION private.count_client(p_action text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_window timestamptz := date_trunc('hour', now());
  v_edge text := private.client_edge_address();
  v_salt text := encode(private.analytics_salt_today(), 'hex');
  v_budget record;
  v_key text;
  v_requests integer;
begin
  -- Old windows are of no use after a week (the overview looks back seven days).
  delete from public.rate_limit_windows where window_start < v_window - interval '8 days';

  for v_budget in
    select k.scope, k.client, l.per_hour
    from unnest(array['client', 'client56', 'client48'],
                array[private.client_of(v_edge), private.network_of(v_edge, 56), private.network_of(v_edge, 48)])
           with ordinality as k(scope, client, n)
    join private.hourly_limits l on l.action = p_action and l.scope = k.scope
    where k.client is not null
    order by k.n
  loop
    v_key := md5(v_salt || v_budget.client);
    insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, requests)
    values (p_action, v_budget.scope, v_key, v_window, 1)
    on conflict (action, scope, client_hash, window_start, shard) do update set requests = w.requests + 1
    returning requests into v_requests;
    if v_requests = v_budget.per_hour then
      update public.rate_limit_windows set limit_reached_at = now()
      where action = p_action and scope = v_budget.scope and client_hash = v_key and window_start = v_window and shard = 0;
    end if;
    if v_requests > v_budget.per_hour then
      return private.refusal(429, 'rate_limited', 'too many requests from this client',
        format('At most %s an hour may come from one %s; please try again later.', v_budget.per_hour,
               case v_budget.scope when 'client' then 'client' else 'network (/' || right(v_budget.scope, 2) || ')' end),
        ceil(extract(epoch from (v_window + interval '1 hour' - now())))::integer);
    end if;
  end loop;
  return null;
end;
$function$;
revoke all on function private.count_client(text) from public, anon, authenticated, service_role;
comment on function private.count_client(text) is 'Counts one attempt against its client''s hourly budgets (IPv4 address or IPv6 /64, then the IPv6 /56 and /48); null when within them, else the 429 answer (private.refusal).';
