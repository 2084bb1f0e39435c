CREATE OR REPLACE FUNCTION list.claim_deliveries(p_hashes bytea[], p_lease_seconds integer DEFAULT 300)
 RETURNS TABLE(delivery_id bigint, newsletter text, email text, subscriber_id bigint, token_hash bytea)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_hashes bytea[] := array(select unnest(p_hashes));
  v_taken integer := 0;
  v_seen integer;
  r record;
begin
  if exists (select 1 from unnest(v_hashes) h where h is null or octet_length(h) <> 32) then
    raise exception 'invalid hashes: each is the 32 bytes of a token''s sha256' using errcode = '22023';
  end if;
  if p_lease_seconds is null or p_lease_seconds not between 1 and 86400 then
    raise exception 'invalid lease: p_lease_seconds is 1 to 86400' using errcode = '22023';
  end if;
  -- Until every hash has a mail or nothing is left: skipped deliveries do not end a batch early.
  loop
    exit when v_taken >= cardinality(v_hashes);
    v_seen := 0;
    for r in
      select d.id, d.newsletter, d.subscriber_id, s.email::text as email, s.status
      from list.deliveries d left join public.email_captures s on s.id = d.subscriber_id
      where d.status = 'queued' or (d.status = 'sending' and d.lease_until < now())
      order by d.id
      limit cardinality(v_hashes) - v_taken
      for update of d skip locked
    loop
      v_seen := v_seen + 1;
      -- The status now, not when the newsletter was queued: an unsubscribe stops a queued mail.
      if r.status is distinct from 'confirmed' then
        update list.deliveries set status = 'skipped', lease_until = null, finished_at = now() where id = r.id;
        continue;
      end if;
      v_taken := v_taken + 1;
      update list.deliveries
      set status = 'sending', claimed_at = now(), lease_until = now() + make_interval(secs => p_lease_seconds), attempts = attempts + 1
      where id = r.id;
      -- A delivery claimed again (its sender died) gets one more token: the first mail may have left.
      insert into list.tokens (hash, purpose, subscriber_id, delivery_id) values (v_hashes[v_taken], 'unsubscribe', r.subscriber_id, r.id);
      delivery_id := r.id;
      newsletter := r.newsletter;
      email := r.email;
      subscriber_id := r.subscriber_id;
      token_hash := v_hashes[v_taken];
      return next;
    end loop;
    exit when v_seen = 0;
  end loop;
end;
$function$;
revoke all on function list.claim_deliveries(bytea[],integer) from public, anon, authenticated, service_role;
grant EXECUTE on function list.claim_deliveries(bytea[],integer) to service_role;
comment on function list.claim_deliveries(bytea[],integer) is 'The mailer takes up to one queued delivery per hash (and those whose lease ran out: a killed sender''s), oldest first, for p_lease_seconds; a subscriber no longer confirmed is skipped; each mail gets a hash as its unsubscribe token. The delivery''s id is the provider''s idempotency key. Service role only.';
