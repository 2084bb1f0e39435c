create policy "Admin reads of analytics.catalogue_version need a live session" on analytics.catalogue_version as restrictive for select to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of analytics.catalogue_version need aal2" on analytics.catalogue_version as restrictive for select to authenticated
  using (( SELECT ((auth.jwt() ->> 'aal'::text) = 'aal2'::text)));

create policy "Admins can read analytics.catalogue_version" on analytics.catalogue_version as permissive for select to authenticated
  using (( SELECT (((auth.jwt() -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));
