CREATE OR REPLACE FUNCTION list.finish_confirmations(p_subscriber_ids bigint[], p_sent boolean[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_done integer;
begin
  if p_subscriber_ids is null or p_sent is null or cardinality(p_subscriber_ids) <> cardinality(p_sent) or array_position(p_sent, null) is not null then
    raise exception 'invalid finish: one true (sent) or false (refused for good) per subscriber id' using errcode = '22023';
  end if;
  -- Sent: no other confirmation for 24 hours. Refused for good (an address the provider will never
  -- take): nothing more is asked until the address is typed again.
  update public.email_captures s
  set confirm_sent_at = case when f.sent then now() else s.confirm_sent_at end, confirm_due_at = null, confirm_lease_until = null
  from unnest(p_subscriber_ids, p_sent) as f(id, sent)
  where s.id = f.id and s.confirm_lease_until is not null;
  get diagnostics v_done = row_count;
  return v_done;
end;
$function$;
revoke all on function list.finish_confirmations(bigint[],boolean[]) from public, anon, authenticated, service_role;
grant EXECUTE on function list.finish_confirmations(bigint[],boolean[]) to service_role;
comment on function list.finish_confirmations(bigint[],boolean[]) is 'The mailer''s claimed confirmations, each sent (true) or refused for good (false), in one statement; returns how many were claimed. A passing failure is not finished: the lease runs out and the confirmation is claimed again. Service role only.';
