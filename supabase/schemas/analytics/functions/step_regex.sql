CREATE OR REPLACE FUNCTION analytics.step_regex(p_step jsonb, p_where text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_kind text := coalesce(p_step ->> 'kind', p_step ->> 'event', 'view');
  v_key text;
  v_token text;
begin
  if jsonb_typeof(p_step) is distinct from 'object' then
    raise exception '%: not an object', p_where using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p_step) loop
    if v_key not in ('kind', 'event', 'route', 'routePattern', 'block', 'product', 'id') then
      raise exception '%: % is not a known field (kind, route, routePattern, block, product)', p_where, v_key using errcode = '22023';
    end if;
  end loop;
  if v_kind not in ('view', 'cta', 'buy', 'capture', 'contact', 'preview', '404') then
    raise exception '%: kind % is not one of view, cta, buy, capture, contact, preview, 404', p_where, v_kind using errcode = '22023';
  end if;
  if (p_step ->> 'route') !~ '^/[a-z0-9/-]*$' then
    raise exception '%: route is not a plain path', p_where using errcode = '22023';
  end if;
  if (p_step ->> 'routePattern') !~ '^/[a-z0-9/*-]*$' then
    raise exception '%: routePattern may hold only a-z, 0-9, -, / and *', p_where using errcode = '22023';
  end if;
  if (p_step ->> 'block') !~ '^[a-z0-9][a-z0-9-]*$' or (p_step ->> 'product') !~ '^[a-z0-9][a-z0-9-]*$' then
    raise exception '%: block and product are slugs (a-z, 0-9, -)', p_where using errcode = '22023';
  end if;
  -- Tokens of cta and buy name the block and the product, not the route (analytics.step_tokens).
  v_token := case v_kind
    when 'cta' then 'cta:' || coalesce(p_step ->> 'block', '[^ ]*')
    when 'buy' then 'buy:' || coalesce(p_step ->> 'product', '[^ ]*')
    -- A pattern's * stands for one path segment's characters, never a /: '/*-detox' is a top-level page.
    else v_kind || ':' || coalesce(p_step ->> 'route', replace(p_step ->> 'routePattern', '*', '[^ /]*'), '[^ ]*')
  end;
  return ' ' || v_token || '(?= )';
end;
$function$;
revoke all on function analytics.step_regex(jsonb,text) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.step_regex(jsonb,text) to authenticated;
comment on function analytics.step_regex(jsonb,text) is NULL;
