-- Every delivery seen, no event corrupting an order (20260202000000_checkout_deliveries.sql): each
-- delivery is logged with its outcome and reason; a malformed event is refused with its reason, never
-- raised (so the webhook answers 400, not 500); a refund of a payment the site never sold adds no
-- order; an order's amount and currency are set once, by its sale; only admins at aal2 read the log.
begin;
select no_plan();

delete from analytics.buy_references;
delete from sales.orders;
delete from sales.webhook_events;
delete from sales.webhook_deliveries;
delete from sales.unclaimed_refunds;

create function pg_temp.as_claims(p_claims text) returns void language plpgsql as $$
begin
  perform set_config('request.jwt.claims', p_claims, true);
end;
$$;
grant execute on function pg_temp.as_claims(text) to anon, authenticated;

-- An event as the Edge Function builds it, with some fields replaced.
create function pg_temp.sale(p_event text, p_order text, p_extra jsonb default '{}') returns jsonb language sql as $$
  select jsonb_build_object('provider', 'stripe', 'eventId', p_event, 'type', 'checkout.session.completed', 'orderId', p_order,
    'kind', 'sale', 'amountMinor', 8700, 'currency', 'EUR', 'paid', true) || p_extra
$$;
create function pg_temp.refund(p_event text, p_order text, p_refunded bigint, p_extra jsonb default '{}') returns jsonb language sql as $$
  select jsonb_build_object('provider', 'stripe', 'eventId', p_event, 'type', 'charge.refunded', 'orderId', p_order,
    'kind', 'refund', 'amountMinor', 8700, 'currency', 'EUR', 'paid', true, 'refundedMinor', p_refunded) || p_extra
$$;
grant execute on function pg_temp.sale(text, text, jsonb), pg_temp.refund(text, text, bigint, jsonb) to service_role;

-- Only the webhook writes: no API role but the service role may log a delivery.
set local role anon;
select throws_ok($$select public.log_checkout_delivery('{"outcome":"refused","reason":"x"}')$$, '42501', null, 'anon cannot log a delivery');
select throws_ok($$select public.admin_checkout_deliveries()$$, '42501', null, 'nor read the deliveries');
reset role;

set local role service_role;
-- A sale, its replay.
select is(public.record_checkout_event(pg_temp.sale('evt_d1', 'pi_d1')) ->> 'outcome', 'counted', 'a sale is counted');
select is(public.record_checkout_event(pg_temp.sale('evt_d1', 'pi_d1')) ->> 'outcome', 'replay', 'its replay is a replay');

-- What cannot be stored is refused with its reason, never raised.
select is(public.record_checkout_event(pg_temp.sale('evt_usdx', 'pi_usdx', '{"currency":"USDX"}')),
  '{"recorded":false,"outcome":"refused","reason":"currency USDX is not an ISO 4217 code"}'::jsonb, 'a currency such as USDX is refused, naming it');
select is(public.record_checkout_event(pg_temp.sale('evt_big', 'pi_big', '{"amountMinor":1000000000000000}')) ->> 'reason',
  'amountMinor 1000000000000000 is not a whole number of minor units from 0 to 999999999999', 'a total of 1e15 is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_frac', 'pi_frac', '{"amountMinor":12.5}')) ->> 'outcome', 'refused', 'a fraction of a minor unit is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_neg', 'pi_neg', '{"amountMinor":-1}')) ->> 'outcome', 'refused', 'a negative amount is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_when', 'pi_when', '{"at":"2026-13-45T99:00:00Z"}')) ->> 'reason',
  'at 2026-13-45T99:00:00Z is not a time', 'a bad created_at is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_later', 'pi_later', '{"at":"2999-01-01T00:00:00Z"}')) ->> 'outcome', 'refused', 'a time in the future is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_1970', 'pi_1970', '{"at":"1970-01-01T00:00:00Z"}')) ->> 'outcome', 'refused', 'a time before 2000 is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_noamount', 'pi_noamount', '{"amountMinor":null}')) ->> 'reason',
  'a paid sale without its amount and currency cannot be counted', 'a paid sale without its amount is refused');
select is(public.record_checkout_event('null'::jsonb) ->> 'reason', 'the event is not a JSON object', 'a null event is refused');
select is(public.record_checkout_event('{"provider":"paypal","eventId":"e","type":"t","orderId":"o","kind":"sale"}') ->> 'outcome', 'refused', 'an unknown provider is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_kind', 'pi_kind', '{"kind":"gift"}')) ->> 'outcome', 'refused', 'an unknown kind is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_paid', 'pi_paid', '{"paid":"yes"}')) ->> 'outcome', 'refused', 'a paid that is not a boolean is refused');
reset role;
select is_empty($$select 1 from sales.orders where order_id in ('pi_usdx', 'pi_big', 'pi_frac', 'pi_neg', 'pi_when', 'pi_later', 'pi_1970', 'pi_noamount', 'pi_kind', 'pi_paid')$$,
  'no refused event made an order');
