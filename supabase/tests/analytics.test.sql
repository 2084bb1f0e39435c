-- Conversion insight (20251215000000_analytics.sql): visitors write only through public.track();
-- refusals store nothing; the caps answer 429; the salt rotates and yesterday's is gone; admins read
-- at aal2 with a live session only; fold() moves raw events into the rollups and the read functions
-- answer the same numbers before and after.
begin;
select no_plan();

update private.hourly_limits set per_hour = 1000 where action = 'events';
delete from public.rate_limit_windows where action = 'events';
delete from analytics.events;
delete from analytics.daily;
delete from analytics.daily_paths;
delete from analytics.daily_screen;
delete from analytics.folded_days;
-- The catalogue track() checks buy events against (20251230000000_sales.sql).
select 1 from public.publish_catalogue('{"products":[{"id":"ultimate","priceMinor":1999,"currency":"USD"}],"experiments":[]}');

create function pg_temp.track_as(p_ip text, p_agent text, p_body text)
returns jsonb language plpgsql as $$
begin
  perform set_config('request.headers', json_build_object('cf-connecting-ip', p_ip, 'user-agent', p_agent)::text, true);
  perform set_config('response.status', '', true);
  return public.track(p_body)::jsonb;
end;
$$;
grant execute on function pg_temp.track_as(text, text, text) to anon, authenticated;

create function pg_temp.as_claims(p_claims text) returns void language plpgsql as $$
begin
  perform set_config('request.jwt.claims', p_claims, true);
end;
$$;

-- A browser's user agent.
create temporary table ua (agent text) on commit drop;
insert into ua values ('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36');
grant select on ua to anon, authenticated;

-- anon: stores through track() only.
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('192.0.2.10', (select agent from ua), '{"k":"view","r":"/","d":"desktop","f":"news.ycombinator.com"}'), null, 'anon: a page view is stored (null answer)');
select is(pg_temp.track_as('192.0.2.10', (select agent from ua), '{"k":"buy","r":"/","d":"desktop","p":"ultimate","c":1999}'), null, 'anon: a buy click with its price');
select throws_ok($$insert into analytics.events (visitor, kind, route) values ('\x00', 'view', '/')$$, '42501', null, 'anon cannot insert directly');
select throws_ok($$select * from analytics.events$$, '42501', null, 'anon cannot read the events');
select throws_ok($$select * from private.analytics_salt$$, '42501', null, 'anon cannot read the salt');
select throws_ok($$select public.admin_insights(current_date, current_date)$$, '42501', null, 'anon cannot call admin_insights');
select throws_ok($$select public.admin_funnel(current_date, current_date, '[{"route":"/"},{"kind":"buy"}]')$$, '42501', null, 'anon cannot call admin_funnel');
select throws_ok($$select analytics.fold()$$, '42501', null, 'anon cannot fold');
reset role;
select is((select count(*)::int from analytics.events), 2, 'both events are stored');
select is((select price_cents from analytics.events where kind = 'buy'), 1999, 'with the price shown');
select is((select count(distinct visitor)::int from analytics.events), 1, 'one client and user agent: one visitor');
select is((select visitor from analytics.events limit 1),
  sha256((select salt from private.analytics_salt) || convert_to('site' || chr(10) || '192.0.2.10' || chr(10) || (select agent from ua), 'UTF8')),
  'the visitor is sha256(today''s salt, site, address, user agent)');
select is((select count(*)::int from analytics.events e
  where concat_ws(' ', e.route, e.referrer_host, e.utm_source, e.utm_medium, e.utm_campaign, encode(e.visitor, 'escape')) ~ '192\.0\.2\.10|Mozilla'),
  0, 'no address and no user agent is stored');

