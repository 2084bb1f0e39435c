-- Every delivery seen, no event corrupting an order (issue 49). A missing or wrong webhook secret
-- used to refuse every sale with nothing on /admin; a refund of a payment the site never sold made a
-- phantom order; a refund in another currency was netted against its order; a later event changed an
-- order's amount; an event the database could not store answered 500 ("deliver it again") forever.
--
-- 1. sales.webhook_deliveries: one row per delivery the checkout-webhook function answered: when, the
--    provider, the event's id and type and its order's id when known, the outcome (counted, replay,
--    ignored, refused), the HTTP status and the reason. Nothing else of the payload: no more than
--    sales.orders keeps. The latest 1,000 are kept (an unsigned flood cannot grow the table).
-- 2. public.record_checkout_event(p_event) answers {"recorded", "outcome", "reason"} and logs the
--    delivery. It no longer raises on a malformed event: it refuses it with its reason (the function
--    answers 400), so only a failing database answers 5xx. Its rules:
--    - amounts are whole minor units from 0 to 999,999,999,999, the currency an ISO 4217 code, the
--      time a time between 2000 and tomorrow; a paid sale names its amount and currency;
--    - an order's amount and currency are set once, by its sale: a later event in another currency,
--      or a sale of another amount, is refused; so are refunds beyond the order's amount;
--    - a refund for a payment no sale of this site made is acknowledged ("not this site's": Stripe
--      sends charge.refunded for every charge on the account) and adds no order. It is kept aside 30
--      days in sales.unclaimed_refunds, so a sale delivered late (after a retry) still nets it out.
--    - one order's events are taken one at a time (a transaction-scoped advisory lock).
-- 3. public.log_checkout_delivery(p_delivery): the function's own refusals and ignored kinds (no
--    secret, a signature that does not verify, an event kind it does not count). Service role only.
-- 4. public.admin_checkout_deliveries(p_limit): the latest deliveries, and the buy clicks since the
--    last paid order against the rate at which clicks became orders before it (the Sales panel warns
--    when that many clicks without an order is unlikely). Admins at aal2, like every sales read.

-- 1. The delivery log.
create table sales.webhook_deliveries (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  provider text check (provider in ('stripe', 'lemonsqueezy', 'polar')),
  event_id text check (char_length(event_id) between 1 and 255),
  event_type text check (char_length(event_type) between 1 and 100),
  order_id text check (char_length(order_id) between 1 and 255),
  outcome text not null check (outcome in ('counted', 'replay', 'ignored', 'refused')),
  status smallint not null check (status between 100 and 599),
  reason text check (char_length(reason) <= 500)
);
comment on table sales.webhook_deliveries is 'Every delivery the checkout webhook answered: time, provider, event id and type, order id, outcome (counted, replay, ignored, refused), HTTP status and reason; no other part of the payload. The latest 1,000 are kept. Written by public.record_checkout_event and public.log_checkout_delivery.';

-- A refund whose payment no sale of this site made (yet): not an order.
create table sales.unclaimed_refunds (
  provider text not null,
  order_id text not null,
  currency text,
  refunded_minor bigint not null,
  received_at timestamptz not null default now(),
  primary key (provider, order_id)
);
comment on table sales.unclaimed_refunds is 'Refunds of payments no sale of this site made: kept 30 days so that a sale delivered after its refund still nets it out; never counted. Written only by public.record_checkout_event.';

alter table sales.webhook_deliveries enable row level security;
revoke all on table sales.webhook_deliveries from public, anon, authenticated, service_role;
grant select on table sales.webhook_deliveries to authenticated;
create policy "Admins can read sales.webhook_deliveries" on sales.webhook_deliveries for select to authenticated
  using ((select (auth.jwt() -> 'app_metadata' ->> 'role') = 'admin'));
create policy "Admin reads of sales.webhook_deliveries need aal2" on sales.webhook_deliveries as restrictive for select to authenticated
  using ((select (auth.jwt() ->> 'aal') = 'aal2'));
create policy "Admin reads of sales.webhook_deliveries need a live session" on sales.webhook_deliveries as restrictive for select to authenticated
  using ((select rls.session_is_live()));
alter table sales.unclaimed_refunds enable row level security;
revoke all on table sales.unclaimed_refunds from public, anon, authenticated, service_role;

