-- The daily fold rotates the salt too (issue 32).
--
-- private.analytics_salt_today() replaced the salt, and deleted the old one, on the first event of
-- each UTC day only: after a day without traffic the previous salt (and the bot verdicts keyed by it)
-- stayed until someone visited, and a day's visitor hashes could be linked to the next one's. The
-- fold runs daily (pg_cron on a hosted project, at start on the stand-in), so it now calls it first:
-- yesterday's salt is gone by the fold's hour whether or not anyone came. Otherwise fold() is
-- 20251221000000_analytics_fast_screen.sql's, unchanged.

create or replace function analytics.fold()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
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
  return v_folded;
end;
$$;
