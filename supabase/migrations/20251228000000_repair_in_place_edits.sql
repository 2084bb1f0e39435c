-- Repairs what in-place edits of two landed migrations left behind. 20251215000000_analytics.sql was
-- changed three times after it reached main (daily_paths.visitors, private.agent_verdicts with
-- private.is_bot_cached(), the read functions without SET clauses and with plan_cache_mode, the funnel's
-- pattern within one path segment, a cta without a block id accepted), and the 20251222* files after
-- their merge (the proxy key's length and empty-hash checks, private.client_edge_address() moved into
-- the proxy migration, the salt table's comment). `supabase db push` compares versions only, so a
-- project that pushed one of the earlier texts never ran the edits: its nightly fold failed on the
-- missing column. The earlier texts are in tests/db/published-migrations/ and their digests in
-- supabase/migrations.lock.json ("repaired").
--
-- Everything here is idempotent: on a database that applied today's texts it changes nothing; on
-- one that applied an earlier text it brings the schema to today's (tests/db/migration-repair.test.ts
-- compares the catalogs). The functions are today's texts of those migrations, created again.

-- A path row of an early project is one visitor-day: the default of 1 counts it as such.
alter table analytics.daily_paths add column if not exists visitors bigint not null default 1;
comment on table analytics.daily_paths is 'Per day, each distinct path (ordered distinct step tokens) and how many visitor-days took it. No visitor hash. Written by analytics.fold().';

-- isbot's pattern costs most of an event's time (about 200 alternatives, some looking behind); a
-- day's visitors bring few distinct user agents, so each verdict is kept for the day, keyed by a
-- salted hash (never the user agent itself) and deleted with the salt.
create table if not exists private.agent_verdicts (
  agent_hash bytea primary key,
  bot boolean not null
);

-- Today's salt, creating it (and deleting every older one) on the day's first call. Two first calls
-- at once: the loser of the insert reads the winner's row.
create or replace function private.analytics_salt_today()
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
create or replace function private.analytics_event_problem(p jsonb)
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
create or replace function public.track(text)
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

create or replace function private.is_bot_cached(p_agent text)
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
create or replace function analytics.step_tokens(p_kind text, p_route text, p_block text, p_product text, p_variant text)
returns text[]
language sql
immutable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it. Every name
-- is qualified, so the caller's search_path cannot change it.
as $$
  select case p_kind
    when 'view' then array['view:' || p_route] || case when p_variant is null then '{}'::text[] else array['variant:' || p_route || '=' || p_variant] end
    when 'cta' then array['cta:' || p_block]
    when 'buy' then array['buy:' || p_product]
    else array[p_kind || ':' || p_route]
  end
$$;

create or replace function analytics.raw_paths(p_from date, p_to date, p_unfolded_only boolean default true)
returns setof analytics.daily_paths
language sql
stable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it, so the
-- day range is planned with its values and the day indexes are used. Every name is qualified and
-- the function runs with the caller's rights, so the caller's search_path cannot change it.
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
create or replace function analytics.daily_between(p_from date, p_to date)
returns setof analytics.daily
language sql
stable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it, so the
-- day range is planned with its values and the day indexes are used. Every name is qualified and
-- the function runs with the caller's rights, so the caller's search_path cannot change it.
as $$
  select * from analytics.daily where day between p_from and p_to
  union all
  select * from analytics.raw_daily(p_from, p_to)
$$;

create or replace function analytics.paths_between(p_from date, p_to date)
returns setof analytics.daily_paths
language sql
stable
-- No SET clause: PostgreSQL inlines a plain SQL function into the query that calls it, so the
-- day range is planned with its values and the day indexes are used. Every name is qualified and
-- the function runs with the caller's rights, so the caller's search_path cannot change it.
as $$
  select * from analytics.daily_paths where day between p_from and p_to
  union all
  select * from analytics.raw_paths(p_from, p_to)
$$;

-- A regular expression for one funnel step or goal over ' '-joined step tokens; the ids in it are
-- checked slugs, so nothing in them is a regex operator. Raises 22023 naming the faulty field.
create or replace function analytics.step_regex(p_step jsonb, p_where text)
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
    -- A pattern's * stands for one path segment's characters, never a /: '/*-detox' is a top-level page.
    else v_kind || ':' || coalesce(p_step ->> 'route', replace(p_step ->> 'routePattern', '*', '[^ /]*'), '[^ ]*')
  end;
  return ' ' || v_token || '(?= )';
end;
$$;
revoke all on function analytics.check_range(date, date), analytics.step_regex(jsonb, text) from public;
grant execute on function analytics.check_range(date, date), analytics.step_regex(jsonb, text) to authenticated;

create or replace function public.admin_funnel(p_from date, p_to date, p_steps jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
-- A plan for each range: a cached generic plan, made without the dates, scans every day.
set plan_cache_mode = force_custom_plan
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

-- 20251222000000_analytics_proxy.sql as it is now: the stored hash is never the hash of an empty text
-- (what `sha256sum` prints for a variable that was never set). Such a row named clients for anyone who
-- sent an empty key; it is deleted, and the pixel counts nothing until the README's step is done right.
delete from private.analytics_proxy where key_sha256 = sha256(''::bytea);
alter table private.analytics_proxy drop constraint if exists analytics_proxy_key_sha256_check;
alter table private.analytics_proxy add constraint analytics_proxy_key_sha256_check
  check (octet_length(key_sha256) = 32 and key_sha256 <> sha256(''::bytea));

-- The address as the request names it, in one place: the pixel's server with the proxy secret, or
-- Cloudflare. PL/pgSQL, as 20251220000000_sharded_site_count.sql made these functions: a SQL function
-- with a SET clause is parsed and planned again in every transaction that calls it.
create or replace function private.client_edge_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  h json := nullif(current_setting('request.headers', true), '')::json;
begin
  -- A key shorter than the secrets npm start draws (32 characters and more) is never believed (and
  -- without one the lookup is skipped, false rather than null stopping the AND): an
  -- operator who hashed an unset variable stored sha256(''), which an empty header would match.
  if coalesce(char_length(h ->> 'x-analytics-key'), 0) >= 32
     and exists (select 1 from private.analytics_proxy p
                 where p.key_sha256 = sha256(convert_to(h ->> 'x-analytics-key', 'UTF8'))) then
    return coalesce(left(nullif(btrim(h ->> 'x-analytics-client'), ''), 64),
                    nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
  end if;
  return coalesce(nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
end;
$$;
comment on function private.client_edge_address() is 'The client''s address as named: x-analytics-client when x-analytics-key proves the site''s own server sent it (private.analytics_proxy), else cf-connecting-ip as Cloudflare wrote it, else ''unknown''.';
revoke all on function private.client_edge_address() from public;

-- 20251222000100_fold_rotates_salt.sql as it is now.
comment on table private.analytics_salt is 'One random salt for the current UTC day: replaced, and the old one deleted, by the day''s first event or by the daily fold, whichever comes first.';
