-- Contact messages arrive one at a time through a function, as captures do, so one request can no
-- longer insert thousands of rows, and the database limits how many messages one address may send.
-- Direct inserts by the API roles are revoked.

create function public.send_contact_message(
  p_first_name text,
  p_last_name text,
  p_email text,
  p_subject text,
  p_message text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
begin
  -- One sender at a time per address, so concurrent requests cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('send_contact_message:' || v_email));
  if (
    select count(*) from public.contact_messages
    where lower(email) = v_email and created_at > now() - interval '1 hour'
  ) >= 5 then
    -- PostgREST's own way to answer with a chosen status: HTTP 429 with Retry-After.
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'rate_limited',
        'message', 'too many messages from this address',
        'hint', 'At most 5 messages an hour may come from one address; please try again later.'
      )::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', '3600'))::text;
  end if;
  insert into public.contact_messages (first_name, last_name, email, subject, message)
  values (p_first_name, p_last_name, p_email, p_subject, p_message);
end;
$$;

comment on function public.send_contact_message(text, text, text, text, text) is
  'Stores one contact-form message; at most 5 an hour per address (HTTP 429 through PostgREST). The table''s checks still decide what is valid.';

revoke all on function public.send_contact_message(text, text, text, text, text) from public;
grant execute on function public.send_contact_message(text, text, text, text, text) to anon, authenticated;

-- The per-address count reads this index.
create index contact_messages_email_created_at_idx on public.contact_messages (lower(email), created_at desc);

-- Only the function writes messages now.
revoke insert on table public.contact_messages from anon, authenticated;
drop policy "Visitors can send contact messages" on public.contact_messages;
