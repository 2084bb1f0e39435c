CREATE OR REPLACE FUNCTION public.send_contact_message(p_first_name text, p_last_name text, p_email text, p_subject text, p_message text, p_altcha text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_refused json := private.count_form('contact_messages', p_altcha);
  v_problem text;
begin
  if v_refused is not null then
    return v_refused;
  end if;
  -- The same rules as the table's checks, said field by field.
  v_problem := case
    when coalesce(btrim(p_first_name), '') = '' then 'first_name is empty'
    when char_length(p_first_name) > 100 then 'first_name is longer than 100 characters'
    when coalesce(btrim(p_last_name), '') = '' then 'last_name is empty'
    when char_length(p_last_name) > 100 then 'last_name is longer than 100 characters'
    when coalesce(btrim(p_subject), '') = '' then 'subject is empty'
    when char_length(p_subject) > 200 then 'subject is longer than 200 characters'
    when coalesce(btrim(p_message), '') = '' then 'message is empty'
    when char_length(p_message) > 5000 then 'message is longer than 5000 characters'
    when coalesce(btrim(p_email), '') = '' then 'email is empty'
  end;
  if v_problem is null then
    begin
      insert into public.contact_messages (first_name, last_name, email, subject, message)
      values (p_first_name, p_last_name, p_email, p_subject, p_message);
    exception when check_violation or not_null_violation then
      -- Only the address's format is left for the table to refuse.
      v_problem := 'email is not a valid address';
    end;
  end if;
  if v_problem is not null then
    return private.refusal(400, '22023', 'invalid contact message: ' || v_problem,
      'Names at most 100 characters, a subject at most 200, a message at most 5000, none empty, and an address like name@example.com.');
  end if;
  return null;
end;
$function$;
revoke all on function send_contact_message(text,text,text,text,text,text) from public, anon, authenticated, service_role;
grant EXECUTE on function send_contact_message(text,text,text,text,text,text) to anon;
grant EXECUTE on function send_contact_message(text,text,text,text,text,text) to authenticated;
comment on function send_contact_message(text,text,text,text,text,text) is 'Stores one contact-form message; 400 (22023) naming the invalid field; 429 past the hourly budgets in private.hourly_limits (per client, per IPv6 network), or past the site-wide breaker without a solved challenge (p_altcha; the 429 carries a new one in details). Every attempt counts.';
