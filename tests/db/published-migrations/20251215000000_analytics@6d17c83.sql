-- Conversion insight (issue 32): cookieless counting in the database the forms already use.
--
-- What is stored: one row per event (kind, route, block, product, price shown, referrer host, utm
-- triplet, device class, variant) and a visitor hash. Never the address, the user agent, a full URL
-- or any identifier the browser keeps. The hash is sha256(daily salt || site || address || user
-- agent), computed here; the salt is random, lives in `private` and is replaced on the first event of
-- each UTC day, the old one deleted in the same statement: nobody, the owner included, can link two
-- days or test a guessed address against yesterday's hashes.
--
-- The client address is private.client_address(): the `cf-connecting-ip` header Cloudflare writes in
-- front of hosted Supabase (20251201000000_unforgeable_limits.sql says why not X-Forwarded-For).
--
-- Reads: the owner's screen reads the daily rollups (kept forever) and the raw events of the days not
-- yet folded (normally today only). analytics.fold() folds every complete day into the rollups and
-- deletes raw events older than analytics.settings.raw_days; the raw days it keeps serve exports and
-- re-analysis, never double counting (a folded day is read from the rollups only). Both paths share
-- one aggregation (analytics.raw_daily / analytics.raw_paths), so a day's numbers are the same before
-- and after folding.
--
-- Who: visitors (anon) write only through public.track(text); admins read at aal2 with a live
-- session only, by the same permissive + restrictive policies as the rest of the admin's data.

create schema analytics;
revoke all on schema analytics from public;
grant usage on schema analytics to authenticated;
comment on schema analytics is 'Cookieless page and conversion counts (issue 32). Not exposed through the API; read through public.admin_* functions.';

-- One row of settings; change with an UPDATE.
create table analytics.settings (
  id boolean primary key default true check (id),
  raw_days integer not null default 30 check (raw_days between 1 and 3650),
  site text not null default 'site' check (char_length(site) between 1 and 253)
);
comment on table analytics.settings is 'raw_days: how many days raw events are kept before analytics.fold() deletes them (their counts live on in the rollups). site: mixed into the visitor hash, so two sites sharing a database never share visitors.';
insert into analytics.settings default values;

create table analytics.events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  day date not null default (now() at time zone 'utc')::date,
  visitor bytea not null,
  kind text not null check (kind in ('view', 'cta', 'buy', 'capture', 'contact', 'preview', '404')),
  route text not null,
  block_id text,
  block_type text,
  product text,
  price_cents integer,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text check (device in ('phone', 'tablet', 'desktop')),
  variant text
);
comment on table analytics.events is 'Raw events, written only by public.track(); visitor is a daily-salted hash. Kept analytics.settings.raw_days days.';
-- The screen reads the unfolded days (today) by day; fold() deletes by day.
create index events_day_idx on analytics.events (day, visitor);

-- Rollups, kept forever. Referrer, utm and device are the visitor-day's first touch (its first event
-- that had one), so one visitor-day has one of each and visitor counts add up across those columns.
create table analytics.daily (
  day date not null,
  route text not null,
  kind text not null,
  block_id text,
  block_type text,
  product text,
  variant text,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text,
  events bigint not null,
  visitors bigint not null,
  value_cents bigint not null default 0
);
comment on table analytics.daily is 'Events and distinct visitor-days per day and dimension; referrer, utm and device are the visitor-day''s first touch. Rows of kind ''visit'' (not an event kind) count whole visitor-days by landing route and first touch. Written by analytics.fold().';
create index daily_day_idx on analytics.daily (day);

-- The visitor-days' paths: the distinct step tokens in order of first occurrence ('view:/route',
-- 'variant:/route=v', 'cta:<block>', 'buy:<product>', 'capture:/route', ...), one row per distinct path
-- and day with how many visitor-days took it (many take the same few paths, and a funnel then tests
-- each path once, not each visitor). Funnels and experiments are computed from these after the hash
-- is gone; no hash is kept.
create table analytics.daily_paths (
  day date not null,
  steps text[] not null,
  visitors bigint not null default 1
);
comment on table analytics.daily_paths is 'Per day, each distinct path (ordered distinct step tokens) and how many visitor-days took it. No visitor hash. Written by analytics.fold().';
create index daily_paths_day_idx on analytics.daily_paths (day);

