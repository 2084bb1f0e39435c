create policy "Admin reads of analytics.buy_references need a live session" on analytics.buy_references as restrictive for select to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of analytics.buy_references need aal2" on analytics.buy_references as restrictive for select to authenticated
  using (( SELECT ((auth.jwt() ->> 'aal'::text) = 'aal2'::text)));

create policy "Admins can read analytics.buy_references" on analytics.buy_references as permissive for select to authenticated
  using (( SELECT (((auth.jwt() -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));
