CREATE OR REPLACE FUNCTION public.admin_funnel(p_from date, p_to date, p_steps jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  v_prefixes text[] := '{}';
  v_regex text := '';
  v_counts bigint[];
  v_i integer;
begin
  perform analytics.check_range(p_from, p_to);
  if jsonb_typeof(p_steps) is distinct from 'array' or jsonb_array_length(p_steps) not between 2 and 8 then
    raise exception 'invalid funnel: p_steps must be an array of 2 to 8 steps' using errcode = '22023';
  end if;
  for v_i in 0 .. jsonb_array_length(p_steps) - 1 loop
    v_regex := v_regex || case when v_i > 0 then '.*' else '' end || analytics.step_regex(p_steps -> v_i, format('step %s', v_i));
    v_prefixes := v_prefixes || v_regex;
  end loop;
  -- A visitor-day reaches step i when its tokens match steps 0..i in order; one pass over the paths.
  select array_agg(c.n order by c.k) into v_counts
  from (
    select r.k, coalesce(sum(p.visitors) filter (where p.s ~ r.re), 0) as n
    from (select ' ' || array_to_string(steps, ' ') || ' ' as s, sum(visitors) as visitors
          from analytics.paths_between(p_from, p_to) group by steps) p
    cross join unnest(v_prefixes) with ordinality as r(re, k)
    group by r.k
  ) c;
  return (select jsonb_agg(jsonb_build_object('step', k - 1, 'visitors', coalesce(v_counts[k], 0)) order by k)
          from generate_series(1, array_length(v_prefixes, 1)) k);
end;
$function$;
revoke all on function admin_funnel(date,date,jsonb) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_funnel(date,date,jsonb) to authenticated;
comment on function admin_funnel(date,date,jsonb) is 'Visitor-days reaching each of 2..8 steps in order within the day ([{step, visitors}]). Admins at aal2 only.';
