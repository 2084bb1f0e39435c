create policy "Admin access to contact messages needs a live session" on public.contact_messages as restrictive for all to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live))
  with check (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of contact messages need aal2" on public.contact_messages as restrictive for select to authenticated
  using ((( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text));

create policy "Admins can mark contact messages handled" on public.contact_messages as permissive for update to authenticated
  using ((((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text))
  with check ((((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text));

create policy "Admins can read contact messages" on public.contact_messages as permissive for select to authenticated
  using ((((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text));

create policy "Marking contact messages handled needs aal2" on public.contact_messages as restrictive for update to authenticated
  using ((( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text))
  with check ((( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text));
