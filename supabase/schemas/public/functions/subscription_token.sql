CREATE OR REPLACE FUNCTION public.subscription_token(p_token text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v record;
  v_reason text;
begin
  select t.purpose, t.expires_at, t.used_at, s.email, s.status into v
  from list.tokens t join public.email_captures s on s.id = t.subscriber_id
  where t.hash = private.token_hash(p_token);
  if not found then
    return json_build_object('purpose', null, 'valid', false, 'reason', 'unknown', 'email_masked', null, 'status', null);
  end if;
  v_reason := case
    when v.status in ('bounced', 'complained') then 'suppressed'
    when v.purpose = 'confirm' and v.used_at is not null then 'used'
    when v.purpose = 'confirm' and v.expires_at <= now() then 'expired'
  end;
  return json_build_object('purpose', v.purpose, 'valid', v_reason is null, 'reason', v_reason,
    'email_masked', private.mask_email(v.email), 'status', v.status);
end;
$function$;
revoke all on function subscription_token(text) from public, anon, authenticated, service_role;
grant EXECUTE on function subscription_token(text) to anon;
grant EXECUTE on function subscription_token(text) to authenticated;
comment on function subscription_token(text) is 'What a token in a mail is, changing nothing (a GET of the confirm or unsubscribe page): {purpose, valid, reason (unknown, used, expired, suppressed; null when valid), email_masked, status}.';