-- Refusals: a 4xx naming the field, nothing stored.
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
create temporary table refusals (field text, status text, answer jsonb) on commit drop;
grant insert, select, update on refusals to anon;
insert into refusals select 'k (kind)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"purchase","r":"/","d":"phone"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'r (route)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"view","r":"/Blog?x=1","d":"phone"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'r (route)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), format('{"k":"view","r":"/%s","d":"phone"}', repeat('a', 200)));
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'b (block id)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"cta","r":"/","b":"<script>","d":"phone"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'p (product)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"buy","r":"/","p":"Ultimate Guide","d":"phone"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'c (price', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"buy","r":"/","p":"ultimate","c":-5,"d":"phone"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'uc (utm_campaign)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), format('{"k":"view","r":"/","d":"phone","uc":"%s"}', repeat('x', 101)));
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'f (referrer host)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"view","r":"/","d":"phone","f":"https://example.com/path?q=1"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'd (device)', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"view","r":"/","d":"watch"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'email', null, pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"view","r":"/","d":"phone","email":"a@b.c"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'not JSON', null, pg_temp.track_as('192.0.2.11', (select agent from ua), 'k=view');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'longer than 4096', null, pg_temp.track_as('192.0.2.11', (select agent from ua), format('{"k":"view","r":"/","d":"phone","uc":"%s"}', repeat('x', 5000)));
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'user-agent', null, pg_temp.track_as('192.0.2.11', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '{"k":"view","r":"/","d":"desktop"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'user-agent', null, pg_temp.track_as('192.0.2.11', 'curl/8.5.0', '{"k":"view","r":"/","d":"desktop"}');
update refusals set status = current_setting('response.status', true) where status is null;
insert into refusals select 'user-agent', null, pg_temp.track_as('192.0.2.11', '', '{"k":"view","r":"/","d":"desktop"}');
update refusals set status = current_setting('response.status', true) where status is null;
reset role;
select is((select count(*)::int from refusals where answer ->> 'message' like '%' || field || '%'), (select count(*)::int from refusals), 'every refusal names its field');
select is((select count(*)::int from refusals where status = '400' and field <> 'user-agent'), (select count(*)::int from refusals where field <> 'user-agent'), 'invalid events: HTTP 400');
select is((select count(*)::int from refusals where status = '403' and field = 'user-agent'), 3, 'bots and empty user agents: HTTP 403');
select is((select count(*)::int from refusals where answer ? 'code' and answer ? 'hint' and answer ? 'details'), (select count(*)::int from refusals), 'each answer is {code, message, details, hint}');
select is((select count(*)::int from analytics.events), 2, 'no refused event was stored');

-- A call to action in a block without an id (the landing hero) counts, by its type alone.
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('192.0.2.11', (select agent from ua), '{"k":"cta","r":"/","t":"hero","d":"phone"}'), null, 'a cta without a block id is stored');
reset role;
select is((select count(*)::int from analytics.events where kind = 'cta' and block_id is null and block_type = 'hero'), 1, 'by its block type, its id null');
delete from analytics.events where kind = 'cta' and block_id is null;

-- The caps: per client first, then the whole site as a breaker; 429 with Retry-After.
delete from public.rate_limit_windows where action = 'events';
update private.hourly_limits set per_hour = 3 where action = 'events' and scope = 'client';
update private.hourly_limits set per_hour = 40 where action = 'events' and scope = 'site';
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('198.51.100.1', (select agent from ua), '{"k":"view","r":"/about","d":"phone"}'), null, 'cap: first event from a client') from generate_series(1, 3);
select is(pg_temp.track_as('198.51.100.1', (select agent from ua), '{"k":"view","r":"/about","d":"phone"}') ->> 'code', 'rate_limited', 'past the client cap: refused');
select is(current_setting('response.status', true), '429', 'with HTTP 429');
select ok(current_setting('response.headers', true) like '%Retry-After%', 'and Retry-After');
select is(pg_temp.track_as('198.51.100.2', (select agent from ua), '{"k":"view","r":"/about","d":"phone"}'), null, 'another client is still counted');
-- Past the site cap, events are sampled, not refused for everyone (20251231000100_events_sampled_past_breaker.sql):
-- each is kept with the chance cap / count. Seeded, so the run is repeatable.
reset role;
select setseed(0.42);
create temporary table flood (n int, a jsonb) on commit drop;
grant insert, select on flood to anon;
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
insert into flood select g, pg_temp.track_as('203.0.' || (g / 200) || '.' || (g % 200), (select agent from ua), '{"k":"view","r":"/about","d":"phone"}') from generate_series(1, 1000) g;
reset role;
select is((select count(*)::int from flood where n <= 36 and a is null), 36, 'below the site cap every event is stored (3 + 1 + 36 make the cap of 40)');
select ok((select count(*) from flood where n > 36 and a is null) between 40 and 300, 'past the site cap events are sampled: about cap x ln(count / cap) of the 964 stored, neither none nor all');
select is((select count(*)::int from flood where n > 36 and a is not null and a ->> 'message' <> 'too many requests to this site this hour'), 0, 'the others are refused as past the site cap');
select ok((select count(*) from flood where n > 900 and a is null) > 0, 'late in a flood a visitor''s event is still kept sometimes');
select is((select count(*)::int from analytics.events where route = '/about'), 4 + (select count(*)::int from flood where a is null),
  'every accepted event is stored, no refused one');