-- Logs one delivery and answers as record_checkout_event does. Every 100th row trims the log to its
-- latest 1,000 (in one statement, so two deliveries at once never wait on each other for long).
create function sales.delivered(p_provider text, p_event_id text, p_type text, p_order_id text, p_outcome text, p_status integer, p_reason text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into sales.webhook_deliveries (provider, event_id, event_type, order_id, outcome, status, reason)
  values (case when p_provider in ('stripe', 'lemonsqueezy', 'polar') then p_provider end,
    nullif(left(p_event_id, 255), ''), nullif(left(p_type, 100), ''), nullif(left(p_order_id, 255), ''), p_outcome, p_status, left(p_reason, 500))
  returning id into v_id;
  if v_id % 100 = 0 then
    delete from sales.webhook_deliveries where id <= v_id - 1000;
  end if;
  return jsonb_build_object('recorded', p_outcome = 'counted', 'outcome', p_outcome, 'reason', p_reason);
end;
$$;
revoke all on function sales.delivered(text, text, text, text, text, integer, text) from public;

-- What keeps an event from being stored, in words, or null. Only its own fields: the order's state is
-- record_checkout_event's.
create function sales.checkout_event_problem(p_event jsonb)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_field text;
  v_number numeric;
  v_at timestamptz;
begin
  if jsonb_typeof(p_event) is distinct from 'object' then
    return 'the event is not a JSON object';
  end if;
  if (p_event ->> 'provider') is null or (p_event ->> 'provider') not in ('stripe', 'lemonsqueezy', 'polar') then
    return format('provider %s is not one of stripe, lemonsqueezy, polar', coalesce(left(p_event ->> 'provider', 40), '(none)'));
  end if;
  if (p_event ->> 'kind') is null or (p_event ->> 'kind') not in ('sale', 'refund') then
    return format('kind %s is not sale or refund', coalesce(left(p_event ->> 'kind', 40), '(none)'));
  end if;
  if coalesce(char_length(p_event ->> 'eventId'), 0) not between 1 and 255 or coalesce(char_length(p_event ->> 'orderId'), 0) not between 1 and 255 then
    return 'eventId and orderId are 1 to 255 characters';
  end if;
  if (p_event ->> 'currency') !~ '^[A-Z]{3}$' then
    return format('currency %s is not an ISO 4217 code', left(p_event ->> 'currency', 40));
  end if;
  foreach v_field in array array['amountMinor', 'refundedMinor'] loop
    if p_event ? v_field and jsonb_typeof(p_event -> v_field) <> 'null' then
      v_number := case when jsonb_typeof(p_event -> v_field) = 'number' then (p_event ->> v_field)::numeric end;
      if v_number is null or v_number <> trunc(v_number) or v_number not between 0 and 999999999999 then
        return format('%s %s is not a whole number of minor units from 0 to 999999999999', v_field, left(p_event ->> v_field, 40));
      end if;
    end if;
  end loop;
  if jsonb_typeof(p_event -> 'paid') not in ('boolean', 'null') then
    return 'paid is not true or false';
  end if;
  if (p_event ->> 'at') is not null then
    begin
      v_at := (p_event ->> 'at')::timestamptz;
    exception when others then
      return format('at %s is not a time', left(p_event ->> 'at', 40));
    end;
    if v_at < '2000-01-01T00:00:00Z' or v_at > now() + interval '1 day' then
      return format('at %s is not a time between 2000 and tomorrow', left(p_event ->> 'at', 40));
    end if;
  end if;
  if p_event ->> 'kind' = 'sale' and (p_event ->> 'paid')::boolean is true and ((p_event ->> 'amountMinor') is null or (p_event ->> 'currency') is null) then
    return 'a paid sale without its amount and currency cannot be counted';
  end if;
  return null;
end;
$$;
revoke all on function sales.checkout_event_problem(jsonb) from public;

-- The one way an order is written: one verified webhook event, as the Edge Function reads it (same
-- p_event as 20251230000000_sales.sql). Answers {"recorded": counted or not, "outcome", "reason"}.
create or replace function public.record_checkout_event(p_event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_problem text := sales.checkout_event_problem(p_event);
  v_provider text := p_event ->> 'provider';
  v_kind text := p_event ->> 'kind';
  v_event_id text := p_event ->> 'eventId';
  v_type text := coalesce(nullif(left(p_event ->> 'type', 100), ''), p_event ->> 'kind');
  v_order_id text := p_event ->> 'orderId';
  v_currency text := p_event ->> 'currency';
  v_amount bigint;
  v_refunded bigint;
  v_paid boolean;
  v_at timestamptz;
  v_reference text := p_event ->> 'reference';
  v_order sales.orders;
  v_unclaimed sales.unclaimed_refunds;
  v_note text;
begin
  if v_problem is not null then
    return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'refused', 400, v_problem);
  end if;
  v_amount := (p_event ->> 'amountMinor')::numeric;
  v_refunded := coalesce((p_event ->> 'refundedMinor')::numeric, 0);
  v_paid := coalesce((p_event ->> 'paid')::boolean, false);
  v_at := coalesce((p_event ->> 'at')::timestamptz, now());
  -- A reference the visitor could have edited in the checkout address: kept only in its one form.
  if v_reference !~ '^[A-Za-z0-9_-]{22}$' then
    v_reference := null;
  end if;

  -- One order's events one at a time: a sale and its refund arriving at once each see the other.
  perform pg_advisory_xact_lock(hashtextextended(v_provider || ':' || v_order_id, 49));
  if exists (select from sales.webhook_events e where e.provider = v_provider and e.event_id = v_event_id) then
    return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'replay', 200, 'received before: changes nothing');
  end if;
  select * into v_order from sales.orders o where o.provider = v_provider and o.order_id = v_order_id;

  if v_order.order_id is null and v_kind = 'refund' then
    insert into sales.webhook_events (provider, event_id, type, order_id) values (v_provider, v_event_id, v_type, v_order_id);
    insert into sales.unclaimed_refunds as u (provider, order_id, currency, refunded_minor)
    values (v_provider, v_order_id, v_currency, v_refunded)
    on conflict (provider, order_id) do update set refunded_minor = greatest(u.refunded_minor, excluded.refunded_minor),
      currency = coalesce(u.currency, excluded.currency), received_at = now();
    delete from sales.unclaimed_refunds u where u.received_at < now() - interval '30 days';
    return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'ignored', 200,
      'not this site''s: a refund of a payment no sale of this site made (kept aside 30 days, should its sale arrive late)');
  end if;

  if v_order.order_id is not null then
    if v_currency is not null and v_order.currency is not null and v_currency <> v_order.currency then
      return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'refused', 400,
        format('currency %s is not its order''s %s: an order''s currency is set once, by its sale', v_currency, v_order.currency));
    end if;
    if v_kind = 'sale' and v_amount is not null and v_order.amount_minor is not null and v_amount <> v_order.amount_minor then
      return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'refused', 400,
        format('amount %s is not its order''s %s: an order''s amount is set once, by its sale', v_amount, v_order.amount_minor));
    end if;
  elsif v_kind = 'sale' then
    -- A refund that came first: the sale claims it, in the sale's currency only.
    delete from sales.unclaimed_refunds u where u.provider = v_provider and u.order_id = v_order_id returning * into v_unclaimed;
    if v_unclaimed.order_id is not null then
      if v_unclaimed.currency is distinct from v_currency and v_unclaimed.currency is not null then
        v_note := format('a refund received before it in %s, not its currency, was not applied', v_unclaimed.currency);
      else
        v_refunded := greatest(v_refunded, v_unclaimed.refunded_minor);
        v_note := 'with its refund, received before it';
      end if;
    end if;
  end if;
  if v_refunded > coalesce(v_order.amount_minor, v_amount) then
    return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'refused', 400,
      format('refunds of %s exceed the order''s amount of %s', v_refunded, coalesce(v_order.amount_minor, v_amount)));
  end if;

  insert into sales.webhook_events (provider, event_id, type, order_id)
  values (v_provider, v_event_id, v_type, v_order_id)
  on conflict (provider, event_id) do nothing;
  if not found then
    return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'replay', 200, 'received before: changes nothing');
  end if;
  insert into sales.orders as o (provider, order_id, amount_minor, currency, paid, refunded_minor, product, reference, paid_at)
  values (v_provider, v_order_id, v_amount, v_currency, v_paid, v_refunded,
    case when (p_event ->> 'product') ~ '^[a-z0-9][a-z0-9-]{0,63}$' then p_event ->> 'product' end,
    v_reference, case when v_paid then v_at end)
  on conflict (provider, order_id) do update set
    -- Set once, by the sale (the checks above refused any other).
    amount_minor = coalesce(o.amount_minor, excluded.amount_minor),
    currency = coalesce(o.currency, excluded.currency),
    paid = o.paid or excluded.paid,
    -- Every provider sends the refunds so far: the largest seen is the latest, whatever the order of arrival.
    refunded_minor = greatest(o.refunded_minor, excluded.refunded_minor),
    product = coalesce(o.product, excluded.product),
    reference = coalesce(o.reference, excluded.reference),
    paid_at = least(o.paid_at, excluded.paid_at),
    updated_at = now();
  return sales.delivered(v_provider, v_event_id, v_type, v_order_id, 'counted', 200, v_note);
