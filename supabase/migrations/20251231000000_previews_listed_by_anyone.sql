-- A platform page built without a preview asks the storage whether its PDF has been uploaded since.
-- Asked by the file's public address, a missing file answers 400, which every visitor's console logs
-- as an error (and Lighthouse counts). Asked through Storage's list endpoint, a missing file is an
-- empty list with 200. Listing needs a select policy even on a public bucket, so visitors (anon) may
-- now list the previews bucket: its files are public already, and listing names nothing else.
-- Signed-in users keep the rules they had (only an admin at aal2 lists).
create policy "Visitors can list previews"
  on storage.objects
  for select
  to anon
  using (bucket_id = 'previews');
