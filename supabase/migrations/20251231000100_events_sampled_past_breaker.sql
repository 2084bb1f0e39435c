-- Past the analytics breaker, events are sampled, never dropped for everyone (issue 40, point 2).
--
-- Until now, once the hour's site-wide count of analytics events passed its cap (private.hourly_limits,
-- 'events', 'site'), public.track() refused every event for the rest of the hour: one flood from many
-- networks blinded the owner to every genuine visitor. Now an event past the cap is kept with the
-- chance cap / count (the count including it): the hour still keeps about `cap` events plus a fair
-- share of the rest, a flood cannot push any visitor's chance to zero within the hour, and what is kept
-- is drawn from every sender alike. The trip is still noted on the hour's row (limit_reached_at), so the
-- admin overview lists each hour in which events were sampled. The forms keep their own answer past the
-- breaker: a proof of work (20251229000100_proof_of_work.sql).
--
-- Only private.count_request changes; its signature and answer stay (null when allowed, the 429 body
-- when not), so public.track() calls it unchanged.
create or replace function private.count_request(p_action text)
returns json
language plpgsql
set search_path = ''
as $$
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
$$;
comment on function private.count_request(text) is 'Counts one attempt of an action: the client''s budgets (private.count_client), then, within them, the site-wide breaker (private.count_site). Null when allowed; past the breaker, analytics events are kept with the chance cap / count (sampled), other actions get the 429 answer.';
revoke all on function private.count_request(text) from public;