end;
$$;
comment on function public.record_checkout_event(jsonb) is 'The one writer of sales.orders: one verified webhook event (checkout-webhook Edge Function, service role only), logged in sales.webhook_deliveries. Idempotent by (provider, eventId); an order''s amount and currency set once by its sale; a malformed event, or one at odds with its order, refused with its reason, never raised.';

-- A delivery the function answered without an event to record: {"provider", "eventId", "type",
-- "orderId", "outcome": "ignored" | "refused", "status", "reason"}, each but outcome optional.
create function public.log_checkout_delivery(p_delivery jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_status integer;
begin
  if jsonb_typeof(p_delivery) is distinct from 'object' or (p_delivery ->> 'outcome') is null or (p_delivery ->> 'outcome') not in ('ignored', 'refused') then
    raise exception 'invalid delivery: outcome is not ignored or refused' using errcode = '22023';
  end if;
  v_status := case when (p_delivery ->> 'status') ~ '^[1-5][0-9]{2}$' then (p_delivery ->> 'status')::integer
    when p_delivery ->> 'outcome' = 'ignored' then 200 else 400 end;
  perform sales.delivered(p_delivery ->> 'provider', p_delivery ->> 'eventId', p_delivery ->> 'type', p_delivery ->> 'orderId',
    p_delivery ->> 'outcome', v_status, p_delivery ->> 'reason');
end;
$$;
comment on function public.log_checkout_delivery(jsonb) is 'Logs a delivery the checkout webhook refused or ignored before any event was recorded (no secret, a signature that does not verify, a kind it does not count). Service role only.';
revoke all on function public.log_checkout_delivery(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.log_checkout_delivery(jsonb) to service_role;

-- The Sales panel's deliveries: the latest p_limit (1 to 100), newest first, and the buy clicks since
-- the last paid order beside how often clicks became orders before it. The clicks are counted from the
-- oldest click no order claims (the raw events' window: older unclaimed ones are deleted, claimed ones
-- kept, so an earlier start would count only the clicks that sold).
create function public.admin_checkout_deliveries(p_limit integer default 20)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with last_order as (
    select max(o.paid_at) as at from sales.orders o where o.paid
  ),
  since as (
    select min(r.day) as day from analytics.buy_references r
    where not exists (select from sales.orders o where o.reference = r.reference)
  ),
  clicks as (
    select r.reference, r.at, r.at > coalesce((select at from last_order), '-infinity') as after_last
    from analytics.buy_references r where r.day >= coalesce((select day from since), '-infinity'::date)
  )
  select jsonb_build_object(
    'deliveries', coalesce((
      select jsonb_agg(jsonb_build_object('at', d.at, 'provider', d.provider, 'eventId', d.event_id, 'type', d.event_type,
          'orderId', d.order_id, 'outcome', d.outcome, 'status', d.status, 'reason', d.reason) order by d.id desc)
      from (select * from sales.webhook_deliveries w order by w.id desc limit least(greatest(coalesce(p_limit, 20), 1), 100)) d), '[]'),
    'clicks', jsonb_build_object(
      'lastOrderAt', (select at from last_order),
      'since', (select day from since),
      'clicksSince', (select count(*) from clicks where after_last),
      'firstClickSince', (select min(at) from clicks where after_last),
      'clicksBefore', (select count(*) from clicks where not after_last),
      'ordersBefore', (select count(*) from clicks c where not c.after_last and exists (select from sales.orders o where o.reference = c.reference and o.paid))))
$$;
comment on function public.admin_checkout_deliveries(integer) is 'The checkout webhook''s latest deliveries and the buy clicks since the last paid order, for the Sales panel of /admin/insights. Security invoker: admins at aal2 read them, anyone else reads none.';
revoke all on function public.admin_checkout_deliveries(integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_checkout_deliveries(integer) to authenticated;
