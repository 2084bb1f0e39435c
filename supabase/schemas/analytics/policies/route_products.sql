create policy "Admin reads of analytics.route_products need a live session" on analytics.route_products as restrictive for select to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of analytics.route_products need aal2" on analytics.route_products as restrictive for select to authenticated
  using (( SELECT ((auth.jwt() ->> 'aal'::text) = 'aal2'::text)));

create policy "Admins can read analytics.route_products" on analytics.route_products as permissive for select to authenticated
  using (( SELECT (((auth.jwt() -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));
