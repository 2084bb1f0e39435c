-- The owner's admin area (/admin): admins, and nobody else, read the contact
-- messages and the starter-kit list, and mark a message handled or not.
-- An admin is a signed-in user whose JWT carries app_metadata.role = 'admin'.

-- When the owner dealt with a message; null while it still needs an answer.
alter table public.contact_messages add column handled_at timestamptz;

comment on column public.contact_messages.handled_at is 'When an admin marked the message handled; null while unhandled. Set only by admins.';

-- The inbox lists newest first, optionally only the (un)handled ones; the
-- subscriber list newest first.
create index contact_messages_created_at_idx on public.contact_messages (created_at desc, id desc);
create index email_captures_created_at_idx on public.email_captures (created_at desc, id desc);

-- contact_messages: signed-in users may update exactly one column, and the
-- policy below narrows that to admins (a non-admin's update matches no row).
-- Visitors' insert grant (five columns) is unchanged, so nobody can send a
-- message that arrives already handled.
grant update (handled_at) on table public.contact_messages to authenticated;

create policy "Admins can mark contact messages handled"
  on public.contact_messages
  for update
  to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- email_captures: still written only through capture_starter_kit_email.
-- Signed-in users get SELECT, which the policy narrows to admins; anon still
-- has no grant at all.
grant select on table public.email_captures to authenticated;

create policy "Admins can read email captures"
  on public.email_captures
  for select
  to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
