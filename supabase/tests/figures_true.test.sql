-- Every figure true (20260203000000_figures_true.sql): the catalogue only moves forward, a buy click
-- names a product its route sells, buy clicks without a view of their page are counted apart (and
-- their orders are not divided by visitors), and a buy click that reaches the database before its page
-- view still counts for the version the visitor saw.
begin;
select no_plan();

update private.hourly_limits set per_hour = 1000 where action = 'events';
delete from public.rate_limit_windows where action = 'events';
delete from analytics.events;
delete from analytics.buy_references;
delete from analytics.catalogue_version;
delete from sales.orders;
delete from sales.webhook_events;

create function pg_temp.track_as(p_ip text, p_body text)
returns jsonb language plpgsql as $$
begin
  perform set_config('request.headers', jsonb_build_object('cf-connecting-ip', p_ip,
    'user-agent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')::text, true);
  perform set_config('response.status', '', true);
  return public.track(p_body)::jsonb;
end;
$$;
grant execute on function pg_temp.track_as(text, text) to anon, authenticated;

create function pg_temp.as_claims(p_claims text) returns void language plpgsql as $$
begin
  perform set_config('request.jwt.claims', p_claims, true);
end;
$$;

-- A build's catalogue: two platform pages each selling its guide, an experiment on one of them.
create function pg_temp.catalogue(p_version text, p_price integer default 2900) returns jsonb language sql as $$
  select jsonb_build_object('version', p_version,
    'products', jsonb_build_array(jsonb_build_object('id', 'tiktok', 'priceMinor', p_price, 'currency', 'USD'),
                                  jsonb_build_object('id', 'ultimate', 'priceMinor', 8700, 'currency', 'USD')),
    'experiments', '[{"route":"/tiktok-detox","id":"tiktok-headline","arms":["control","b"]}]'::jsonb,
    'routes', '[{"route":"/tiktok-detox","products":["tiktok"]},{"route":"/ultimate-detox","products":["ultimate"]}]'::jsonb)
$$;

-- 1. The catalogue only moves forward.
select is(public.publish_catalogue(pg_temp.catalogue('2026-02-03T10:00:00Z')) ->> 'changed', 'true', 'a build''s catalogue is published');
select is((select version from analytics.catalogue_version), '2026-02-03T10:00:00Z'::timestamptz, 'with its build''s version');
select throws_ok($$select public.publish_catalogue(pg_temp.catalogue('2026-02-01T10:00:00Z', 1900))$$, 'P0001', null,
  'an older build''s catalogue that would change the prices is refused');
select throws_like($$select public.publish_catalogue(pg_temp.catalogue('2026-02-01T10:00:00Z', 1900))$$, '%from an older build of the site (built 2026-02-01 10:00:00 UTC)%(built 2026-02-03 10:00:00 UTC)%',
  'its message says so, with both builds'' times');
select is((select price_minor from analytics.products where id = 'tiktok'), 2900::bigint, 'and the newer price stays');
select throws_ok($$select public.publish_catalogue(pg_temp.catalogue(null, 1900))$$, 'P0001', null,
  'a catalogue with no version (an admin tab from before versions) never replaces a versioned one');
select is(public.publish_catalogue(pg_temp.catalogue('2026-02-01T10:00:00Z')) ->> 'changed', 'false', 'an older build with the same catalogue changes nothing, and is no error');
select is((select version from analytics.catalogue_version), '2026-02-03T10:00:00Z'::timestamptz, 'nor moves the version back');
select is(public.publish_catalogue(pg_temp.catalogue('2026-02-04T10:00:00Z')) ->> 'changed', 'false', 'a newer build with the same catalogue changes nothing');
select is((select version from analytics.catalogue_version), '2026-02-04T10:00:00Z'::timestamptz, 'but moves the version forward');
select is(public.publish_catalogue(pg_temp.catalogue('2026-02-05T10:00:00Z', 3900)) ->> 'changed', 'true', 'a newer build changes the price');
select is((select price_minor from analytics.products where id = 'tiktok'), 3900::bigint, 'to its own');
select throws_ok($$select public.publish_catalogue('{"version":"yesterday-ish","products":[],"experiments":[]}')$$, '22023', null, 'a version that is not a time is refused');
select is(public.publish_catalogue(pg_temp.catalogue('2026-02-05T10:00:00Z', 2900)) ->> 'changed', 'true', 'back to the first price, as a newer build would');

-- 2. A buy click names a product its route sells.
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('192.0.2.30', '{"k":"buy","r":"/tiktok-detox","d":"phone","p":"ultimate"}') ->> 'message',
  'invalid event: p (product) ultimate is not sold on /tiktok-detox (its buy buttons sell: tiktok)', 'a buy of a product the route does not sell is refused, naming what it sells');
select is(pg_temp.track_as('192.0.2.30', '{"k":"buy","r":"/about","d":"phone","p":"tiktok"}') ->> 'message',
  'invalid event: p (product) tiktok is not sold on /about (its buy buttons sell: nothing)', 'a buy on a route that sells nothing is refused');