select is((select count(*)::int from public.rate_limit_windows where action = 'events' and scope = 'site' and limit_reached_at is not null), 1, 'the trip is noted, so the admin sees the hour');
delete from public.rate_limit_windows where action = 'events';
delete from analytics.events where route = '/about';

-- The site-wide count is the sum of the hour's slots, one per database connection
-- (20251220000000_sharded_site_count.sql): what other connections counted closes the breaker too.
update private.hourly_limits set per_hour = 10 where action = 'events' and scope = 'site';
insert into public.rate_limit_windows (action, scope, client_hash, window_start, shard, requests)
select 'events', 'site', '', date_trunc('hour', now()), s, 3
from generate_series(0, 63) s where s <> pg_backend_pid() % 64 order by s limit 3;
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('198.51.100.60', (select agent from ua), '{"k":"view","r":"/about","d":"phone"}'), null, 'slots: the hour''s 10th event, 9 of them counted by other connections, is stored');
reset role;
select ok(private.count_site('events'), 'slots: the 11th is past the cap, though this connection counted only 2');
select is((select count(*)::int from public.rate_limit_windows where action = 'events' and scope = 'site'), 4, 'slots: this connection counted in a slot of its own');
select is((select count(*)::int from public.rate_limit_windows where action = 'events' and scope = 'site' and limit_reached_at is not null), 1, 'slots: the trip is noted once');
select is((select count(*)::int from analytics.events where route = '/about'), 1, 'slots: only the accepted event is stored');
update private.hourly_limits set per_hour = 1000 where action = 'events';
delete from public.rate_limit_windows where action = 'events';
delete from analytics.events where route = '/about';

-- The salt: today's only; a new day replaces it and deletes yesterday's.
select is((select count(*)::int from private.analytics_salt), 1, 'one salt');
create temporary table old_salt on commit drop as select salt, (select visitor from analytics.events limit 1) as visitor from private.analytics_salt;
update private.analytics_salt set day = day - 1;
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('192.0.2.10', (select agent from ua), '{"k":"view","r":"/","d":"desktop"}'), null, 'the next day''s first event');
reset role;
select is((select count(*)::int from private.analytics_salt), 1, 'still one salt');
select is((select day from private.analytics_salt), (now() at time zone 'utc')::date, 'today''s');
select is((select count(*)::int from private.analytics_salt s join old_salt o on o.salt = s.salt), 0, 'yesterday''s salt is gone');
select isnt((select visitor from analytics.events order by id desc limit 1), (select visitor from old_salt), 'the same client is another visitor on another day');
select is((select count(*)::int from private.agent_verdicts), 1, 'the bot verdicts of the old salt are gone with it');
delete from analytics.events;

-- Known traffic over three past days and today: three visitors a day.
insert into analytics.events (at, day, visitor, kind, route, block_id, block_type, product, price_cents, referrer_host, utm_source, utm_medium, utm_campaign, device, variant)
select (d.day + t.at)::timestamp at time zone 'utc', d.day, sha256(convert_to(d.day || t.who, 'UTF8')), t.kind, t.route, t.block_id, t.block_type, t.product, t.price, t.ref, t.us, t.um, t.uc, t.device, t.variant
from (select ((now() at time zone 'utc')::date - g) as day from generate_series(0, 3) g) d
cross join (values
  ('a', interval '1 hour', 'view', '/', null, null, null, null, 'news.ycombinator.com', null, null, null, 'desktop', null),
  ('a', interval '2 hours', 'view', '/ultimate-detox', null, null, null, null, null, null, null, null, 'desktop', 'b'),
  ('a', interval '3 hours', 'cta', '/ultimate-detox', 'hero', 'cta', null, null, null, null, null, null, 'desktop', 'b'),
  ('a', interval '4 hours', 'buy', '/ultimate-detox', null, null, 'ultimate', 2900, null, null, null, null, 'desktop', 'b'),
  ('b', interval '1 hour', 'view', '/', null, null, null, null, null, 'newsletter', 'email', 'spring', 'phone', null),
  ('b', interval '2 hours', 'view', '/ultimate-detox', null, null, null, null, null, null, null, null, 'phone', 'a'),
  ('b', interval '3 hours', 'capture', '/ultimate-detox', null, null, null, null, null, null, null, null, 'phone', 'a'),
  ('c', interval '1 hour', 'view', '/ultimate-detox', null, null, null, null, 'news.ycombinator.com', null, null, null, 'tablet', 'a'),
  ('c', interval '2 hours', 'view', '/', null, null, null, null, null, null, null, null, 'tablet', null),
  ('c', interval '3 hours', '404', '/old-page', null, null, null, null, null, null, null, null, 'tablet', null)
) as t(who, at, kind, route, block_id, block_type, product, price, ref, us, um, uc, device, variant);

