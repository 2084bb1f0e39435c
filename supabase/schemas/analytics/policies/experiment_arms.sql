create policy "Admin reads of analytics.experiment_arms need a live session" on analytics.experiment_arms as restrictive for select to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of analytics.experiment_arms need aal2" on analytics.experiment_arms as restrictive for select to authenticated
  using (( SELECT ((auth.jwt() ->> 'aal'::text) = 'aal2'::text)));

create policy "Admins can read analytics.experiment_arms" on analytics.experiment_arms as permissive for select to authenticated
  using (( SELECT (((auth.jwt() -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));
