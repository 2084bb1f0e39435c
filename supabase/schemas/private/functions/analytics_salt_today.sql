CREATE OR REPLACE FUNCTION private.analytics_salt_today()
 RETURNS bytea
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_day date := (now() at time zone 'utc')::date;
  v_salt bytea;
begin
  select salt into v_salt from private.analytics_salt where day = v_day;
  if v_salt is null then
    -- gen_random_uuid() draws from the server's strong random source (core since PostgreSQL 13, no
    -- extension needed): two give 244 random bits.
    insert into private.analytics_salt (day, salt)
    values (v_day, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
    on conflict (day) do nothing;
    delete from private.analytics_salt where day < v_day;
    -- The verdicts are keyed by the old salt: of no use now, and not to be kept.
    delete from private.agent_verdicts;
    select salt into v_salt from private.analytics_salt where day = v_day;
  end if;
  return v_salt;
end;
$function$;
revoke all on function private.analytics_salt_today() from public, anon, authenticated, service_role;
comment on function private.analytics_salt_today() is NULL;
