-- Sales, not clicks (20251230000000_sales.sql): only the webhook (the service role) writes orders; a
-- replayed event makes one order; a refund before its sale nets out once the sale arrives
-- (20260202000000_checkout_deliveries.sql); anon, a non-admin and an admin at aal1 read no order; a
-- forged price, variant or product is refused at ingest; GPC and DNT are refused by track() itself; a
-- buy's reference carries its attribution to the order.
begin;
select no_plan();

update private.hourly_limits set per_hour = 1000 where action = 'events';
delete from public.rate_limit_windows where action = 'events';
delete from analytics.events;
delete from analytics.buy_references;
delete from sales.orders;
delete from sales.webhook_events;

create function pg_temp.track_as(p_ip text, p_body text, p_headers jsonb default '{}')
returns jsonb language plpgsql as $$
begin
  perform set_config('request.headers', (jsonb_build_object('cf-connecting-ip', p_ip,
    'user-agent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36') || p_headers)::text, true);
  perform set_config('response.status', '', true);
  return public.track(p_body)::jsonb;
end;
$$;
grant execute on function pg_temp.track_as(text, text, jsonb) to anon, authenticated;

create function pg_temp.as_claims(p_claims text) returns void language plpgsql as $$
begin
  perform set_config('request.jwt.claims', p_claims, true);
end;
$$;

-- The rollup (20260101000000_sales_rollup.sql) must always be the recount of the paid orders joined to
-- their buy clicks, row for row.
create view pg_temp.recount as
  select o.day, k.panel, k.key, count(*) as orders, count(*) filter (where o.refunded > 0) as refunded_orders,
    sum(o.gross) as gross_minor, sum(o.refunded) as refunded_minor
  from sales.orders_between(current_date - 1000, current_date + 1) o
  cross join lateral sales.order_panels(o.day, o.currency, o.net, o.product, case when o.attributed then o.reference end, null,
    o.route, o.block_id, o.block_type, o.referrer_host, o.utm_source, o.utm_medium, o.utm_campaign, o.steps) k
  group by 1, 2, 3;
create function pg_temp.rollup_is_recount(p_after text) returns text language sql as $$
  -- Summed over the slots (a connection writes to its own): the sum is the count.
  select set_eq('select day, panel, key, sum(orders) as orders, sum(refunded_orders) as refunded_orders, sum(gross_minor) as gross_minor, sum(refunded_minor) as refunded_minor from sales.daily_sales
      group by 1, 2, 3 having sum(orders) <> 0 or sum(refunded_orders) <> 0 or sum(gross_minor) <> 0 or sum(refunded_minor) <> 0',
    'select * from pg_temp.recount', 'the sales rollup equals a recount from the orders after ' || p_after)
$$;

