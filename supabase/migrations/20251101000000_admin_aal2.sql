-- The owner's area behind a second factor (spec decision 10): every admin read and write needs a
-- session at assurance level aal2 (password and a TOTP code), whatever the app does. The permissive
-- policies still say *who* (app_metadata.role = 'admin'); these restrictive ones add *how they signed
-- in*, and a row passes only when both agree. An admin's aal1 token (password only, or a stolen
-- token from before the code) therefore reads no row and writes nothing.
--
-- Not covered by table policies, as Supabase's guidance notes: security definer functions (each checks
-- for itself; none of ours returns admin data) and the service key (never used by the site).

create policy "Admin reads of contact messages need aal2"
  on public.contact_messages
  as restrictive
  for select
  to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2');

create policy "Marking contact messages handled needs aal2"
  on public.contact_messages
  as restrictive
  for update
  to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2')
  with check ((select auth.jwt() ->> 'aal') = 'aal2');

create policy "Admin reads of email captures need aal2"
  on public.email_captures
  as restrictive
  for select
  to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2');

-- storage.objects holds every bucket's objects: only the previews bucket's rows need aal2 here.
create policy "Listing previews needs aal2"
  on storage.objects
  as restrictive
  for select
  to authenticated
  using (bucket_id <> 'previews' or (select auth.jwt() ->> 'aal') = 'aal2');

create policy "Uploading previews needs aal2"
  on storage.objects
  as restrictive
  for insert
  to authenticated
  with check (bucket_id <> 'previews' or (select auth.jwt() ->> 'aal') = 'aal2');

create policy "Replacing previews needs aal2"
  on storage.objects
  as restrictive
  for update
  to authenticated
  using (bucket_id <> 'previews' or (select auth.jwt() ->> 'aal') = 'aal2')
  with check (bucket_id <> 'previews' or (select auth.jwt() ->> 'aal') = 'aal2');