-- The days whose raw events are in the rollups; a day is read from exactly one place.
create table analytics.folded_days (
  day date primary key,
  folded_at timestamptz not null default now()
);

-- The salt: one row, today's.
create table private.analytics_salt (
  day date primary key,
  salt bytea not null
);
comment on table private.analytics_salt is 'Today''s random salt for the visitor hash; replaced on the first event of each UTC day, yesterday''s deleted.';

-- The caps, with the forms' (an UPDATE changes them).
alter table private.hourly_limits drop constraint hourly_limits_action_check;
alter table private.hourly_limits add constraint hourly_limits_action_check check (action in ('contact_messages', 'email_captures', 'events'));
insert into private.hourly_limits (action, scope, per_hour, description) values
  ('events', 'client', 600, 'Analytics events one client address may send in one clock hour (a reader sends a few per page)'),
  ('events', 'site', 200000, 'Analytics events the whole site accepts in one clock hour (a circuit breaker)');
-- count_request deletes windows older than eight days on every call: with one window per visitor an
-- hour, that delete needs an index on the window or it reads the whole table each time.
create index if not exists rate_limit_windows_window_idx on public.rate_limit_windows (window_start);

-- isbot's pattern costs most of an event's time (about 200 alternatives, some looking behind); a
-- day's visitors bring few distinct user agents, so each verdict is kept for the day, keyed by a
-- salted hash (never the user agent itself) and deleted with the salt.
create table private.agent_verdicts (
  agent_hash bytea primary key,
  bot boolean not null
);

-- Today's salt, creating it (and deleting every older one) on the day's first call. Two first calls
-- at once: the loser of the insert reads the winner's row.
create function private.analytics_salt_today()
returns bytea
language plpgsql
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'utc')::date;
  v_salt bytea;
