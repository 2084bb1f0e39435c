CREATE OR REPLACE FUNCTION private.spend_proof(p_action text, p_payload text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_answer jsonb;
  v_spent private.proof_challenges;
begin
  if p_payload is null or p_payload = '' then
    return false;
  end if;
  begin
    v_answer := convert_from(decode(p_payload, 'base64'), 'UTF8')::jsonb;
  exception when others then
    return false;
  end;
  if jsonb_typeof(v_answer) <> 'object' then
    return false;
  end if;
  delete from private.proof_challenges where challenge = v_answer ->> 'challenge'
  returning * into v_spent;
  return v_spent.challenge is not null
    and v_spent.action = p_action
    and v_spent.expires_at > now()
    and v_answer ->> 'algorithm' = 'SHA-256'
    and v_answer ->> 'salt' = v_spent.salt
    and jsonb_typeof(v_answer -> 'number') = 'number'
    and encode(sha256(convert_to(v_spent.salt || (v_answer ->> 'number'), 'UTF8')), 'hex') = v_spent.challenge;
end;
$function$;
revoke all on function private.spend_proof(text,text) from public, anon, authenticated, service_role;
comment on function private.spend_proof(text,text) is 'Checks and spends an ALTCHA payload answering a challenge of private.issue_challenge: right number, not expired, never used before.';
