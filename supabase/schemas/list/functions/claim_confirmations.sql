CREATE OR REPLACE FUNCTION list.claim_confirmations(p_hashes bytea[], p_lease_seconds integer DEFAULT 120)
 RETURNS TABLE(subscriber_id bigint, email text, token_hash bytea, due_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_hashes bytea[] := array(select unnest(p_hashes));
  v_taken integer := 0;
  r record;
begin
  if exists (select 1 from unnest(v_hashes) h where h is null or octet_length(h) <> 32) then
    raise exception 'invalid hashes: each is the 32 bytes of a token''s sha256' using errcode = '22023';
  end if;
  if p_lease_seconds is null or p_lease_seconds not between 1 and 86400 then
    raise exception 'invalid lease: p_lease_seconds is 1 to 86400' using errcode = '22023';
  end if;
  for r in
    select s.id, s.email::text as email, s.confirm_due_at from public.email_captures s
    where s.confirm_due_at is not null and s.status = 'pending'
      and (s.confirm_sent_at is null or s.confirm_sent_at <= now() - interval '24 hours')
      and (s.confirm_lease_until is null or s.confirm_lease_until < now())
    order by s.confirm_due_at, s.id
    limit cardinality(v_hashes)
    for update skip locked
  loop
    v_taken := v_taken + 1;
    update public.email_captures set confirm_lease_until = now() + make_interval(secs => p_lease_seconds) where id = r.id;
    -- A confirmation claimed again (its send failed, or its sender died) gets one more token: the
    -- first mail may have left, and its link keeps working.
    insert into list.tokens (hash, purpose, subscriber_id, expires_at) values (v_hashes[v_taken], 'confirm', r.id, now() + interval '7 days');
    subscriber_id := r.id;
    email := r.email;
    token_hash := v_hashes[v_taken];
    due_at := r.confirm_due_at;
    return next;
  end loop;
end;
$function$;
revoke all on function list.claim_confirmations(bytea[],integer) from public, anon, authenticated, service_role;
grant EXECUTE on function list.claim_confirmations(bytea[],integer) to service_role;
comment on function list.claim_confirmations(bytea[],integer) is 'The mailer takes up to one subscriber per hash whose confirmation is due (none sent to it in the last 24 hours, nor claimed by a sender whose lease runs), for p_lease_seconds, and gives each a hash as its confirm token (7 days). due_at, the time the confirmation was asked for, is the same each time one request is claimed: with the subscriber''s id it names the mail to the provider (its idempotency key). list.finish_confirmations marks it sent. Service role only.';
