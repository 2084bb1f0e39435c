CREATE OR REPLACE FUNCTION private.analytics_event_problem(p jsonb)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_key text;
  v_value jsonb;
  c_slug constant text := '^[a-z0-9][a-z0-9-]*$';
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return 'the body is not a JSON object';
  end if;
  for v_key, v_value in select key, value from jsonb_each(p) loop
    if v_key not in ('k', 'r', 'b', 't', 'p', 'c', 'f', 'us', 'um', 'uc', 'd', 'v', 'x') then
      return format('%s is not a known field (k, r, b, t, p, c, f, us, um, uc, d, v, x)', left(v_key, 20));
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
    when p ->> 'k' <> 'buy' and p ? 'x' then 'x (reference) is sent with a buy event only'
    when (p ->> 'x') !~ '^[A-Za-z0-9_-]{22}$' then 'x (reference) is not 22 characters of A-Z, a-z, 0-9, _ and -'
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
$function$;
revoke all on function private.analytics_event_problem(jsonb) from public, anon, authenticated, service_role;
comment on function private.analytics_event_problem(jsonb) is NULL;
