CREATE OR REPLACE FUNCTION private.visit_steps(p_day date, p_visitor bytea)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(token order by first_at, first_key), '{}') from (
    select tok.token, min(ev.at) as first_at, min(ev.id * 4 + tok.n) as first_key, bool_or(ev.kind = 'view') as viewed
    from analytics.events ev
    cross join lateral unnest(analytics.step_tokens(ev.kind, ev.route, ev.block_id, ev.product, ev.variant)) with ordinality as tok(token, n)
    where ev.day = p_day and ev.visitor = p_visitor
    group by tok.token) s
  where viewed or left(token, 8) <> 'variant:'
$function$;
revoke all on function private.visit_steps(date,bytea) from public, anon, authenticated, service_role;
comment on function private.visit_steps(date,bytea) is NULL;
