CREATE OR REPLACE FUNCTION public.track(text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_headers json := nullif(current_setting('request.headers', true), '')::json;
  v_refused json;
  v_body jsonb;
  v_problem text;
  v_agent text := coalesce(v_headers ->> 'user-agent', '');
  v_price bigint;
  v_experiment text;
  v_visitor bytea;
  v_day date := (now() at time zone 'utc')::date;
  c_hint constant text := 'Send {"k":kind,"r":"/route","d":"phone|tablet|desktop"} and optional b, t, p, f, us, um, uc, v, x (see supabase/README.md).';
begin
  -- Global Privacy Control and Do Not Track: nothing counted, nothing stored, not even the attempt.
  if btrim(coalesce(v_headers ->> 'sec-gpc', '')) = '1' or btrim(coalesce(v_headers ->> 'dnt', '')) = '1' then
    return private.refusal(403, 'not_tracked', 'not counted: the browser asks not to be tracked (Sec-GPC or DNT)',
      'Browsers that send Global Privacy Control or Do Not Track are not counted at all.');
  end if;
  v_refused := private.count_request('events');
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
  if v_problem is null and v_body ? 'p' then
    select price_minor into v_price from analytics.products where id = v_body ->> 'p';
    if not found then
      v_problem := format('p (product) %s is not in the catalogue', v_body ->> 'p');
    elsif v_body ->> 'k' = 'buy' and v_body ? 'c' and (v_body ->> 'c')::bigint <> v_price then
      v_problem := format('c (price) %s is not the catalogue''s price of %s; leave it out, the catalogue''s is used', v_body ->> 'c', v_body ->> 'p');
    elsif v_body ->> 'k' = 'buy' and exists (select 1 from analytics.route_products)
          and not exists (select 1 from analytics.route_products where route = v_body ->> 'r' and product = v_body ->> 'p') then
      v_problem := format('p (product) %s is not sold on %s (its buy buttons sell: %s)', v_body ->> 'p', v_body ->> 'r',
        coalesce((select string_agg(product, ', ' order by product) from analytics.route_products where route = v_body ->> 'r'), 'nothing'));
    end if;
  end if;
  if v_problem is null and v_body ? 'v' then
    select experiment into v_experiment from analytics.experiment_arms where route = v_body ->> 'r' and variant = v_body ->> 'v';
    if not found then
      v_problem := format('v (variant) %s is not one of the variants of %s''s experiment', v_body ->> 'v', v_body ->> 'r');
    end if;
  end if;
  if v_problem is not null then
    return private.refusal(400, '22023', 'invalid event: ' || v_problem, c_hint);
  end if;
  if v_agent = '' or private.is_bot_cached(v_agent) then
    return private.refusal(403, 'bot', 'not counted: the user-agent header is empty or a bot''s',
      'Automated clients are not counted (the list is the isbot package''s).');
  end if;
  v_visitor := sha256(private.analytics_salt_today()
    || convert_to((select site from analytics.settings) || chr(10) || private.client_address() || chr(10) || v_agent, 'UTF8'));
  insert into analytics.events (visitor, kind, route, block_id, block_type, product, price_cents,
    referrer_host, utm_source, utm_medium, utm_campaign, device, variant, reference)
  values (v_visitor, v_body ->> 'k', v_body ->> 'r', v_body ->> 'b', v_body ->> 't', v_body ->> 'p',
    case when v_body ->> 'k' = 'buy' then v_price end,
    v_body ->> 'f', v_body ->> 'us', v_body ->> 'um', v_body ->> 'uc', v_body ->> 'd', v_body ->> 'v', v_body ->> 'x');
  if v_body ? 'x' then
    perform private.store_buy_reference(v_body ->> 'x', v_visitor, v_body, v_experiment);
  elsif v_body ->> 'k' = 'view' then
    update analytics.buy_references r set viewed = true, steps = private.visit_steps(v_day, v_visitor)
    from analytics.events e
    where e.day = v_day and e.visitor = v_visitor and e.kind = 'buy' and e.route = v_body ->> 'r'
      and e.reference = r.reference and not r.viewed;
  end if;
  return null;
end;
$function$;
revoke all on function track(text) from public, anon, authenticated, service_role;
grant EXECUTE on function track(text) to anon;
comment on function track(text) is 'The beacon''s one call: a JSON event as text (text/plain, no CORS preflight). null when stored; 400 naming the field (a product not in the catalogue or not sold on the route, a variant its route does not declare, a price not the catalogue''s), 403 for a bot or a browser sending Sec-GPC or DNT, 429 past the caps; nothing stored when refused. A buy''s value is the catalogue''s price; its reference x stores the click''s attribution.';
