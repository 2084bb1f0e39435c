CREATE OR REPLACE FUNCTION private.issue_challenge(p_action text)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_settings private.proof_of_work := (select p from private.proof_of_work p);
  -- gen_random_uuid() is PostgreSQL's own strong randomness (no pgcrypto): 122 random bits a call.
  v_salt text := replace(gen_random_uuid()::text, '-', '');
  v_number bigint := ('x' || left(replace(gen_random_uuid()::text, '-', ''), 8))::bit(32)::bigint % (v_settings.maxnumber + 1);
  v_challenge text := encode(sha256(convert_to(v_salt || v_number, 'UTF8')), 'hex');
begin
  delete from private.proof_challenges where expires_at < now();
  insert into private.proof_challenges (challenge, action, salt, expires_at)
  values (v_challenge, p_action, v_salt, now() + make_interval(secs => v_settings.valid_seconds));
  return json_build_object('algorithm', 'SHA-256', 'challenge', v_challenge, 'maxnumber', v_settings.maxnumber,
                           'salt', v_salt, 'signature', '')::text;
end;
$function$;
revoke all on function private.issue_challenge(text) from public, anon, authenticated, service_role;
comment on function private.issue_challenge(text) is 'A new single-use proof-of-work challenge for a form, in ALTCHA''s format (SHA-256 of salt || number); remembered in private.proof_challenges.';
