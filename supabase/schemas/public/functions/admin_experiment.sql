CREATE OR REPLACE FUNCTION public.admin_experiment(p_route text, p_experiment text, p_goal jsonb, p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  v_goal text;
  v_prefix text;
begin
  perform analytics.check_range(p_from, p_to);
  if p_route is null or p_route !~ '^/[a-z0-9/-]*$' then
    raise exception 'invalid experiment: p_route is not a plain path' using errcode = '22023';
  end if;
  if p_experiment is null or p_experiment !~ '^[a-z0-9][a-z0-9-]*$' then
    raise exception 'invalid experiment: p_experiment is not a slug' using errcode = '22023';
  end if;
  v_goal := analytics.step_regex(p_goal, 'goal');
  v_prefix := 'variant:' || p_route || '=';
  return coalesce((
    with paths as materialized (
      select day, steps, visitors from analytics.paths_between(p_from, p_to)
    ),
    -- Each distinct path once: its first variant of the route, and whether the goal follows it
    -- (materialized: merged into the join below, the test ran once per path and day).
    scored as materialized (
      select d.steps, v.variant, d.s ~ (' ' || v_prefix || v.variant || '(?= ).*' || v_goal) as converted
      from (select steps, ' ' || array_to_string(steps, ' ') || ' ' as s from paths group by steps) d
      cross join lateral (
        select substr(t, char_length(v_prefix) + 1) as variant from unnest(d.steps) with ordinality u(t, n)
        where left(t, char_length(v_prefix)) = v_prefix order by n limit 1) v
    ),
    per_day as (
      select sc.variant, p.day, sum(p.visitors) as visitors, coalesce(sum(p.visitors) filter (where sc.converted), 0) as conversions
      from paths p join scored sc on sc.steps = p.steps
      group by sc.variant, p.day
    )
    select jsonb_agg(jsonb_build_object('variant', pv.variant, 'visitors', pv.visitors, 'conversions', pv.conversions,
        'daily', (select jsonb_agg(jsonb_build_object('day', to_char(g.day, 'YYYY-MM-DD'),
              'visitors', coalesce(pd.visitors, 0), 'conversions', coalesce(pd.conversions, 0)) order by g.day)
            from generate_series(p_from, p_to, interval '1 day') g(day)
            left join per_day pd on pd.variant = pv.variant and pd.day = g.day::date)) order by pv.variant)
    from (select variant, sum(visitors) as visitors, sum(conversions) as conversions from per_day group by variant) pv), '[]');
end;
$function$;
revoke all on function admin_experiment(text,text,jsonb,date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_experiment(text,text,jsonb,date,date) to authenticated;
comment on function admin_experiment(text,text,jsonb,date,date) is 'Per variant of p_route: visitor-days exposed, those converting to p_goal after exposure the same day, and per day. Admins at aal2 only.';
