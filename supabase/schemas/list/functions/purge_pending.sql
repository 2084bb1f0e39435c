CREATE OR REPLACE FUNCTION list.purge_pending()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_purged integer;
begin
  delete from public.email_captures where status = 'pending' and status_changed_at < now() - interval '30 days';
  get diagnostics v_purged = row_count;
  -- Confirm tokens a month past their end answer 404 instead of 410; nothing else is lost.
  delete from list.tokens where purpose = 'confirm' and expires_at < now() - interval '30 days';
  return v_purged;
end;
$function$;
revoke all on function list.purge_pending() from public, anon, authenticated, service_role;
grant EXECUTE on function list.purge_pending() to service_role;
comment on function list.purge_pending() is 'Deletes addresses pending for more than 30 days (never confirmed), and confirm tokens 30 days past their end. Daily: pg_cron on a hosted project, the stand-in at start. Service role, cron and psql.';
