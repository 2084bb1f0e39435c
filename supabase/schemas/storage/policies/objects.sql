create policy "Admins can list previews" on storage.objects as permissive for select to authenticated
  using (((bucket_id = 'previews'::text) AND (((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));

create policy "Admins can replace previews" on storage.objects as permissive for update to authenticated
  using (((bucket_id = 'previews'::text) AND (((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)))
  with check (((bucket_id = 'previews'::text) AND (((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));

create policy "Admins can upload previews" on storage.objects as permissive for insert to authenticated
  with check (((bucket_id = 'previews'::text) AND (((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text)));

create policy "Listing previews needs aal2" on storage.objects as restrictive for select to authenticated
  using (((bucket_id <> 'previews'::text) OR (( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text)));

create policy "Previews writes and lists need a live session" on storage.objects as restrictive for all to authenticated
  using (((bucket_id <> 'previews'::text) OR ( SELECT rls.session_is_live() AS session_is_live)))
  with check (((bucket_id <> 'previews'::text) OR ( SELECT rls.session_is_live() AS session_is_live)));

create policy "Replacing previews needs aal2" on storage.objects as restrictive for update to authenticated
  using (((bucket_id <> 'previews'::text) OR (( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text)))
  with check (((bucket_id <> 'previews'::text) OR (( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text)));

create policy "Uploading previews needs aal2" on storage.objects as restrictive for insert to authenticated
  with check (((bucket_id <> 'previews'::text) OR (( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text)));

create policy "Visitors can list previews" on storage.objects as permissive for select to anon
  using ((bucket_id = 'previews'::text));
