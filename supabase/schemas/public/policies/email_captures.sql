create policy "Admin reads of email captures need a live session" on public.email_captures as restrictive for select to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of email captures need aal2" on public.email_captures as restrictive for select to authenticated
  using ((( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text));

create policy "Admins can read email captures" on public.email_captures as permissive for select to authenticated
  using ((((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text));
