create policy "Admin reads of sales.webhook_events need a live session" on sales.webhook_events as restrictive for select to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of sales.webhook_events need aal2" on sales.webhook_events as restrictive for select to authenticated
  using (( SELECT ((auth.jwt() ->> 'aal'::text) = 'aal2'::text)));

create policy "Admins can read sales.webhook_events" on sales.webhook_events as permissive for select to authenticated
  using (( SELECT (((auth.jwt() -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));