-- The catalogue the site was built with: two products, one experiment on /tiktok-detox.
select is(public.publish_catalogue('{"products":[{"id":"tiktok","priceMinor":2900,"currency":"USD"},{"id":"ultimate","priceMinor":8700,"currency":"USD"}],
  "experiments":[{"route":"/tiktok-detox","id":"tiktok-headline","arms":["control","b"]}]}') ->> 'changed', 'true', 'the catalogue is published');
select is(public.publish_catalogue('{"products":[{"id":"tiktok","priceMinor":2900,"currency":"USD"},{"id":"ultimate","priceMinor":8700,"currency":"USD"}],
  "experiments":[{"route":"/tiktok-detox","id":"tiktok-headline","arms":["control","b"]}]}') ->> 'changed', 'false', 'the same catalogue again changes nothing');

-- Ingest: what the browser cannot forge.
set local role anon;
select pg_temp.as_claims('{"role":"anon"}');
select is(pg_temp.track_as('192.0.2.20', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"b","us":"newsletter","uc":"spring","f":"news.example.org"}'), null, 'a view of a declared variant is stored');
select is(pg_temp.track_as('192.0.2.20', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"b","p":"tiktok","b":"price-box","t":"price-box","x":"AAAAAAAAAAAAAAAAAAAAAA"}'), null, 'a buy with its reference and no price is stored');
select is(pg_temp.track_as('192.0.2.20', '{"k":"buy","r":"/tiktok-detox","d":"phone","v":"b","p":"tiktok","c":2900}'), null, 'a buy whose price is the catalogue''s is stored');
select is(pg_temp.track_as('192.0.2.21', '{"k":"buy","r":"/tiktok-detox","d":"phone","p":"tiktok","c":999999999}') ->> 'message',
  'invalid event: c (price) 999999999 is not the catalogue''s price of tiktok; leave it out, the catalogue''s is used', 'a forged price is refused');
select is(current_setting('response.status', true), '400', 'with HTTP 400');
select is(pg_temp.track_as('192.0.2.21', '{"k":"view","r":"/tiktok-detox","d":"phone","v":"zz"}') ->> 'message',
  'invalid event: v (variant) zz is not one of the variants of /tiktok-detox''s experiment', 'a variant the route does not declare is refused');
select is(current_setting('response.status', true), '400', 'with HTTP 400');
select is(pg_temp.track_as('192.0.2.21', '{"k":"view","r":"/","d":"phone","v":"b"}') ->> 'code', '22023', 'a variant on a route with no experiment is refused');
select is(pg_temp.track_as('192.0.2.21', '{"k":"buy","r":"/","d":"phone","p":"gold-plated"}') ->> 'message',
  'invalid event: p (product) gold-plated is not in the catalogue', 'a product the catalogue does not have is refused');
select is(current_setting('response.status', true), '400', 'with HTTP 400');
select is(pg_temp.track_as('192.0.2.21', '{"k":"view","r":"/","d":"phone","x":"AAAAAAAAAAAAAAAAAAAAAB"}') ->> 'code', '22023', 'a reference on anything but a buy is refused');
select is(pg_temp.track_as('192.0.2.21', '{"k":"buy","r":"/","d":"phone","p":"tiktok","x":"short/ref"}') ->> 'code', '22023', 'a reference not of 22 safe characters is refused');
-- Privacy signals: refused, nothing stored, not even counted.
select is(pg_temp.track_as('192.0.2.22', '{"k":"view","r":"/","d":"phone"}', '{"sec-gpc":"1"}') ->> 'code', 'not_tracked', 'Sec-GPC: 1 is refused');
select is(current_setting('response.status', true), '403', 'with HTTP 403');
select is(pg_temp.track_as('192.0.2.22', '{"k":"view","r":"/","d":"phone"}', '{"dnt":"1"}') ->> 'code', 'not_tracked', 'DNT: 1 is refused');
select is(pg_temp.track_as('192.0.2.22', '{"k":"view","r":"/","d":"phone"}', '{"dnt":"0"}'), null, 'DNT: 0 is counted');
reset role;
select is((select count(*)::int from analytics.events where kind = 'buy'), 2, 'only the two valid buys are stored');
select is((select array_agg(distinct price_cents)::int[] from analytics.events where kind = 'buy'), array[2900], 'each at the catalogue''s price');
select is((select count(*)::int from analytics.events where route = '/tiktok-detox' and variant = 'zz'), 0, 'no forged variant is stored');
select is((select sum(requests)::int from public.rate_limit_windows where action = 'events' and scope = 'site'), 10, 'GPC and DNT requests are not even counted (the 10 others were)');
select is((select row(route, block_id, product, variant, experiment, utm_source, utm_campaign, referrer_host)::text from analytics.buy_references),
  row('/tiktok-detox', 'price-box', 'tiktok', 'b', 'tiktok-headline', 'newsletter', 'spring', 'news.example.org')::text,
  'the reference keeps the click and the visitor-day''s first touch');
select is((select steps from analytics.buy_references), array['view:/tiktok-detox', 'variant:/tiktok-detox=b', 'buy:tiktok'], 'and its steps so far');

-- Only the webhook writes orders: no API role but the service role may call the writer, nobody writes the tables.
set local role anon;
select throws_ok($$select public.record_checkout_event('{"provider":"stripe","eventId":"evt_x","type":"t","orderId":"pi_x","kind":"sale","amountMinor":1,"currency":"USD","paid":true}')$$, '42501', null, 'anon cannot record an order');
select throws_ok($$insert into sales.orders (provider, order_id) values ('stripe', 'pi_x')$$, '42501', null, 'anon cannot insert an order');
reset role;
insert into auth.users (id, email) values
  ('61111111-1111-4111-8111-111111111111', 'pgtap-sales-reader@example.com'),
  ('62222222-2222-4222-8222-222222222222', 'pgtap-sales-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values
  ('63333333-3333-4333-8333-333333333333', '61111111-1111-4111-8111-111111111111', 'aal1'),
  ('64444444-4444-4444-8444-444444444444', '62222222-2222-4222-8222-222222222222', 'aal2');
set local role authenticated;
select pg_temp.as_claims('{"role":"authenticated","sub":"62222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"64444444-4444-4444-8444-444444444444"}');
select throws_ok($$select public.record_checkout_event('{"provider":"stripe","eventId":"evt_x","type":"t","orderId":"pi_x","kind":"sale","amountMinor":1,"currency":"USD","paid":true}')$$, '42501', null, 'an admin at aal2 cannot record an order');
select throws_ok($$insert into sales.orders (provider, order_id) values ('stripe', 'pi_x')$$, '42501', null, 'an admin at aal2 cannot insert an order');
select throws_ok($$update sales.orders set refunded_minor = 0$$, '42501', null, 'nor change one');
reset role;

-- The webhook, as the service role: a sale, its replay, a refund that came first.
set local role service_role;
select is(public.record_checkout_event('{"provider":"stripe","eventId":"evt_sale_1","type":"checkout.session.completed","orderId":"pi_1","kind":"sale",
  "amountMinor":2900,"currency":"USD","paid":true,"reference":"AAAAAAAAAAAAAAAAAAAAAA"}') ->> 'recorded', 'true', 'a sale is recorded');
reset role;
select pg_temp.rollup_is_recount('a sale');
select isnt_empty('select 1 from sales.daily_sales', 'the rollup holds the sale');
set local role service_role;
select is(public.record_checkout_event('{"provider":"stripe","eventId":"evt_sale_1","type":"checkout.session.completed","orderId":"pi_1","kind":"sale",
  "amountMinor":2900,"currency":"USD","paid":true,"reference":"AAAAAAAAAAAAAAAAAAAAAA"}') ->> 'recorded', 'false', 'its replay is acknowledged as one');
reset role;
select pg_temp.rollup_is_recount('its replay');
set local role service_role;
select is(public.record_checkout_event('{"provider":"stripe","eventId":"evt_refund_2","type":"charge.refunded","orderId":"pi_2","kind":"refund",
  "amountMinor":8700,"currency":"USD","paid":true,"refundedMinor":8700}') ->> 'outcome', 'ignored', 'a refund that arrives before its sale is set aside, no order yet');
reset role;
select pg_temp.rollup_is_recount('a refund before its sale');
set local role service_role;
select is(public.record_checkout_event('{"provider":"stripe","eventId":"evt_sale_2","type":"checkout.session.completed","orderId":"pi_2","kind":"sale",
  "amountMinor":8700,"currency":"USD","paid":true,"reference":"ZZZZZZZZZZZZZZZZZZZZZZ"}') ->> 'recorded', 'true', 'then its sale');
reset role;
select pg_temp.rollup_is_recount('the sale that followed its refund');
set local role service_role;
select is(public.record_checkout_event('{"provider":"stripe","eventId":"evt_partial_1","type":"charge.refunded","orderId":"pi_1","kind":"refund",
  "amountMinor":2900,"currency":"USD","paid":true,"refundedMinor":1000}') ->> 'recorded', 'true', 'a partial refund');
reset role;
select pg_temp.rollup_is_recount('a partial refund');
set local role service_role;
select is(public.record_checkout_event('{"provider":"stripe","eventId":"evt_pending_3","type":"checkout.session.completed","orderId":"pi_3","kind":"sale",
  "amountMinor":2900,"currency":"EUR","paid":false}') ->> 'recorded', 'true', 'an unpaid session is kept as pending');
reset role;
select pg_temp.rollup_is_recount('an unpaid session');
set local role service_role;
select is(public.record_checkout_event('{"provider":"paypal","eventId":"e","type":"t","orderId":"o","kind":"sale"}') ->> 'outcome', 'refused', 'an unknown provider is refused');
select is(public.record_checkout_event('{"provider":"stripe","eventId":"e","type":"t","orderId":"o","kind":"sale","currency":"usd"}') ->> 'outcome', 'refused', 'a currency not in ISO form is refused');
reset role;
select is((select count(*)::int from sales.orders where order_id = 'pi_1'), 1, 'a replayed event makes one order');
select is((select row(status, amount_minor, refunded_minor)::text from sales.orders where order_id = 'pi_1'), row('partially_refunded', 2900, 1000)::text, 'the partial refund is netted');
select is((select row(status, amount_minor, refunded_minor, reference)::text from sales.orders where order_id = 'pi_2'),
  row('refunded', 8700, 8700, 'ZZZZZZZZZZZZZZZZZZZZZZ')::text, 'a refund before its sale nets out, and the sale brings its reference');
select is((select status from sales.orders where order_id = 'pi_3'), 'pending', 'the unpaid one is pending');
select is((select count(*)::int from sales.webhook_events), 5, 'one row per distinct event');
select hasnt_column('sales', 'orders', 'email', 'no e-mail column');
select is((select count(*)::int from information_schema.columns where table_schema = 'sales'
  and column_name ~ '(email|name|address|card|phone)' and column_name <> 'provider'), 0, 'no buyer''s e-mail, name, address or card anywhere in sales');

-- Reads: anon may not call, a non-admin and an admin at aal1 read no order, an admin at aal2 reads the money.
set local role anon;
select throws_ok($$select public.admin_sales(current_date, current_date)$$, '42501', null, 'anon cannot read the sales');
select throws_ok($$select * from sales.orders$$, '42501', null, 'anon cannot read the orders');
reset role;
set local role authenticated;
select pg_temp.as_claims('{"role":"authenticated","sub":"61111111-1111-4111-8111-111111111111","aal":"aal1","session_id":"63333333-3333-4333-8333-333333333333"}');
select is_empty($$select order_id from sales.orders$$, 'a signed-in non-admin reads no order');
select is_empty($$select day from sales.daily_sales$$, 'nor any row of the sales rollup');
select is(public.admin_sales(current_date, current_date) -> 'totals', '[]'::jsonb, 'and no sales');
select pg_temp.as_claims('{"role":"authenticated","sub":"62222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal1","session_id":"64444444-4444-4444-8444-444444444444"}');
select is_empty($$select order_id from sales.orders$$, 'an admin at aal1 reads no order');
select is_empty($$select day from sales.daily_sales$$, 'nor any row of the sales rollup');
select is(public.admin_orders(current_date, current_date) ->> 'total', '0', 'and lists none');
select throws_ok($$select public.publish_catalogue('{"products":[],"experiments":[]}')$$, '42501', null, 'an admin at aal1 cannot publish the catalogue');
select pg_temp.as_claims('{"role":"authenticated","sub":"62222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"64444444-4444-4444-8444-444444444444"}');
select is(public.admin_sales(current_date, current_date) -> 'totals',
  '[{"currency":"USD","orders":2,"refundedOrders":2,"grossMinor":11600,"refundedMinor":9700,"netMinor":1900}]'::jsonb,
  'at aal2: two paid orders in USD, the pending EUR one not counted, refunds netted');
select is((select r from jsonb_array_elements(public.admin_sales(current_date, current_date) -> 'routes') r where r ->> 'route' = '/tiktok-detox'),
  '{"route":"/tiktok-detox","attributed":true,"currency":"USD","orders":1,"refundedOrders":1,"grossMinor":2900,"refundedMinor":1000,"netMinor":1900}'::jsonb,
  'the order with a known reference is on its route');
select is((select r ->> 'orders' from jsonb_array_elements(public.admin_sales(current_date, current_date) -> 'routes') r where not (r ->> 'attributed')::boolean),
  '1', 'the one whose reference matches no buy click is unattributed');
select is((select r from jsonb_array_elements(public.admin_sales(current_date, current_date) -> 'variants') r),
  '{"route":"/tiktok-detox","experiment":"tiktok-headline","variant":"b","currency":"USD","orders":1,"refundedOrders":1,"grossMinor":2900,"refundedMinor":1000,"netMinor":1900}'::jsonb,
  'and on the variant its visitor saw');
select is((select r ->> 'orders' from jsonb_array_elements(public.admin_sales(current_date, current_date) -> 'campaigns') r where r ->> 'campaign' = 'spring'),
  '1', 'and on its campaign');
select is(public.admin_funnel_sales(current_date, current_date, '[{"route":"/tiktok-detox"},{"kind":"buy","product":"tiktok"}]') -> 0 ->> 'netMinor', '1900', 'a funnel''s orders');
select is(public.admin_experiment_revenue('/tiktok-detox', 'tiktok-headline', current_date, current_date, 1500),
  '[{"variant":"b","visitors":1,"money":[{"currency":"USD","orders":1,"netMinor":1500,"sumSquares":2250000,"capMinor":1500}]}]'::jsonb,
  'an experiment on money: visitors, and the capped net revenue with its squares');
select is(public.admin_orders(current_date, current_date) ->> 'total', '2', 'an admin at aal2 lists the paid orders');
reset role;

-- A reference no order claims is deleted with the raw events of its day; a claimed one stays.
insert into analytics.buy_references (reference, day, route, product) values
  ('OLDOLDOLDOLDOLDOLDOLD1', current_date - 400, '/', 'tiktok'),
  ('OLDOLDOLDOLDOLDOLDOLD2', current_date - 400, '/', 'tiktok');
set local role service_role;
select public.record_checkout_event('{"provider":"stripe","eventId":"evt_old","type":"checkout.session.completed","orderId":"pi_old","kind":"sale","amountMinor":2900,"currency":"USD","paid":true,"reference":"OLDOLDOLDOLDOLDOLDOLD2"}');
reset role;
select pg_temp.as_claims('');
select analytics.fold();
select is((select array_agg(reference order by reference) from analytics.buy_references where day < current_date - 300), array['OLDOLDOLDOLDOLDOLDOLD2'], 'the fold deletes an old unclaimed reference and keeps a claimed one');
select pg_temp.rollup_is_recount('the fold');

-- The webhook before the buy click's beacon: the order is unattributed until its reference arrives, and again if it goes.
set local role service_role;
select public.record_checkout_event('{"provider":"stripe","eventId":"evt_late","type":"checkout.session.completed","orderId":"pi_late","kind":"sale","amountMinor":2900,"currency":"USD","paid":true,"reference":"LATELATELATELATELATE01"}');
reset role;
select pg_temp.rollup_is_recount('an order whose reference matches no click yet');
insert into analytics.buy_references (reference, route, block_id, product, variant, experiment, steps)
values ('LATELATELATELATELATE01', '/tiktok-detox', 'hero', 'tiktok', 'control', 'tiktok-headline', array['view:/tiktok-detox', 'variant:/tiktok-detox=control', 'buy:tiktok']);
select pg_temp.rollup_is_recount('its buy click arrived');
select is((select sum(orders)::bigint from sales.daily_sales where panel = 'routes' and key = '{"route":"/tiktok-detox","attributed":true,"currency":"USD"}' and day = current_date),
  2::bigint, 'the late click''s order counts on its route');
delete from analytics.buy_references where reference = 'LATELATELATELATELATE01';
select pg_temp.rollup_is_recount('its buy click was deleted');
delete from sales.orders where order_id = 'pi_late';
select pg_temp.rollup_is_recount('an order was deleted');

select * from finish();
rollback;