create temporary table answers (stage text, name text, answer jsonb) on commit drop;
grant insert, select on answers to authenticated;
create function pg_temp.read_all(p_stage text) returns void language plpgsql as $$
declare
  v_from date := (now() at time zone 'utc')::date - 3;
  v_to date := (now() at time zone 'utc')::date;
begin
  insert into answers values
    (p_stage, 'insights', public.admin_insights(v_from, v_to)),
    (p_stage, 'funnel', public.admin_funnel(v_from, v_to, '[{"route":"/"},{"routePattern":"/*-detox"},{"kind":"buy","product":"ultimate"}]')),
    (p_stage, 'experiment', public.admin_experiment('/ultimate-detox', 'ultimate-hero', '{"id":"buy","event":"buy","product":"ultimate"}', v_from, v_to));
end;
$$;
grant execute on function pg_temp.read_all(text) to authenticated;

insert into auth.users (id, email) values
  ('51111111-1111-4111-8111-111111111111', 'pgtap-reader@example.com'),
  ('52222222-2222-4222-8222-222222222222', 'pgtap-insights-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values
  ('53333333-3333-4333-8333-333333333333', '51111111-1111-4111-8111-111111111111', 'aal1'),
  ('54444444-4444-4444-8444-444444444444', '52222222-2222-4222-8222-222222222222', 'aal2');

-- An authenticated non-admin and an admin at aal1 read nothing.
set local role authenticated;
select pg_temp.as_claims('{"role":"authenticated","sub":"51111111-1111-4111-8111-111111111111","aal":"aal1","session_id":"53333333-3333-4333-8333-333333333333"}');
select is_empty($$select id from analytics.events$$, 'a signed-in non-admin reads no event');
select is((public.admin_insights(current_date - 3, current_date) -> 'totals' ->> 'views')::int, 0, 'a non-admin''s insights are zeros');
select throws_ok($$select public.track('{"k":"view","r":"/","d":"phone"}')$$, '42501', null, 'track is for anon only: the beacon sends the anon key');
select throws_ok($$select analytics.fold()$$, '42501', null, 'a non-admin cannot fold');
select pg_temp.as_claims('{"role":"authenticated","sub":"52222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal1","session_id":"54444444-4444-4444-8444-444444444444"}');
select is_empty($$select id from analytics.events$$, 'an admin at aal1 reads no event');
select is_empty($$select day from analytics.daily$$, 'nor any rollup');
select is_empty($$select day from analytics.daily_screen$$, 'nor the screen''s sums');
select is((public.admin_insights(current_date - 3, current_date) -> 'totals' ->> 'visitors')::int, 0, 'an admin at aal1 reads zeros');
select throws_ok($$select analytics.fold()$$, '42501', null, 'an admin at aal1 cannot fold');

-- At aal2 the numbers are the known traffic's.
select pg_temp.as_claims('{"role":"authenticated","sub":"52222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"54444444-4444-4444-8444-444444444444"}');
select isnt_empty($$select id from analytics.events$$, 'an admin at aal2 reads the events');
select pg_temp.read_all('raw');
reset role;
select is((select answer -> 'totals' from answers where stage = 'raw' and name = 'insights'),
  '{"visitors":12,"views":24,"buys":4,"buyers":4,"unviewedBuys":0,"captures":4,"contacts":0,"previews":0,"notFound":4,"buyValueCents":11600}'::jsonb, 'totals: 3 visitors a day for 4 days');
select is((select jsonb_array_length(answer -> 'daily') from answers where stage = 'raw' and name = 'insights'), 4, 'one daily entry per day');
select is((select answer -> 'daily' -> 0 from answers where stage = 'raw' and name = 'insights'),
  jsonb_build_object('day', to_char((now() at time zone 'utc')::date - 3, 'YYYY-MM-DD'), 'visitors', 3, 'views', 6, 'buys', 1, 'captures', 1), 'a day''s numbers');
select is((select answer -> 'referrers' from answers where stage = 'raw' and name = 'insights'),
  '[{"host":"news.ycombinator.com","views":16,"visitors":8}]'::jsonb, 'referrers: first touch, views and visitor-days');
select is((select answer -> 'campaigns' from answers where stage = 'raw' and name = 'insights'),
  '[{"source":"newsletter","medium":"email","campaign":"spring","views":8,"visitors":4}]'::jsonb, 'campaigns');
select is((select e from answers, jsonb_array_elements(answer -> 'pages') e where stage = 'raw' and name = 'insights' and e ->> 'route' = '/ultimate-detox'),
  '{"route":"/ultimate-detox","views":12,"visitors":12,"buys":4,"buyers":4,"unviewedBuys":0,"captures":4,"ctas":4,"buyValueCents":11600}'::jsonb, 'a page''s numbers');
select is((select answer -> 'blocks' from answers where stage = 'raw' and name = 'insights'),
  '[{"route":"/ultimate-detox","blockId":"hero","blockType":"cta","clicks":4}]'::jsonb, 'block clicks');
select is((select answer -> 'devices' from answers where stage = 'raw' and name = 'insights'),
  '[{"device":"desktop","views":8},{"device":"phone","views":8},{"device":"tablet","views":8}]'::jsonb, 'devices');
select is((select answer from answers where stage = 'raw' and name = 'funnel'),
  '[{"step":0,"visitors":12},{"step":1,"visitors":8},{"step":2,"visitors":4}]'::jsonb, 'the funnel: / then a detox page then a buy, in order within the day');
select is((select jsonb_agg(jsonb_build_object('variant', e ->> 'variant', 'visitors', e -> 'visitors', 'conversions', e -> 'conversions', 'days', jsonb_array_length(e -> 'daily')))
  from answers, jsonb_array_elements(answer) e where stage = 'raw' and name = 'experiment'),
  '[{"variant":"a","visitors":8,"conversions":0,"days":4},{"variant":"b","visitors":4,"conversions":4,"days":4}]'::jsonb, 'the experiment: per variant exposed and converted');

-- Fold: every complete day moves into the rollups; the numbers stay the same.
select is(analytics.fold(), 3, 'fold (as cron would, no API claims): three complete days');
select is((select count(*)::int from analytics.folded_days), 3, 'three days folded');
select is(analytics.fold(), 0, 'a second fold finds nothing to do');
select is((select sum(visitors)::int from analytics.daily_paths), 9, 'the paths count every visitor-day');
select is((select sum(visitors)::int from analytics.daily_paths where 'buy:ultimate' = any(steps)), 3, 'the paths keep the steps');
select is((select count(*)::int from analytics.events), 40, 'raw events within raw_days are kept');
select is((select sum(visitors)::int from analytics.daily_screen where panel = 'kinds' and kind = 'visit'), 9, 'the screen''s sums count every folded visitor-day');
select is((select array_agg(n order by panel) from (select panel, sum(events)::int as n from analytics.daily_screen where panel not in ('blocks', 'products') group by panel) p),
  (select array_fill(sum(events)::int, array[5]) from analytics.daily), 'each panel of the screen''s sums holds every rollup row once');
select is((select sum(events)::int from analytics.daily_screen where panel = 'blocks'), (select sum(events)::int from analytics.daily where kind = 'cta'), 'the blocks panel: the calls to action');
select is((select sum(value_cents)::int from analytics.daily_screen where panel = 'products'), (select sum(value_cents)::int from analytics.daily where kind = 'buy'), 'the products panel: the buy clicks and their value');
set local role authenticated;
select pg_temp.read_all('folded');
reset role;
select is((select count(*)::int from answers a join answers b on a.name = b.name and a.answer = b.answer where a.stage = 'raw' and b.stage = 'folded'), 3,
  'insights, funnel and experiment: the same answers after folding');

update analytics.settings set raw_days = 1;
select is(analytics.fold(), 0, 'fold again with raw_days 1');
select is((select count(*)::int from analytics.events where day < (now() at time zone 'utc')::date - 1), 0, 'raw events older than raw_days are deleted');
set local role authenticated;
select pg_temp.read_all('pruned');
reset role;
select is((select count(*)::int from answers a join answers b on a.name = b.name and a.answer = b.answer where a.stage = 'raw' and b.stage = 'pruned'), 3,
  'and the answers are still the same');

-- Bad requests to the read functions: 22023 naming the field.
set local role authenticated;
select throws_ok($$select public.admin_funnel(current_date, current_date, '[{"route":"/"}]')$$, '22023', null, 'a funnel of one step is refused');
select throws_ok($$select public.admin_funnel(current_date, current_date, '[{"route":"/"},{"kind":"purchase"}]')$$, '22023', null, 'an unknown kind is refused');
select throws_ok($$select public.admin_insights(current_date, current_date - 1)$$, '22023', null, 'a reversed range is refused');
reset role;

select * from finish();
rollback;
