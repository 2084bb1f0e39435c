CREATE OR REPLACE FUNCTION public.confirm_subscription(p_token text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v record;
begin
  select t.hash, t.expires_at, t.used_at, s.id, s.status into v
  from list.tokens t join public.email_captures s on s.id = t.subscriber_id
  where t.hash = private.token_hash(p_token) and t.purpose = 'confirm'
  for update;
  if not found then
    return private.refusal(404, 'token_unknown', 'this confirmation link is not one we sent', 'Sign up again with the form to get a new link.');
  end if;
  if v.used_at is not null then
    return private.refusal(410, 'token_used', 'this confirmation link was already used', 'If you did not confirm, sign up again with the form to get a new link.');
  end if;
  if v.expires_at <= now() then
    return private.refusal(410, 'token_expired', 'this confirmation link has expired', 'Sign up again with the form to get a new link.');
  end if;
  if v.status in ('bounced', 'complained') then
    return private.refusal(410, 'address_suppressed', 'this address no longer receives our mail', 'Write to us through the contact form to be added again.');
  end if;
  update list.tokens set used_at = now() where hash = v.hash;
  update public.email_captures
  set status = 'confirmed', confirmed_at = now(), status_changed_at = now(), confirm_due_at = null
  where id = v.id and status <> 'confirmed';
  -- The welcome mail: a delivery of the newsletter `welcome`, once per subscriber.
  insert into list.sends (newsletter) values ('welcome') on conflict (newsletter) do nothing;
  insert into list.deliveries (newsletter, subscriber_id) values ('welcome', v.id) on conflict (newsletter, subscriber_id) do nothing;
  perform pg_notify('list_mail', 'deliveries');
  return json_build_object('status', 'confirmed');
end;
$function$;
revoke all on function confirm_subscription(text) from public, anon, authenticated, service_role;
grant EXECUTE on function confirm_subscription(text) to anon;
grant EXECUTE on function confirm_subscription(text) to authenticated;
comment on function confirm_subscription(text) is 'The Confirm button''s POST: a valid confirm token makes its address confirmed, is used, and queues the welcome mail. {status: confirmed}; 404 token_unknown (forged, or another purpose''s), 410 token_used, token_expired or address_suppressed.';
