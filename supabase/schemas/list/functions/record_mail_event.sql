CREATE OR REPLACE FUNCTION list.record_mail_event(p_email text, p_kind text, p_provider_id text DEFAULT NULL::text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_known boolean;
begin
  if p_kind is null or p_kind not in ('bounced', 'complained') then
    raise exception 'invalid event: p_kind is bounced (a hard bounce) or complained' using errcode = '22023';
  end if;
  update public.email_captures
  set status = p_kind, status_changed_at = now(), confirm_due_at = null
  where email = lower(btrim(p_email)) and status in ('pending', 'confirmed', 'unsubscribed');
  v_known := exists (select 1 from public.email_captures where email = lower(btrim(p_email)));
  if p_provider_id is not null then
    update list.deliveries set status = p_kind, lease_until = null where provider_id = p_provider_id and status in ('sent', 'sending');
  end if;
  return v_known;
end;
$function$;
revoke all on function list.record_mail_event(text,text,text) from public, anon, authenticated, service_role;
grant EXECUTE on function list.record_mail_event(text,text,text) to service_role;
comment on function list.record_mail_event(text,text,text) is 'A hard bounce or a complaint from the provider''s verified webhook: the address is suppressed (bounced or complained) and the delivery with that provider id marked. True when the address is on the list. Service role only.';
