CREATE OR REPLACE FUNCTION sales.checkout_event_problem(p_event jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function sales.checkout_event_problem(jsonb) from public, anon, authenticated, service_role;
comment on function sales.checkout_event_problem(jsonb) is NULL;
