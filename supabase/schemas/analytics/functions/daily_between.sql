CREATE OR REPLACE FUNCTION analytics.daily_between(p_from date, p_to date)
 RETURNS SETOF analytics.daily
 LANGUAGE sql
 STABLE
AS $function$
  select * from analytics.daily where day between p_from and p_to
  union all
  select * from analytics.raw_daily(p_from, p_to)
$function$;
revoke all on function analytics.daily_between(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.daily_between(date,date) to authenticated;
comment on function analytics.daily_between(date,date) is NULL;
