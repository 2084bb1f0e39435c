-- An IPv6 client is counted at its /64, its /56 and its /48 at once (issue 40).
--
-- A client was its /64 (20251222000200_ipv6_clients_by_64.sql). But one home connection is usually
-- given a /56 (256 /64s) or a /48 (65,536), so one host could take a fresh per-client budget from each
-- of its /64s: 21 invalid contact messages from each of 10 addresses in different /64s of one /48
-- tripped the site-wide cap (200 an hour), and a valid message from any IPv4 host was then refused.
-- Large providers count a network at several prefix lengths, each with its own, larger budget; so do
-- we now. An attempt is counted at the /64 first, then the /56, then the /48, and each wider count
-- sees only the attempts within the narrower budgets; only attempts within all three reach the
-- site-wide count. So one /48, however many /64s it uses, reaches the site-wide count at most by its
-- /48 budget, which is below the site-wide cap. IPv4 clients are counted as before, by address.
--
-- The budgets are rows of private.hourly_limits, scopes 'client56' and 'client48' beside 'client'
-- (an IPv4 address or an IPv6 /64) and 'site'. The per-client windows keep their key for 'client'
-- (md5 of today's salt and private.client_address()); a network's key is md5 of the salt and its
-- prefix written with its length ('2001:db8:1::/48'), so it never equals a /64's.
--
-- private.count_request(text) keeps its signature and answer (null when allowed, the 429 body when
-- not): public.track() calls it. It is now the two steps the forms need apart:
-- private.count_client(action) (the per-client and per-network budgets) and
-- private.count_site(action) (the site-wide breaker: true when tripped).

alter table private.hourly_limits drop constraint hourly_limits_scope_check;
alter table private.hourly_limits add constraint hourly_limits_scope_check check (scope in ('site', 'client', 'client56', 'client48'));
comment on column private.hourly_limits.scope is 'site: the whole site; client: one IPv4 address or one IPv6 /64; client56, client48: one IPv6 /56, one IPv6 /48 (counted at once with its /64).';

insert into private.hourly_limits (action, scope, per_hour, description) values
  ('contact_messages', 'client56', 50, 'Contact messages one IPv6 /56 (a home connection''s usual prefix) may send in one clock hour'),
  ('contact_messages', 'client48', 100, 'Contact messages one IPv6 /48 may send in one clock hour (kept below the site-wide cap)'),
  ('email_captures', 'client56', 150, 'Starter-kit addresses one IPv6 /56 may send in one clock hour'),
  ('email_captures', 'client48', 400, 'Starter-kit addresses one IPv6 /48 may send in one clock hour (kept below the site-wide cap)'),
  ('events', 'client56', 1800, 'Analytics events one IPv6 /56 may send in one clock hour'),
  ('events', 'client48', 20000, 'Analytics events one IPv6 /48 (an organisation''s network, many readers) may send in one clock hour (a tenth of the site-wide cap)');

-- An IPv6 address's network of `p_bits` ('2001:db8:1::/48'), or null for anything else (IPv4,
-- IPv4-mapped IPv6, 'unknown'): only IPv6 hosts are given whole prefixes.
create function private.network_of(p_address text, p_bits integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v inet;
begin
  -- Only an IPv6 address has a colon; the rest returns before the exception block (a subtransaction,
  -- a cost on every event).
  if position(':' in p_address) = 0 then
    return null;
  end if;
  begin
    v := p_address::inet;
  exception when others then
    return null;
  end;
  if family(v) <> 6 or v << '::ffff:0:0/96'::inet then
    return null;
  end if;
  return network(set_masklen(v, p_bits))::text;
end;
$$;
comment on function private.network_of(text, integer) is 'An IPv6 address''s network of the given prefix length as text with its length; null for IPv4, IPv4-mapped IPv6 and anything that is not an address.';
revoke all on function private.network_of(text, integer) from public;

-- The per-client budgets: the client (IPv4 address or IPv6 /64), then its /56 and /48 when it has
-- them. Null when within all of them; the 429 answer at the first one past its budget (the wider
-- ones do not count that attempt).
create function private.count_client(p_action text)
returns json
language plpgsql
set search_path = ''
as $$
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
$$;
comment on function private.count_client(text) is 'Counts one attempt against its client''s hourly budgets (IPv4 address or IPv6 /64, then the IPv6 /56 and /48); null when within them, else the 429 answer (private.refusal).';
revoke all on function private.count_client(text) from public;

-- The site-wide circuit breaker, counted in slots as 20251220000000_sharded_site_count.sql explains:
-- one more in this connection's slot, then the sum. True when past the cap (tripped).
create function private.count_site(p_action text)
returns boolean
language plpgsql
set search_path = ''
as $$
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
$$;
comment on function private.count_site(text) is 'Counts one attempt in this hour''s site-wide count (in slots); true when the count is past the cap in private.hourly_limits.';
revoke all on function private.count_site(text) from public;

-- The same signature and answer as before; public.track() calls it for 'events'.
create or replace function private.count_request(p_action text)
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_refused json := private.count_client(p_action);
begin
  if v_refused is not null then
    return v_refused;
  end if;
  if private.count_site(p_action) then
    return private.refusal(429, 'rate_limited', 'too many requests to this site this hour',
      format('At most %s an hour may come from the whole site; please try again later.',
             (select per_hour from private.hourly_limits where action = p_action and scope = 'site')),
      ceil(extract(epoch from (date_trunc('hour', now()) + interval '1 hour' - now())))::integer);
  end if;
  return null;
end;
$$;
comment on function private.count_request(text) is 'Counts one attempt of an action: the client''s budgets (private.count_client), then, within them, the site-wide breaker (private.count_site). Null when allowed; else the 429 answer.';
revoke all on function private.count_request(text) from public;
