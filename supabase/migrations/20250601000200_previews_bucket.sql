-- The public bucket of preview PDFs shown on the platform pages. Anyone can
-- read an object through the public object route (no policy needed); only
-- admins may write. An upload with upsert runs INSERT ... ON CONFLICT DO
-- UPDATE, which needs the select, insert and update policies together.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('previews', 'previews', true, 10485760, array['application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Admins can list previews"
  on storage.objects
  for select
  to authenticated
  using (bucket_id = 'previews' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "Admins can upload previews"
  on storage.objects
  for insert
  to authenticated
  with check (bucket_id = 'previews' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "Admins can replace previews"
  on storage.objects
  for update
  to authenticated
  using (bucket_id = 'previews' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (bucket_id = 'previews' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