begin
  select salt into v_salt from private.analytics_salt where day = v_day;
  if v_salt is null then
    -- gen_random_uuid() draws from the server's strong random source (core since PostgreSQL 13, no
    -- extension needed): two give 244 random bits.
    insert into private.analytics_salt (day, salt)
    values (v_day, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
    on conflict (day) do nothing;
    delete from private.analytics_salt where day < v_day;
    -- The verdicts are keyed by the old salt: of no use now, and not to be kept.
    delete from private.agent_verdicts;
    select salt into v_salt from private.analytics_salt where day = v_day;
  end if;
  return v_salt;
end;
$$;
revoke all on function private.analytics_salt_today() from public;

-- What one event's fields may be; null when fine, else the message naming the field.
create function private.analytics_event_problem(p jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
  c_slug constant text := '^[a-z0-9][a-z0-9-]*$';
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return 'the body is not a JSON object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(p) loop
    if v_key not in ('k', 'r', 'b', 't', 'p', 'c', 'f', 'us', 'um', 'uc', 'd', 'v') then
      return format('%s is not a known field (k, r, b, t, p, c, f, us, um, uc, d, v)', left(v_key, 20));
    end if;
    if v_key = 'c' then
      if not (jsonb_typeof(v_value) = 'number' or (jsonb_typeof(v_value) = 'string' and v_value #>> '{}' ~ '^[0-9]{1,9}$'))
         or (v_value #>> '{}') !~ '^[0-9]{1,9}$' then
        return 'c (price in cents) is not a whole number between 0 and 999999999';
      end if;
    elsif jsonb_typeof(v_value) <> 'string' then
      return format('%s is not a string', v_key);
    end if;
  end loop;
  return case
    when not p ? 'k' then 'k (kind) is missing'
    when p ->> 'k' not in ('view', 'cta', 'buy', 'capture', 'contact', 'preview', '404')
      then format('k (kind) %s is not one of view, cta, buy, capture, contact, preview, 404', left(p ->> 'k', 20))
    when not p ? 'r' then 'r (route) is missing'
    when char_length(p ->> 'r') > 200 then 'r (route) is longer than 200 characters'
    when (p ->> 'r') !~ '^/[a-z0-9/-]*$' then 'r (route) is not a plain path of a-z, 0-9, - and /'
    when not p ? 'd' then 'd (device) is missing'
    when (p ->> 'd') not in ('phone', 'tablet', 'desktop') then 'd (device) is not one of phone, tablet, desktop'
    when p ->> 'k' = 'cta' and not p ? 'b' then 'b (block id) is missing for a cta event'
    when p ->> 'k' = 'buy' and not p ? 'p' then 'p (product) is missing for a buy event'
    when char_length(p ->> 'b') > 64 then 'b (block id) is longer than 64 characters'
    when (p ->> 'b') !~ c_slug then 'b (block id) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 't') > 64 then 't (block type) is longer than 64 characters'
    when (p ->> 't') !~ c_slug then 't (block type) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 'p') > 64 then 'p (product) is longer than 64 characters'
    when (p ->> 'p') !~ c_slug then 'p (product) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 'v') > 64 then 'v (variant) is longer than 64 characters'
    when (p ->> 'v') !~ c_slug then 'v (variant) is not a slug (a-z, 0-9, -)'
    when char_length(p ->> 'f') > 253 then 'f (referrer host) is longer than 253 characters'
    when (p ->> 'f') !~ '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$' then 'f (referrer host) is not a host name (lower case, no scheme or path)'
    when char_length(p ->> 'us') > 100 then 'us (utm_source) is longer than 100 characters'
    when char_length(p ->> 'um') > 100 then 'um (utm_medium) is longer than 100 characters'
    when char_length(p ->> 'uc') > 100 then 'uc (utm_campaign) is longer than 100 characters'
    when concat(p ->> 'us', p ->> 'um', p ->> 'uc') ~ '[[:cntrl:]]' then 'us, um or uc (utm) holds a control character'
  end;
end;
$$;
revoke all on function private.analytics_event_problem(jsonb) from public;

-- The one way in for visitors: PostgREST passes a text/plain body to a function with a single
-- unnamed text parameter, so the beacon's POST stays a CORS simple request (no preflight) and
-- navigator.sendBeacon can send it. Answers null (HTTP 200) when stored; otherwise the error body with
-- its status (400 naming the field, 403 for a bot, 429 past a cap) and nothing stored. Every attempt
-- counts against the caps, refused ones too, as the forms' do.
create function public.track(text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_refused json := private.count_request('events');
  v_body jsonb;
  v_problem text;
  v_headers json := nullif(current_setting('request.headers', true), '')::json;
  v_agent text := coalesce(v_headers ->> 'user-agent', '');
  c_hint constant text := 'Send {"k":kind,"r":"/route","d":"phone|tablet|desktop"} and optional b, t, p, c, f, us, um, uc, v (see supabase/README.md).';
begin
  if v_refused is not null then
    return v_refused;
  end if;
  if octet_length($1) > 4096 then
    return private.refusal(400, '22023', 'invalid event: the body is longer than 4096 bytes', c_hint);
  end if;
  begin
    v_body := $1::jsonb;
  exception when others then
    return private.refusal(400, '22023', 'invalid event: the body is not JSON', c_hint);
  end;
  v_problem := private.analytics_event_problem(v_body);
  if v_problem is not null then
    return private.refusal(400, '22023', 'invalid event: ' || v_problem, c_hint);
  end if;
  if v_agent = '' or private.is_bot_cached(v_agent) then
    return private.refusal(403, 'bot', 'not counted: the user-agent header is empty or a bot''s',
      'Automated clients are not counted (the list is the isbot package''s).');
  end if;
  insert into analytics.events (visitor, kind, route, block_id, block_type, product, price_cents,
    referrer_host, utm_source, utm_medium, utm_campaign, device, variant)
  values (
    sha256(private.analytics_salt_today()
      || convert_to((select site from analytics.settings) || chr(10) || private.client_address() || chr(10) || v_agent, 'UTF8')),
    v_body ->> 'k', v_body ->> 'r', v_body ->> 'b', v_body ->> 't', v_body ->> 'p', (v_body ->> 'c')::integer,
    v_body ->> 'f', v_body ->> 'us', v_body ->> 'um', v_body ->> 'uc', v_body ->> 'd', v_body ->> 'v');
  return null;
end;
$$;
comment on function public.track(text) is 'The beacon''s one call: a JSON event as text (text/plain, no CORS preflight). null when stored; 400 naming the field, 403 for a bot, 429 past the caps in private.hourly_limits (action events); nothing stored when refused.';
revoke all on function public.track(text) from public, anon, authenticated, service_role;
grant execute on function public.track(text) to anon;

-- The bot test. Replaced by the generated migration that follows (npm run analytics:bots) with
-- isbot's own list; this first body refuses nothing so the order of migrations cannot matter.
create function private.is_bot(p_agent text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select false $$;
revoke all on function private.is_bot(text) from public;

create function private.is_bot_cached(p_agent text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_hash bytea := sha256(private.analytics_salt_today() || convert_to(p_agent, 'UTF8'));
  v_bot boolean;
begin
  select bot into v_bot from private.agent_verdicts where agent_hash = v_hash;
  if v_bot is null then
    v_bot := private.is_bot(p_agent);
    insert into private.agent_verdicts (agent_hash, bot) values (v_hash, v_bot) on conflict (agent_hash) do nothing;
  end if;
  return v_bot;
end;
$$;
revoke all on function private.is_bot_cached(text) from public;

-- Step tokens of one event, as daily_paths keeps them.
create function analytics.step_tokens(p_kind text, p_route text, p_block text, p_product text, p_variant text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'view' then array['view:' || p_route] || case when p_variant is null then '{}'::text[] else array['variant:' || p_route || '=' || p_variant] end
    when 'cta' then array['cta:' || p_block]
    when 'buy' then array['buy:' || p_product]
    else array[p_kind || ':' || p_route]
  end
$$;

-- The rollup rows of the raw events of [p_from, p_to]; by default leaving out folded days (they are
-- read from analytics.daily). fold() stores exactly this; the read functions read it for the
-- unfolded days.
create function analytics.raw_daily(p_from date, p_to date, p_unfolded_only boolean default true)
returns setof analytics.daily
language sql
stable
set search_path = ''
as $$
  with e as (
    select * from analytics.events ev
    where ev.day between p_from and p_to
      -- The unfolded days, computed once (an array), so the day index finds their rows only.
      and ev.day = any (array(select g.day::date from generate_series(p_from, p_to, interval '1 day') g(day)
                              where not (p_unfolded_only and exists (select 1 from analytics.folded_days f where f.day = g.day::date))))
  ),
  touch as (
    select day, visitor,
      (array_agg(referrer_host order by at, id) filter (where referrer_host is not null))[1] as referrer_host,
      (array_agg(utm_source order by at, id) filter (where coalesce(utm_source, utm_medium, utm_campaign) is not null))[1] as utm_source,
      (array_agg(utm_medium order by at, id) filter (where coalesce(utm_source, utm_medium, utm_campaign) is not null))[1] as utm_medium,
      (array_agg(utm_campaign order by at, id) filter (where coalesce(utm_source, utm_medium, utm_campaign) is not null))[1] as utm_campaign,
      (array_agg(device order by at, id) filter (where device is not null))[1] as device,
      (array_agg(route order by at, id))[1] as landing
    from e group by day, visitor
  )
  select e.day, e.route, e.kind, e.block_id, e.block_type, e.product, e.variant,
    t.referrer_host, t.utm_source, t.utm_medium, t.utm_campaign, t.device,
    count(*), count(distinct e.visitor), coalesce(sum(e.price_cents), 0)
  from e join touch t on t.day = e.day and t.visitor = e.visitor
  group by e.day, e.route, e.kind, e.block_id, e.block_type, e.product, e.variant,
    t.referrer_host, t.utm_source, t.utm_medium, t.utm_campaign, t.device
  union all
  -- One 'visit' row per landing route and first touch: its visitors are whole visitor-days, so they
  -- add up to the day's visitors, and to each referrer's and campaign's.
  select day, landing, 'visit', null, null, null, null,
    referrer_host, utm_source, utm_medium, utm_campaign, device, count(*), count(*), 0
  from touch
  group by day, landing, referrer_host, utm_source, utm_medium, utm_campaign, device
$$;

create function analytics.raw_paths(p_from date, p_to date, p_unfolded_only boolean default true)
returns setof analytics.daily_paths
language sql
stable
set search_path = ''
as $$
  select day, steps, count(*) from (
  select day, visitor, array_agg(token order by first_at, first_id, first_n) as steps
  from (
    select ev.day, ev.visitor, tok.token, min(ev.at) as first_at, min(ev.id) as first_id, min(tok.n) as first_n
    from analytics.events ev
    cross join lateral unnest(analytics.step_tokens(ev.kind, ev.route, ev.block_id, ev.product, ev.variant)) with ordinality as tok(token, n)
    where ev.day between p_from and p_to
      -- The unfolded days, computed once (an array), so the day index finds their rows only.
      and ev.day = any (array(select g.day::date from generate_series(p_from, p_to, interval '1 day') g(day)
                              where not (p_unfolded_only and exists (select 1 from analytics.folded_days f where f.day = g.day::date))))
    group by ev.day, ev.visitor, tok.token
  ) s
  group by day, visitor
  ) p
  group by day, steps
$$;

-- Every view of the rollups, folded or not.
create function analytics.daily_between(p_from date, p_to date)
returns setof analytics.daily
language sql
stable
set search_path = ''
as $$
  select * from analytics.daily where day between p_from and p_to
  union all
  select * from analytics.raw_daily(p_from, p_to)
$$;

create function analytics.paths_between(p_from date, p_to date)
returns setof analytics.daily_paths
language sql
stable
set search_path = ''
as $$
  select * from analytics.daily_paths where day between p_from and p_to
  union all
  select * from analytics.raw_paths(p_from, p_to)
$$;

-- Folds every complete day not yet folded into the rollups, then deletes raw events older than
-- raw_days. A day is complete ten minutes after it ends: an event whose transaction began at
-- 23:59:59 may commit a moment later with yesterday's date. Run daily (pg_cron on a hosted project,
-- supabase/README.md); by an admin at aal2, or by a role that is not an API role (cron, psql).
create function analytics.fold()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before date := ((now() at time zone 'utc') - interval '10 minutes')::date;
  v_day date;
  v_folded integer := 0;
begin
  -- Through the API (a request's claims are set) only an admin at aal2; cron and psql have none.
  if (select auth.jwt()) ->> 'role' is not null then
    if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
       or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
       or not rls.session_is_live() then
      raise exception 'only an admin signed in with a second factor may fold the analytics' using errcode = '42501';
    end if;
  end if;
  for v_day in
    select distinct ev.day from analytics.events ev
    where ev.day < v_before and not exists (select 1 from analytics.folded_days f where f.day = ev.day)
    order by 1
  loop
    -- Claiming the day first: a second fold running at once skips it.
    insert into analytics.folded_days (day) values (v_day) on conflict (day) do nothing;
    continue when not found;
    insert into analytics.daily select * from analytics.raw_daily(v_day, v_day, false);
    insert into analytics.daily_paths select * from analytics.raw_paths(v_day, v_day, false);
    v_folded := v_folded + 1;
  end loop;
  delete from analytics.events
  where day < (now() at time zone 'utc')::date - (select raw_days from analytics.settings)
    and day in (select day from analytics.folded_days);
  return v_folded;
end;
$$;
revoke all on function analytics.fold() from public;
grant execute on function analytics.fold() to authenticated;

-- Reads: admins, at aal2, with a live session; the same three policies as the admin's other data.
-- The read functions are security invoker, so these policies decide what they see: anyone else
-- gets zeros.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['events', 'daily', 'daily_paths', 'folded_days'] loop
    execute format('alter table analytics.%I enable row level security', v_table);
    execute format('revoke all on table analytics.%I from anon, authenticated', v_table);
    execute format('grant select on table analytics.%I to authenticated', v_table);
    execute format($p$create policy "Admins can read analytics %1$s" on analytics.%1$I for select to authenticated
      using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')$p$, v_table);
    execute format($p$create policy "Admin reads of analytics %1$s need aal2" on analytics.%1$I as restrictive for select to authenticated
      using ((select auth.jwt() ->> 'aal') = 'aal2')$p$, v_table);
    execute format($p$create policy "Admin reads of analytics %1$s need a live session" on analytics.%1$I as restrictive for select to authenticated
      using ((select rls.session_is_live()))$p$, v_table);
  end loop;
end;
$$;
alter table analytics.settings enable row level security;
revoke all on table analytics.settings from anon, authenticated;

revoke all on function analytics.step_tokens(text, text, text, text, text), analytics.raw_daily(date, date, boolean),
  analytics.raw_paths(date, date, boolean), analytics.daily_between(date, date), analytics.paths_between(date, date) from public;
grant execute on function analytics.step_tokens(text, text, text, text, text), analytics.raw_daily(date, date, boolean),
  analytics.raw_paths(date, date, boolean), analytics.daily_between(date, date), analytics.paths_between(date, date) to authenticated;

-- A range the screen may ask for: both ends given, in order, at most about three years.
create function analytics.check_range(p_from date, p_to date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 1100 then
    raise exception 'invalid date range: p_from and p_to are required, p_from <= p_to, at most 1100 days apart'
      using errcode = '22023';
  end if;
end;
$$;

-- A regular expression for one funnel step or goal over ' '-joined step tokens; the ids in it are
-- checked slugs, so nothing in them is a regex operator. Raises 22023 naming the faulty field.
create function analytics.step_regex(p_step jsonb, p_where text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_kind text := coalesce(p_step ->> 'kind', p_step ->> 'event', 'view');
  v_key text;
  v_token text;
begin
  if jsonb_typeof(p_step) is distinct from 'object' then
    raise exception '%: not an object', p_where using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p_step) loop
    if v_key not in ('kind', 'event', 'route', 'routePattern', 'block', 'product', 'id') then
      raise exception '%: % is not a known field (kind, route, routePattern, block, product)', p_where, v_key using errcode = '22023';
    end if;
  end loop;
  if v_kind not in ('view', 'cta', 'buy', 'capture', 'contact', 'preview', '404') then
    raise exception '%: kind % is not one of view, cta, buy, capture, contact, preview, 404', p_where, v_kind using errcode = '22023';
  end if;
  if (p_step ->> 'route') !~ '^/[a-z0-9/-]*$' then
    raise exception '%: route is not a plain path', p_where using errcode = '22023';
  end if;
  if (p_step ->> 'routePattern') !~ '^/[a-z0-9/*-]*$' then
    raise exception '%: routePattern may hold only a-z, 0-9, -, / and *', p_where using errcode = '22023';
  end if;
  if (p_step ->> 'block') !~ '^[a-z0-9][a-z0-9-]*$' or (p_step ->> 'product') !~ '^[a-z0-9][a-z0-9-]*$' then
    raise exception '%: block and product are slugs (a-z, 0-9, -)', p_where using errcode = '22023';
  end if;
  -- Tokens of cta and buy name the block and the product, not the route (analytics.step_tokens).
  v_token := case v_kind
    when 'cta' then 'cta:' || coalesce(p_step ->> 'block', '[^ ]*')
    when 'buy' then 'buy:' || coalesce(p_step ->> 'product', '[^ ]*')
    else v_kind || ':' || coalesce(p_step ->> 'route', replace(p_step ->> 'routePattern', '*', '[^ ]*'), '[^ ]*')
  end;
  return ' ' || v_token || '(?= )';
end;
$$;
revoke all on function analytics.check_range(date, date), analytics.step_regex(jsonb, text) from public;
grant execute on function analytics.check_range(date, date), analytics.step_regex(jsonb, text) to authenticated;

create function public.admin_insights(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform analytics.check_range(p_from, p_to);
  return (
    with d as materialized (select * from analytics.daily_between(p_from, p_to))
    select jsonb_build_object(
      'totals', (select jsonb_build_object(
          'visitors', coalesce(sum(visitors) filter (where kind = 'visit'), 0),
          'views', coalesce(sum(events) filter (where kind = 'view'), 0),
          'buys', coalesce(sum(events) filter (where kind = 'buy'), 0),
          'captures', coalesce(sum(events) filter (where kind = 'capture'), 0),
          'contacts', coalesce(sum(events) filter (where kind = 'contact'), 0),
          'previews', coalesce(sum(events) filter (where kind = 'preview'), 0),
          'notFound', coalesce(sum(events) filter (where kind = '404'), 0),
          'buyValueCents', coalesce(sum(value_cents) filter (where kind = 'buy'), 0)) from d),
      'daily', (select jsonb_agg(jsonb_build_object(
          'day', to_char(g.day, 'YYYY-MM-DD'),
          'visitors', coalesce(x.visitors, 0), 'views', coalesce(x.views, 0),
          'buys', coalesce(x.buys, 0), 'captures', coalesce(x.captures, 0)) order by g.day)
        from generate_series(p_from, p_to, interval '1 day') as g(day)
        left join (
          select day,
            sum(visitors) filter (where kind = 'visit') as visitors, sum(events) filter (where kind = 'view') as views,
            sum(events) filter (where kind = 'buy') as buys, sum(events) filter (where kind = 'capture') as captures
          from d group by day) x on x.day = g.day::date),
      'pages', coalesce((select jsonb_agg(jsonb_build_object(
          'route', route, 'views', views, 'visitors', visitors, 'buys', buys, 'captures', captures,
          'ctas', ctas, 'buyValueCents', value) order by views desc, route)
        from (select route,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'view'), 0) as visitors,
            coalesce(sum(events) filter (where kind = 'buy'), 0) as buys,
            coalesce(sum(events) filter (where kind = 'capture'), 0) as captures,
            coalesce(sum(events) filter (where kind = 'cta'), 0) as ctas,
            coalesce(sum(value_cents) filter (where kind = 'buy'), 0) as value
          from d where kind <> 'visit' group by route) p), '[]'),
      'referrers', coalesce((select jsonb_agg(jsonb_build_object('host', host, 'views', views, 'visitors', visitors) order by visitors desc, host)
        from (select referrer_host as host,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'visit'), 0) as visitors
          from d where referrer_host is not null group by referrer_host) r), '[]'),
      'campaigns', coalesce((select jsonb_agg(jsonb_build_object('source', utm_source, 'medium', utm_medium, 'campaign', utm_campaign,
            'views', views, 'visitors', visitors) order by visitors desc, utm_source, utm_medium, utm_campaign)
        from (select utm_source, utm_medium, utm_campaign,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'visit'), 0) as visitors
          from d where coalesce(utm_source, utm_medium, utm_campaign) is not null
          group by utm_source, utm_medium, utm_campaign) c), '[]'),
      'blocks', coalesce((select jsonb_agg(jsonb_build_object('route', route, 'blockId', block_id, 'blockType', block_type, 'clicks', clicks)
            order by route, clicks desc, block_id)
        from (select route, block_id, block_type, sum(events) as clicks
          from d where kind = 'cta' group by route, block_id, block_type) b), '[]'),
      'products', coalesce((select jsonb_agg(jsonb_build_object('product', product, 'route', route, 'buys', buys, 'buyValueCents', value)
            order by buys desc, product, route)
        from (select product, route, sum(events) as buys, sum(value_cents) as value
          from d where kind = 'buy' group by product, route) b), '[]'),
      'devices', coalesce((select jsonb_agg(jsonb_build_object('device', device, 'views', views) order by views desc, device)
        from (select device, sum(events) as views from d where kind = 'view' and device is not null group by device) v), '[]'))
  );
end;
$$;
comment on function public.admin_insights(date, date) is 'The /admin/insights numbers for [p_from, p_to] (UTC days): rollups plus the raw events of unfolded days. Admins at aal2 only (others read zeros, by the tables'' policies).';

create function public.admin_funnel(p_from date, p_to date, p_steps jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_prefixes text[] := '{}';
  v_regex text := '';
  v_counts bigint[];
  v_i integer;
begin
  perform analytics.check_range(p_from, p_to);
  if jsonb_typeof(p_steps) is distinct from 'array' or jsonb_array_length(p_steps) not between 2 and 8 then
    raise exception 'invalid funnel: p_steps must be an array of 2 to 8 steps' using errcode = '22023';
  end if;
  for v_i in 0 .. jsonb_array_length(p_steps) - 1 loop
    v_regex := v_regex || case when v_i > 0 then '.*' else '' end || analytics.step_regex(p_steps -> v_i, format('step %s', v_i));
    v_prefixes := v_prefixes || v_regex;
  end loop;
  -- A visitor-day reaches step i when its tokens match steps 0..i in order; one pass over the paths.
  select array_agg(c.n order by c.k) into v_counts
  from (
    select r.k, coalesce(sum(p.visitors) filter (where p.s ~ r.re), 0) as n
    from (select ' ' || array_to_string(steps, ' ') || ' ' as s, sum(visitors) as visitors
          from analytics.paths_between(p_from, p_to) group by steps) p
    cross join unnest(v_prefixes) with ordinality as r(re, k)
    group by r.k
  ) c;
  return (select jsonb_agg(jsonb_build_object('step', k - 1, 'visitors', coalesce(v_counts[k], 0)) order by k)
          from generate_series(1, array_length(v_prefixes, 1)) k);
end;
$$;
comment on function public.admin_funnel(date, date, jsonb) is 'Visitor-days reaching each of 2..8 steps in order within the day ([{step, visitors}]). Admins at aal2 only.';

-- Events carry the variant id, not the experiment's: variants are told apart by route, and
-- p_experiment is only checked (the experiments part keeps variant ids unique per route).
create function public.admin_experiment(p_route text, p_experiment text, p_goal jsonb, p_from date, p_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_goal text;
  v_prefix text;
begin
  perform analytics.check_range(p_from, p_to);
  if p_route is null or p_route !~ '^/[a-z0-9/-]*$' then
    raise exception 'invalid experiment: p_route is not a plain path' using errcode = '22023';
  end if;
  if p_experiment is null or p_experiment !~ '^[a-z0-9][a-z0-9-]*$' then
    raise exception 'invalid experiment: p_experiment is not a slug' using errcode = '22023';
  end if;
  v_goal := analytics.step_regex(p_goal, 'goal');
  v_prefix := 'variant:' || p_route || '=';
  return coalesce((
    with exposed as (
      select p.day, p.s, p.visitors, v.variant
      from (select day, steps, ' ' || array_to_string(steps, ' ') || ' ' as s, visitors from analytics.paths_between(p_from, p_to)) p
      cross join lateral (
        select substr(t, char_length(v_prefix) + 1) as variant from unnest(p.steps) with ordinality u(t, n)
        where left(t, char_length(v_prefix)) = v_prefix order by n limit 1) v
    ),
    scored as (
      select day, variant, visitors, s ~ (' ' || v_prefix || variant || '(?= ).*' || v_goal) as converted from exposed
    )    ,
    per_day as (
      select variant, day, sum(visitors) as visitors, coalesce(sum(visitors) filter (where converted), 0) as conversions from scored group by variant, day
    )
    select jsonb_agg(jsonb_build_object('variant', pv.variant, 'visitors', pv.visitors, 'conversions', pv.conversions,
        'daily', (select jsonb_agg(jsonb_build_object('day', to_char(g.day, 'YYYY-MM-DD'),
              'visitors', coalesce(pd.visitors, 0), 'conversions', coalesce(pd.conversions, 0)) order by g.day)
            from generate_series(p_from, p_to, interval '1 day') g(day)
            left join per_day pd on pd.variant = pv.variant and pd.day = g.day::date)) order by pv.variant)
    from (select variant, sum(visitors) as visitors, sum(conversions) as conversions from per_day group by variant) pv), '[]');
end;
$$;
comment on function public.admin_experiment(text, text, jsonb, date, date) is 'Per variant of p_route: visitor-days exposed, those converting to p_goal after exposure the same day, and per day. Admins at aal2 only.';

revoke all on function public.admin_insights(date, date), public.admin_funnel(date, date, jsonb),
  public.admin_experiment(text, text, jsonb, date, date) from public, anon, authenticated, service_role;
grant execute on function public.admin_insights(date, date), public.admin_funnel(date, date, jsonb),
  public.admin_experiment(text, text, jsonb, date, date) to authenticated;
