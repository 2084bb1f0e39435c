CREATE OR REPLACE FUNCTION analytics.raw_paths(p_from date, p_to date, p_unfolded_only boolean DEFAULT true)
 RETURNS SETOF analytics.daily_paths
 LANGUAGE sql
 STABLE
AS $function$
  select day, steps, count(*) from (
  select day, visitor, array_agg(token order by first_at, first_key) as steps
  from (
    select ev.day, ev.visitor, tok.token, min(ev.at) as first_at, min(ev.id * 4 + tok.n) as first_key, bool_or(ev.kind = 'view') as viewed
    from analytics.events ev
    cross join lateral unnest(analytics.step_tokens(ev.kind, ev.route, ev.block_id, ev.product, ev.variant)) with ordinality as tok(token, n)
    where ev.day between p_from and p_to
      -- The unfolded days, computed once (an array), so the day index finds their rows only.
      and ev.day = any (array(select g.day::date from generate_series(p_from, p_to, interval '1 day') g(day)
                              where not (p_unfolded_only and exists (select 1 from analytics.folded_days f where f.day = g.day::date))))
    group by ev.day, ev.visitor, tok.token
  ) s
  where viewed or left(token, 8) <> 'variant:'
  group by day, visitor
  ) p
  group by day, steps
$function$;
revoke all on function analytics.raw_paths(date,date,boolean) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.raw_paths(date,date,boolean) to authenticated;
comment on function analytics.raw_paths(date,date,boolean) is NULL;
