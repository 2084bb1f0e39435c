-- Messages from the contact form. Visitors may send one and never read any;
-- admins (app_metadata.role = 'admin' in their JWT) may read them.

create table public.contact_messages (
  id bigint generated always as identity primary key,
  first_name text not null,
  last_name text not null,
  email public.email_address not null,
  subject text not null,
  message text not null,
  created_at timestamptz not null default now(),
  constraint contact_messages_first_name_check check (btrim(first_name) <> '' and char_length(first_name) <= 100),
  constraint contact_messages_last_name_check check (btrim(last_name) <> '' and char_length(last_name) <= 100),
  constraint contact_messages_subject_check check (btrim(subject) <> '' and char_length(subject) <= 200),
  constraint contact_messages_message_check check (btrim(message) <> '' and char_length(message) <= 5000)
);

comment on table public.contact_messages is 'Contact-form messages. Insert-only for visitors; readable by admins.';

alter table public.contact_messages enable row level security;

-- Take back Supabase's default grants, then give visitors exactly the five
-- columns they fill in (so id and created_at cannot be forged) and nothing to
-- read. Signed-in users get SELECT, which the admin policy then narrows.
revoke all on table public.contact_messages from anon, authenticated;
grant insert (first_name, last_name, email, subject, message) on table public.contact_messages to anon, authenticated;
grant select on table public.contact_messages to authenticated;

create policy "Visitors can send contact messages"
  on public.contact_messages
  for insert
  to anon, authenticated
  with check (true);

create policy "Admins can read contact messages"
  on public.contact_messages
  for select
  to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
