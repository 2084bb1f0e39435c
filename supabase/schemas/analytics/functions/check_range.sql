CREATE OR REPLACE FUNCTION analytics.check_range(p_from date, p_to date)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 1100 then
    raise exception 'invalid date range: p_from and p_to are required, p_from <= p_to, at most 1100 days apart'
      using errcode = '22023';
  end if;
end;
$function$;
revoke all on function analytics.check_range(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.check_range(date,date) to authenticated;
comment on function analytics.check_range(date,date) is NULL;
