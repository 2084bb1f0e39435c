CREATE OR REPLACE FUNCTION analytics.paths_between(p_from date, p_to date)
 RETURNS SETOF analytics.daily_paths
 LANGUAGE sql
 STABLE
AS $function$
  select * from analytics.daily_paths where day between p_from and p_to
  union all
  select * from analytics.raw_paths(p_from, p_to)
$function$;
revoke all on function analytics.paths_between(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.paths_between(date,date) to authenticated;
comment on function analytics.paths_between(date,date) is NULL;
