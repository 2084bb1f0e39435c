-- The site-wide count in slots, so events no longer commit one at a time (issue 32).
--
-- Measured (PostgreSQL 15 on the shared 2-core machine, 50 connections calling track(); waits from
-- pg_stat_activity sampled every 10 ms, CPU from /proc): the backends spent their time waiting on
-- Lock:transactionid, Lock:tuple and LWLock:LockManager, all for one row: this hour's site-wide row
-- of private.count_request. Each call's upsert locked it and kept the lock until its transaction
-- ended, so every event waited for the one before it to finish track() and commit, with
-- synchronous_commit for its WAL flush too: about 230-280 events/s with fsync on (950-1,300/s off),
-- and 2-2.5 ms of server CPU an event, much of it queueing in the lock manager.
--
-- Now the site-wide count of a window is the sum of up to 64 slot rows (column `shard`), and a call
-- adds one to the slot of its database connection (pg_backend_pid() % 64). One connection never runs
-- two calls at once, and a pool's connections, opened together, mostly have nearby process ids, so
-- few of them share a slot and calls rarely wait for each other (with 32 slots, 50 connections still
-- spent a quarter of their waits on shared slots, with 64 about 7%; summing 64 rows instead of 32
-- cost no measurable time). Same runs, fsync on: 940-1,440 events/s against 230-280/s, 0.7 ms of
-- server CPU an event against 2.4; about 9 commits share each WAL flush, against 1.
-- The per-client count stays one row per client: exact, and only a client's own requests wait for
-- each other.
--
-- How exact the breaker is now: a call sees the committed slots and its own, not the slots of calls
-- still in flight on other connections. So when a cap of N is passed under concurrency, between N and
-- N + C - 1 requests are let through, C being the number of calls in flight at once (at most the API's
-- database connections, PostgREST's pool); never fewer than N (the first call refused saw at least N
-- accepted ones committed). Calls one after another (or on one connection) are exact, as before.
-- Refused attempts still count, and the per-client limit is checked first, as before.
--
-- When the cap was reached is noted on the slot row of the call that saw it (rarely two at once: the
-- overview takes a window's earliest); public.reopen_site_limit() zeroes every slot of the hour and
-- marks each lifted, unchanged.

alter table public.rate_limit_windows add column shard smallint not null default 0 check (shard between 0 and 63);
comment on column public.rate_limit_windows.shard is 'Site-wide windows only: the slot (0-63) a database connection counts in; a site-wide count is the sum of its window''s slots, reached when its earliest limit_reached_at says. Always 0 for per-client windows.';
alter table public.rate_limit_windows drop constraint rate_limit_windows_pkey;
alter table public.rate_limit_windows add primary key (action, scope, client_hash, window_start, shard);

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
  -- This connection's slot of the site-wide count.
  v_shard smallint := pg_backend_pid() % 64;
begin
  -- Old windows are of no use after a week (the overview looks back seven days).
  delete from public.rate_limit_windows where window_start < v_window - interval '8 days';

  insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, requests)
  values (p_action, 'client', v_client, v_window, 1)
  on conflict (action, scope, client_hash, window_start, shard) do update set requests = w.requests + 1
  returning requests into v_requests;
  if v_requests = v_client_limit then
    update public.rate_limit_windows set limit_reached_at = now()
    where action = p_action and scope = 'client' and client_hash = v_client and window_start = v_window and shard = 0;
  end if;
  if v_requests > v_client_limit then
    return private.refusal(429, 'rate_limited', 'too many requests from this client',
      format('At most %s an hour may come from one client; please try again later.', v_client_limit), v_retry);
  end if;

  -- The site-wide circuit breaker: one more in this connection's slot, then the sum of the slots
  -- (see the top of this file for how exact that is under concurrency).
  insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, shard, requests)
  values (p_action, 'site', '', v_window, v_shard, 1)
  on conflict (action, scope, client_hash, window_start, shard) do update set requests = w.requests + 1;
  select sum(requests) into v_requests from public.rate_limit_windows
  where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window;
  -- Reached: noted on this call's own slot row (already locked by the upsert above, so no other
  -- lock is taken), unless a slot of the window already notes it since the last reopening. Two calls
  -- crossing the cap at once may both note it; readers take the window's earliest.
  if v_requests >= v_site_limit and not exists (
    select 1 from public.rate_limit_windows
    where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window
      and limit_reached_at is not null and (lifted_at is null or lifted_at < limit_reached_at)
  ) then
    update public.rate_limit_windows set limit_reached_at = now()
    where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window and shard = v_shard;
  end if;
  if v_requests > v_site_limit then
    return private.refusal(429, 'rate_limited', 'too many requests to this site this hour',
      format('At most %s an hour may come from the whole site; please try again later.', v_site_limit), v_retry);
  end if;
  return null;
end;
$$;
revoke all on function private.count_request(text) from public;

-- The client's address and key as PL/pgSQL: a SQL function with a SET clause is parsed and planned
-- again in every transaction that calls it (fmgr_sql was an eighth of the server's CPU under load);
-- PL/pgSQL keeps its plan for the session. The same answers as before.
create or replace function private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce(
    nullif(btrim(nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip'), ''),
    'unknown');
end;
$$;

create or replace function private.client_key()
returns text
language plpgsql
volatile
set search_path = ''
as $$
begin
  return md5(encode(private.analytics_salt_today(), 'hex') || private.client_address());
end;
$$;