reset role;
select is((select count(*)::int from analytics.events), 0, 'nothing of them is stored');
set local role anon;

-- 3. Buy clicks without a view of their page are counted apart.
-- Visitor A views /tiktok-detox, then buys (its reference AAA…). Visitor B buys with no view at all
-- (a script), reference BBB…. Visitor C's tap sends its buy before its page view (the two requests
-- crossed), reference CCC…, on version b.
select is(pg_temp.track_as('192.0.2.31', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"control"}'), null, 'A views');
select is(pg_temp.track_as('192.0.2.31', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"control","p":"tiktok","x":"AAAAAAAAAAAAAAAAAAAAAA"}'), null, 'A buys');
select is(pg_temp.track_as('192.0.2.32', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"b","p":"tiktok","x":"BBBBBBBBBBBBBBBBBBBBBB"}'), null, 'B buys without a view: stored');
select is(pg_temp.track_as('192.0.2.32', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"b","p":"tiktok","x":"BBBBBBBBBBBBBBBBBBBBBC"}'), null, 'and again');
select is(pg_temp.track_as('192.0.2.33', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"b","p":"tiktok","x":"CCCCCCCCCCCCCCCCCCCCCC"}'), null, 'C''s buy arrives first');
reset role;
select is((select viewed from analytics.buy_references where reference = 'CCCCCCCCCCCCCCCCCCCCCC'), false, 'before its view arrives, C''s click is unseen');
set local role anon;
select is(pg_temp.track_as('192.0.2.33', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"b"}'), null, 'then C''s view');
reset role;
select is((select jsonb_object_agg(reference, viewed) from analytics.buy_references),
  '{"AAAAAAAAAAAAAAAAAAAAAA":true,"BBBBBBBBBBBBBBBBBBBBBB":false,"BBBBBBBBBBBBBBBBBBBBBC":false,"CCCCCCCCCCCCCCCCCCCCCC":true}'::jsonb,
  'the clicks that followed or preceded a view of their page the same day are seen; the script''s are not');
select is((select steps from analytics.buy_references where reference = 'CCCCCCCCCCCCCCCCCCCCCC'),
  array['variant:/tiktok-detox=b', 'buy:tiktok', 'view:/tiktok-detox'], 'C''s click carries its exposure to b, before the click');
select is((select steps from analytics.buy_references where reference = 'BBBBBBBBBBBBBBBBBBBBBB'),
  array['buy:tiktok'], 'the script''s click exposes it to no version: it never viewed one');

-- Orders: one for A, one for C, one for the script B, one with no click at all.
set local role service_role;
select public.record_checkout_event(jsonb_build_object('provider', 'stripe', 'eventId', 'evt_' || r, 'type', 'checkout.session.completed', 'orderId', 'pi_' || r,
  'kind', 'sale', 'amountMinor', 2900, 'currency', 'USD', 'paid', true, 'reference', r))
from unnest(array['AAAAAAAAAAAAAAAAAAAAAA', 'CCCCCCCCCCCCCCCCCCCCCC', 'BBBBBBBBBBBBBBBBBBBBBB', 'nobody-clicked']) r;
reset role;

insert into auth.users (id, email) values ('72222222-2222-4222-8222-222222222222', 'pgtap-figures-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('74444444-4444-4444-8444-444444444444', '72222222-2222-4222-8222-222222222222', 'aal2');
set local role authenticated;
select pg_temp.as_claims('{"role":"authenticated","sub":"72222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"74444444-4444-4444-8444-444444444444"}');
select is(public.admin_insights(current_date, current_date) -> 'totals' -> 'buys', '2'::jsonb, 'buy clicks count only those of visitors who viewed the page');
select is(public.admin_insights(current_date, current_date) -> 'totals' -> 'buyers', '2'::jsonb, 'two visitors clicked buy');
select is(public.admin_insights(current_date, current_date) -> 'totals' -> 'unviewedBuys', '2'::jsonb, 'the script''s two are counted apart');
select is((select p - 'route' - 'views' - 'ctas' - 'captures' - 'buyValueCents' from jsonb_array_elements(public.admin_insights(current_date, current_date) -> 'pages') p where p ->> 'route' = '/tiktok-detox'),
  '{"visitors":2,"buys":2,"buyers":2,"unviewedBuys":2}'::jsonb, 'so the page''s buyers never outnumber its visitors');
select is(public.admin_order_visits(current_date, current_date),
  '{"routes":[{"route":"/tiktok-detox","product":"tiktok","counted":2,"unviewed":1}],"unattributed":1}'::jsonb,
  'orders: two from counted visitors, one from the unseen click, one with no click');
select is((select jsonb_object_agg(e ->> 'variant', jsonb_build_array(e -> 'visitors', e -> 'conversions'))
           from jsonb_array_elements(public.admin_experiment('/tiktok-detox', 'tiktok-headline', '{"kind":"buy"}', current_date, current_date)) e),
  '{"b":[1,1],"control":[1,1]}'::jsonb,
  'the experiment counts A on the control and C on b, each with its buy click (C''s reached the database first); the script on neither');
reset role;

select * from finish();
rollback;
