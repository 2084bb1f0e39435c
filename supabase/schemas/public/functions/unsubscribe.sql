CREATE OR REPLACE FUNCTION public.unsubscribe(p_token text, p_erase boolean DEFAULT false)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v record;
begin
  -- Any token we sent, used or expired: leaving never needs a fresh link.
  select t.subscriber_id, t.delivery_id into v from list.tokens t where t.hash = private.token_hash(p_token);
  if not found then
    return private.refusal(404, 'token_unknown', 'this link is not one we sent', 'Use the link at the bottom of one of our mails.');
  end if;
  if coalesce(p_erase, false) then
    perform private.erase_subscriber(v.subscriber_id);
    return json_build_object('status', 'erased');
  end if;
  update public.email_captures
  set status = 'unsubscribed', unsubscribed_at = now(), status_changed_at = now(), confirm_due_at = null
  where id = v.subscriber_id and status in ('pending', 'confirmed');
  if v.delivery_id is not null then
    update list.deliveries set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = v.delivery_id;
  end if;
  return json_build_object('status', 'unsubscribed');
end;
$function$;
revoke all on function unsubscribe(text,boolean) from public, anon, authenticated, service_role;
grant EXECUTE on function unsubscribe(text,boolean) to anon;
grant EXECUTE on function unsubscribe(text,boolean) to authenticated;
comment on function unsubscribe(text,boolean) is 'Leaves the list at once with any token we sent (unsubscribe or confirm, used or not): {status: unsubscribed}; with p_erase, deletes the address, its consent record and tokens, its deliveries kept without it: {status: erased}. 404 token_unknown for a forged token.';
