CREATE OR REPLACE FUNCTION analytics.fold()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_before date := ((now() at time zone 'utc') - interval '10 minutes')::date;
  v_day date;
  v_folded integer := 0;
begin
  -- Through the API (a request's claims are set) only an admin at aal2; cron and psql have none.
  if (select auth.jwt()) ->> 'role' is not null then
    if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
       or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
       or not rls.session_is_live() then
      raise exception 'only an admin signed in with a second factor may fold the analytics' using errcode = '42501';
    end if;
  end if;
  -- Today's salt, and yesterday's deleted with its bot verdicts, even on a day without an event:
  -- otherwise a quiet day kept the last salt until the next event, and with it the means to link
  -- that day's hashes to the day before.
  perform private.analytics_salt_today();
  for v_day in
    select distinct ev.day from analytics.events ev
    where ev.day < v_before and not exists (select 1 from analytics.folded_days f where f.day = ev.day)
    order by 1
  loop
    -- Claiming the day first: a second fold running at once skips it.
    insert into analytics.folded_days (day) values (v_day) on conflict (day) do nothing;
    continue when not found;
    insert into analytics.daily select * from analytics.raw_daily(v_day, v_day, false);
    insert into analytics.daily_screen select * from analytics.screen_rows(v_day, v_day, true);
    insert into analytics.daily_paths select * from analytics.raw_paths(v_day, v_day, false);
    v_folded := v_folded + 1;
  end loop;
  delete from analytics.events
  where day < (now() at time zone 'utc')::date - (select raw_days from analytics.settings)
    and day in (select day from analytics.folded_days);
  delete from analytics.buy_references r
  where r.day < (now() at time zone 'utc')::date - (select raw_days from analytics.settings)
    and not exists (select 1 from sales.orders o where o.reference = r.reference);
  return v_folded;
end;
$function$;
revoke all on function analytics.fold() from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.fold() to authenticated;
comment on function analytics.fold() is NULL;
