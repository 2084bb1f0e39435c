CREATE OR REPLACE FUNCTION public.capture_starter_kit_email(p_email text, p_altcha text DEFAULT NULL::text, p_route text DEFAULT NULL::text, p_form text DEFAULT NULL::text, p_wording text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_refused json := private.count_form('email_captures', p_altcha);
  v_due timestamptz;
begin
  if v_refused is not null then
    return v_refused;
  end if;
  if p_route is not null and (char_length(p_route) > 200 or p_route !~ '^/[A-Za-z0-9/._~%-]*$') then
    return private.refusal(400, '22023', 'invalid consent record: p_route is not a path of this site', 'Send the page''s path, like /blog/a-post.');
  end if;
  if p_form is not null and (char_length(p_form) > 64 or p_form !~ '^[a-z0-9][a-z0-9_-]*$') then
    return private.refusal(400, '22023', 'invalid consent record: p_form is not a block id', 'Send the form''s block id, or email-capture.');
  end if;
  if p_wording is not null and p_wording !~ '^[0-9a-f]{16}$' then
    return private.refusal(400, '22023', 'invalid consent record: p_wording is not 16 hex digits', 'Send the first 16 hex digits of the sha256 of the privacy wording the form shows.');
  end if;
  -- A sub-block: a refused insert rolls back only itself, never the count above.
  begin
    -- New: pending, with its consent record, a confirmation due. Pending or unsubscribed: pending
    -- with the consent given now. Confirmed, bounced, complained: unchanged. Whichever, the answer
    -- is the same (null): the form tells nobody whether an address is on the list.
    insert into public.email_captures as c
      (email, source, status, status_changed_at, consented_at, consent_route, consent_form, consent_wording, confirm_due_at)
    values (lower(btrim(p_email)), 'starter_kit', 'pending', now(), now(), p_route, p_form, p_wording, now())
    on conflict (email) do update set
      status = 'pending',
      status_changed_at = now(),
      consented_at = now(),
      consent_route = excluded.consent_route,
      consent_form = excluded.consent_form,
      consent_wording = excluded.consent_wording,
      -- At most one confirmation per address per 24 hours, however often it is typed.
      confirm_due_at = case when c.confirm_sent_at is null or c.confirm_sent_at <= now() - interval '24 hours'
                            then coalesce(c.confirm_due_at, now()) else c.confirm_due_at end
    where c.status in ('pending', 'unsubscribed')
    returning c.confirm_due_at into v_due;
  exception when check_violation or not_null_violation then
    -- The table's own checks decide what a valid address is; the answer names neither the
    -- constraint nor the row.
    return private.refusal(400, '22023', 'invalid email address', 'Give an address like name@example.com, at most 254 characters.');
  end;
  if v_due is not null then
    -- Wakes a mailer listening (delivered at commit; names nobody).
    perform pg_notify('list_mail', 'confirmations');
  end if;
  return null;
end;
$function$;
revoke all on function capture_starter_kit_email(text,text,text,text,text) from public, anon, authenticated, service_role;
grant EXECUTE on function capture_starter_kit_email(text,text,text,text,text) to anon;
grant EXECUTE on function capture_starter_kit_email(text,text,text,text,text) to authenticated;
comment on function capture_starter_kit_email(text,text,text,text,text) is 'Adds an address to the list as pending with its consent record (p_route, p_form, p_wording) and asks for a confirmation mail, at most one per address per 24 hours; null whatever the address''s state; 400 (22023) on an invalid address or consent record; 429 past the hourly budgets in private.hourly_limits, or past the site-wide breaker without a solved challenge (p_altcha; the 429 carries a new one in details). Every attempt counts.';