select is_empty($$select 1 from sales.webhook_events where event_id in ('evt_usdx', 'evt_big', 'evt_when')$$, 'nor counts as received: a corrected retry is taken');

-- A refund of a payment the site never sold: acknowledged, no order; its sale, delivered late, claims it.
set local role service_role;
select is(public.record_checkout_event(pg_temp.refund('evt_other_refund', 'pi_other', 8700)) ->> 'outcome', 'ignored', 'a refund of a payment never sold is ignored');
select ok(public.record_checkout_event(pg_temp.refund('evt_other_refund2', 'pi_other', 8700)) ->> 'reason' like 'not this site''s%', 'as not this site''s');
select is(public.record_checkout_event(pg_temp.refund('evt_other_refund2', 'pi_other', 8700)) ->> 'outcome', 'replay', 'its retry is a replay');
reset role;
select is_empty($$select 1 from sales.orders where order_id = 'pi_other'$$, 'it adds no order');
set local role service_role;
select is(public.record_checkout_event(pg_temp.refund('evt_early_refund', 'pi_late_sale', 3000)) ->> 'outcome', 'ignored', 'a refund before its sale is set aside');
select is(public.record_checkout_event(pg_temp.sale('evt_late_sale', 'pi_late_sale')) ->> 'reason', 'with its refund, received before it', 'its sale claims it');
reset role;
select is((select row(amount_minor, currency, refunded_minor, status)::text from sales.orders where order_id = 'pi_late_sale'),
  row(8700, 'EUR', 3000, 'partially_refunded')::text, 'and the order nets it out');
select is_empty($$select 1 from sales.unclaimed_refunds where order_id = 'pi_late_sale'$$, 'the refund set aside is gone once claimed');

-- An order's amount and currency are set once, by its sale.
set local role service_role;
select is(public.record_checkout_event(pg_temp.refund('evt_jpy', 'pi_d1', 8700, '{"currency":"JPY"}')) ->> 'reason',
  'currency JPY is not its order''s EUR: an order''s currency is set once, by its sale', 'a refund in another currency is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_usd_again', 'pi_d1', '{"currency":"USD"}')) ->> 'outcome', 'refused', 'a later sale event in another currency is refused');
select is(public.record_checkout_event(pg_temp.sale('evt_more', 'pi_d1', '{"amountMinor":99900}')) ->> 'reason',
  'amount 99900 is not its order''s 8700: an order''s amount is set once, by its sale', 'a later sale event of another amount is refused');
select is(public.record_checkout_event(pg_temp.refund('evt_too_much', 'pi_d1', 9000)) ->> 'reason',
  'refunds of 9000 exceed the order''s amount of 8700', 'refunds beyond the order''s amount are refused');
select is(public.record_checkout_event(pg_temp.refund('evt_part', 'pi_d1', 1000)) ->> 'outcome', 'counted', 'a refund in its currency is counted');
select is(public.record_checkout_event(pg_temp.sale('evt_async', 'pi_d1', '{"type":"checkout.session.async_payment_succeeded"}')) ->> 'outcome', 'counted', 'a later sale event of the same amount and currency is counted');
reset role;
select is((select row(amount_minor, currency, refunded_minor, status)::text from sales.orders where order_id = 'pi_d1'),
  row(8700, 'EUR', 1000, 'partially_refunded')::text, 'the order keeps its sale''s amount and currency, with its refund');

-- The webhook's own refusals and ignored kinds.
set local role service_role;
select lives_ok($$select public.log_checkout_delivery('{"provider":"stripe","outcome":"refused","status":503,"reason":"CHECKOUT_WEBHOOK_SECRET is not set: every webhook is refused"}')$$,
  'the function logs a refusal of its own');
select lives_ok($$select public.log_checkout_delivery('{"provider":"stripe","eventId":"evt_cus","type":"customer.created","outcome":"ignored","reason":"customer.created is not a sale or a refund"}')$$,
  'and an event kind it does not count');
select throws_ok($$select public.log_checkout_delivery('{"outcome":"counted"}')$$, '22023', null, 'but never a count: only record_checkout_event counts');
reset role;
select is((select row(provider, outcome, status, reason)::text from sales.webhook_deliveries order by id desc offset 1 limit 1),
  row('stripe', 'refused', 503, 'CHECKOUT_WEBHOOK_SECRET is not set: every webhook is refused')::text, 'logged with its status and reason');
select is((select row(event_id, event_type, order_id, outcome, status)::text from sales.webhook_deliveries where event_id = 'evt_usdx'),
  row('evt_usdx', 'checkout.session.completed', 'pi_usdx', 'refused', 400)::text, 'a refused event is logged with its ids');
