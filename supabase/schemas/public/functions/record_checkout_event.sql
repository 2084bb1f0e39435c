CREATE OR REPLACE FUNCTION public.record_checkout_event(p_event jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function record_checkout_event(jsonb) from public, anon, authenticated, service_role;
grant EXECUTE on function record_checkout_event(jsonb) to service_role;
comment on function record_checkout_event(jsonb) is 'The one writer of sales.orders: one verified webhook event (checkout-webhook Edge Function, service role only), logged in sales.webhook_deliveries. Idempotent by (provider, eventId); an order''s amount and currency set once by its sale; a malformed event, or one at odds with its order, refused with its reason, never raised.';
