CREATE OR REPLACE FUNCTION private.count_request(p_action text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_refused json := private.count_client(p_action);
  v_cap integer;
  v_count bigint;
begin
  if v_refused is not null then
    return v_refused;
  end if;
  if not private.count_site(p_action) then
    return null;
  end if;
  v_cap := (select per_hour from private.hourly_limits where action = p_action and scope = 'site');
  if p_action = 'events' then
    select sum(requests) into v_count from public.rate_limit_windows
    where action = 'events' and scope = 'site' and client_hash = '' and window_start = date_trunc('hour', now());
    if random() * v_count < v_cap then
      return null;
    end if;
  end if;
  return private.refusal(429, 'rate_limited', 'too many requests to this site this hour',
    format('At most %s an hour may come from the whole site; please try again later.', v_cap),
    ceil(extract(epoch from (date_trunc('hour', now()) + interval '1 hour' - now())))::integer);
end;
$function$;
revoke all on function private.count_request(text) from public, anon, authenticated, service_role;
comment on function private.count_request(text) is 'Counts one attempt of an action: the client''s budgets (private.count_client), then, within them, the site-wide breaker (private.count_site). Null when allowed; past the breaker, analytics events are kept with the chance cap / count (sampled), other actions get the 429 answer.';