select is((select array_agg(outcome order by id)::text from sales.webhook_deliveries where order_id = 'pi_d1' and event_id = 'evt_d1'),
  '{counted,replay}', 'every delivery of an event is logged, its replay too');
select is((select count(*)::int from information_schema.columns where table_schema = 'sales' and table_name = 'webhook_deliveries'
  and column_name ~ '(email|name|address|card|phone|payload|body|reference|amount)'), 0, 'no payload, buyer or money is kept in the log');

-- Reads: a signed-in non-admin and an admin at aal1 read no delivery, an admin at aal2 reads them.
insert into auth.users (id, email) values
  ('71111111-1111-4111-8111-111111111111', 'pgtap-deliveries-reader@example.com'),
  ('72222222-2222-4222-8222-222222222222', 'pgtap-deliveries-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values
  ('73333333-3333-4333-8333-333333333333', '71111111-1111-4111-8111-111111111111', 'aal1'),
  ('74444444-4444-4444-8444-444444444444', '72222222-2222-4222-8222-222222222222', 'aal2');
set local role authenticated;
select pg_temp.as_claims('{"role":"authenticated","sub":"71111111-1111-4111-8111-111111111111","aal":"aal1","session_id":"73333333-3333-4333-8333-333333333333"}');
select is(public.admin_checkout_deliveries() -> 'deliveries', '[]'::jsonb, 'a signed-in non-admin reads no delivery');
select throws_ok($$select public.log_checkout_delivery('{"outcome":"refused"}')$$, '42501', null, 'nor logs one');
select pg_temp.as_claims('{"role":"authenticated","sub":"72222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal1","session_id":"74444444-4444-4444-8444-444444444444"}');
select is_empty($$select id from sales.webhook_deliveries$$, 'an admin at aal1 reads no delivery');
select pg_temp.as_claims('{"role":"authenticated","sub":"72222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"74444444-4444-4444-8444-444444444444"}');
select is(jsonb_array_length(public.admin_checkout_deliveries(5) -> 'deliveries'), 5, 'an admin at aal2 reads the latest deliveries');
select is(public.admin_checkout_deliveries(5) -> 'deliveries' -> 0 ->> 'type', 'customer.created', 'newest first');
select is(public.admin_checkout_deliveries(5) -> 'deliveries' -> 0 ->> 'reason', 'customer.created is not a sale or a refund', 'with its reason');
reset role;

-- The buy clicks since the last paid order, beside the clicks before it and the orders they made.
delete from sales.orders;
delete from analytics.buy_references;
insert into analytics.buy_references (reference, at, day, route, product) values
  ('CLICKCLICKCLICKCLICK01', now() - interval '5 days', current_date - 5, '/', 'tiktok'),
  ('CLICKCLICKCLICKCLICK02', now() - interval '4 days', current_date - 4, '/', 'tiktok'),
  ('CLICKCLICKCLICKCLICK03', now() - interval '2 days', current_date - 2, '/', 'tiktok'),
  ('CLICKCLICKCLICKCLICK04', now() - interval '1 day', current_date - 1, '/', 'tiktok'),
  ('CLICKCLICKCLICKCLICK05', now() - interval '1 hour', current_date, '/', 'tiktok'),
  -- Claimed long ago, from before the raw events' window: not counted either way.
  ('CLICKCLICKCLICKCLICK00', now() - interval '400 days', current_date - 400, '/', 'tiktok');
insert into sales.orders (provider, order_id, amount_minor, currency, paid, reference, paid_at) values
  ('stripe', 'pi_c0', 2900, 'USD', true, 'CLICKCLICKCLICKCLICK00', now() - interval '400 days'),
  ('stripe', 'pi_c2', 2900, 'USD', true, 'CLICKCLICKCLICKCLICK02', now() - interval '3 days');
set local role authenticated;
select is((public.admin_checkout_deliveries() -> 'clicks') - 'lastOrderAt' - 'firstClickSince',
  jsonb_build_object('since', current_date - 5, 'clicksSince', 3, 'clicksBefore', 2, 'ordersBefore', 1),
  '3 clicks since the last order; before it, 1 of 2 clicks made an order');
select is((public.admin_checkout_deliveries() -> 'clicks' ->> 'lastOrderAt')::timestamptz, (select paid_at from sales.orders where order_id = 'pi_c2'), 'the last order''s time');
reset role;

-- The log keeps its latest 1,000 deliveries: an unsigned flood cannot grow it.
set local role service_role;
select public.log_checkout_delivery('{"provider":"stripe","outcome":"refused","reason":"the Stripe signature does not verify"}') from generate_series(1, 2500);
reset role;
select ok((select count(*) from sales.webhook_deliveries) <= 1100, 'at most 1,100 deliveries are kept after 2,500');
select ok((select max(id) - min(id) from sales.webhook_deliveries) < 1100, 'the latest ones');

select * from finish();
rollback;
