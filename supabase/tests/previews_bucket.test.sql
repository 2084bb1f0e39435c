-- The public previews bucket in storage.objects: anyone reads an object through Storage's public
-- route (no policy involved), and a visitor (anon) lists them, to ask whether a preview is there
-- without a failing request; only an admin at aal2 uploads and replaces; nobody deletes.
-- Each role tried for each read and write: anon, a signed-in non-admin, an admin at aal1 and at aal2.
begin;
select no_plan();

-- The aal2 admin's session is live (a row of auth.sessions), as every admin read also requires.
insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'pgtap-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'aal2');

select policies_are('storage', 'objects', array[
  'Admins can list previews',
  'Visitors can list previews',
  'Admins can upload previews',
  'Admins can replace previews',
  'Listing previews needs aal2',
  'Uploading previews needs aal2',
  'Replacing previews needs aal2',
  'Previews writes and lists need a live session'
], 'storage.objects: the previews policies and their aal2 restrictions');
select is((select public from storage.buckets where id = 'previews'), true, 'the previews bucket is public');

insert into storage.objects (bucket_id, name, metadata) values ('previews', 'pgtap-present.pdf', '{"mimetype":"application/pdf"}');

-- anon
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select isnt_empty($$select * from storage.objects where bucket_id = 'previews' and name = 'pgtap-present.pdf'$$, 'anon: lists the previews (public files)');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('previews', 'pgtap-anon.pdf')$$, '42501', null, 'anon: cannot upload a preview');
select is_empty($$with u as (update storage.objects set metadata = '{}' where bucket_id = 'previews' returning id) select id from u$$, 'anon: replaces no preview');
select is_empty($$with d as (delete from storage.objects where bucket_id = 'previews' returning id) select id from d$$, 'anon: deletes no preview');
reset role;

-- a signed-in user who is not an admin (even at aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"11111111-1111-4111-8111-111111111111","app_metadata":{"provider":"email"},"aal":"aal2"}', true);
select is_empty($$select * from storage.objects where bucket_id = 'previews'$$, 'member: lists no preview');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('previews', 'pgtap-member.pdf')$$, '42501', null, 'member: cannot upload a preview');
select is_empty($$with u as (update storage.objects set metadata = '{}' where bucket_id = 'previews' returning id) select id from u$$, 'member: replaces no preview');
select is_empty($$with d as (delete from storage.objects where bucket_id = 'previews' returning id) select id from d$$, 'member: deletes no preview');
reset role;

-- an admin with the password only (aal1)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal1"}', true);
select is_empty($$select * from storage.objects where bucket_id = 'previews'$$, 'admin at aal1: lists no preview');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('previews', 'pgtap-aal1.pdf')$$, '42501', null, 'admin at aal1: cannot upload a preview');
select is_empty($$with u as (update storage.objects set metadata = '{}' where bucket_id = 'previews' returning id) select id from u$$, 'admin at aal1: replaces no preview');
select is_empty($$with d as (delete from storage.objects where bucket_id = 'previews' returning id) select id from d$$, 'admin at aal1: deletes no preview');
reset role;

-- an admin with password and code (aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal2","session_id":"33333333-3333-4333-8333-333333333333"}', true);
select isnt_empty($$select * from storage.objects where bucket_id = 'previews' and name = 'pgtap-present.pdf'$$, 'admin at aal2: lists the previews');
select lives_ok($$insert into storage.objects (bucket_id, name) values ('previews', 'pgtap-aal2.pdf')$$, 'admin at aal2: uploads a preview');
select isnt_empty($$with u as (update storage.objects set metadata = '{"mimetype":"application/pdf"}' where bucket_id = 'previews' and name = 'pgtap-present.pdf' returning id) select id from u$$, 'admin at aal2: replaces a preview');
select is_empty($$with d as (delete from storage.objects where bucket_id = 'previews' returning id) select id from d$$, 'admin at aal2: deletes no preview');
reset role;

select is((select count(*)::int from storage.objects where bucket_id = 'previews' and name like 'pgtap-%'), 2, 'only the aal2 upload was added, nothing deleted');

select * from finish();
rollback;
