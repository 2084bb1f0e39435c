-- One version per visitor-day in an experiment (20260204000100_experiment_one_version.sql): a visitor
-- who saw the control before the experiment's start and b after it, the same day, is one visitor and
-- one buyer, under the first version it saw, in the buy clicks' table and in the money's alike.
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

select is(public.publish_catalogue(jsonb_build_object('version', '2026-02-04T10:00:00Z',
    'products', '[{"id":"tiktok","priceMinor":2900,"currency":"USD"}]'::jsonb,
    'experiments', '[{"route":"/tiktok-detox","id":"tiktok-headline","arms":["control","b"]}]'::jsonb,
    'routes', '[{"route":"/tiktok-detox","products":["tiktok"]}]'::jsonb)) ->> 'changed', 'true', 'a catalogue with the experiment');

-- X views the control before the start (a new build moves it to today), then b after it, and buys on b.
-- Y sees the control and buys on it. Z sees b and leaves.
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('192.0.2.41', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"control"}'), null, 'X views the control before the start');
select is(pg_temp.track_as('192.0.2.41', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"b"}'), null, 'X views b after it');
select is(pg_temp.track_as('192.0.2.41', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"b","p":"tiktok","x":"XXXXXXXXXXXXXXXXXXXXXX"}'), null, 'X buys on b');
select is(pg_temp.track_as('192.0.2.42', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"control"}'), null, 'Y views the control');
select is(pg_temp.track_as('192.0.2.42', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"control","p":"tiktok","x":"YYYYYYYYYYYYYYYYYYYYYY"}'), null, 'Y buys on it');
select is(pg_temp.track_as('192.0.2.43', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"b"}'), null, 'Z views b');
reset role;

set local role service_role;
select public.record_checkout_event(jsonb_build_object('provider', 'stripe', 'eventId', 'evt_' || r, 'type', 'checkout.session.completed', 'orderId', 'pi_' || r,
  'kind', 'sale', 'amountMinor', 2900, 'currency', 'USD', 'paid', true, 'reference', r))
from unnest(array['XXXXXXXXXXXXXXXXXXXXXX', 'YYYYYYYYYYYYYYYYYYYYYY']) r;
reset role;

insert into auth.users (id, email) values ('73333333-3333-4333-8333-333333333333', 'pgtap-versions-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('75555555-5555-4555-8555-555555555555', '73333333-3333-4333-8333-333333333333', 'aal2');
set local role authenticated;
select pg_temp.as_claims('{"role":"authenticated","sub":"73333333-3333-4333-8333-333333333333","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"75555555-5555-4555-8555-555555555555"}');

create temp table answers as select
  public.admin_experiment('/tiktok-detox', 'tiktok-headline', '{"kind":"buy"}', current_date, current_date) as clicks,
  public.admin_experiment_revenue('/tiktok-detox', 'tiktok-headline', current_date, current_date) as money;

select is((select sum((e ->> 'visitors')::int)::int from answers, jsonb_array_elements(clicks) e), 3,
  'three visitors came, three are counted');
select is((select jsonb_object_agg(e ->> 'variant', jsonb_build_array(e -> 'visitors', e -> 'conversions')) from answers, jsonb_array_elements(clicks) e),
  '{"control":[2,2],"b":[1,0]}'::jsonb, 'X is counted once, with its buy click, under the first version it saw; Z on b');
select is((select sum((e ->> 'visitors')::int)::int from answers, jsonb_array_elements(money) e), 3,
  'the money table counts the same three visitors');
select is((select sum((m ->> 'orders')::int)::int from answers, jsonb_array_elements(money) e, jsonb_array_elements(e -> 'money') m), 2,
  'two orders were paid: the versions'' orders add up to two, X''s is not counted on both versions');
select is((select jsonb_object_agg(e ->> 'variant', (select coalesce(sum((m ->> 'orders')::int), 0) from jsonb_array_elements(e -> 'money') m)) from answers, jsonb_array_elements(money) e),
  '{"control":2,"b":0}'::jsonb, 'each order is under its visitor''s version, as its buy click is');
reset role;

select * from finish();
rollback;
