-- public.email_captures: visitors write only through capture_starter_kit_email; only an admin at
-- aal2 (password and a TOTP code) reads the list; nobody changes or deletes an address through the
-- API. Each role tried for each read and write: anon, a signed-in non-admin, an admin at aal1, an
-- admin at aal2. Run by `supabase test db` and `npm run test:db`.
begin;
select no_plan();

-- The aal2 admin's session is live (a row of auth.sessions), as every admin read also requires.
insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'pgtap-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'aal2');

select policies_are('public', 'email_captures', array[
  'Admins can read email captures',
  'Admin reads of email captures need aal2',
  'Admin reads of email captures need a live session'
], 'email_captures: exactly the admin read policy and its aal2 and live-session restrictions');
select ok((select relrowsecurity from pg_class where oid = 'public.email_captures'::regclass), 'email_captures: row-level security is on');

insert into public.email_captures (email) values ('pgtap-listed@example.com');

-- anon
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$select * from public.email_captures$$, '42501', null, 'anon: cannot read email_captures');
select throws_ok($$insert into public.email_captures (email) values ('pgtap-direct@example.com')$$, '42501', null, 'anon: cannot insert directly');
select throws_ok($$update public.email_captures set source = 'starter_kit'$$, '42501', null, 'anon: cannot update');
select throws_ok($$delete from public.email_captures$$, '42501', null, 'anon: cannot delete');
select lives_ok($$select public.capture_starter_kit_email('pgtap-anon@example.com')$$, 'anon: captures an address through the function');
reset role;

-- a signed-in user who is not an admin (even at aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"11111111-1111-4111-8111-111111111111","app_metadata":{"provider":"email"},"aal":"aal2"}', true);
select is_empty($$select * from public.email_captures$$, 'member: reads no address');
select throws_ok($$insert into public.email_captures (email) values ('pgtap-direct@example.com')$$, '42501', null, 'member: cannot insert directly');
select throws_ok($$update public.email_captures set source = 'starter_kit'$$, '42501', null, 'member: cannot update');
select throws_ok($$delete from public.email_captures$$, '42501', null, 'member: cannot delete');
select lives_ok($$select public.capture_starter_kit_email('pgtap-member@example.com')$$, 'member: captures an address through the function');
reset role;

-- an admin with the password only (aal1)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal1"}', true);
select is_empty($$select * from public.email_captures$$, 'admin at aal1: reads no address');
select throws_ok($$insert into public.email_captures (email) values ('pgtap-direct@example.com')$$, '42501', null, 'admin at aal1: cannot insert directly');
select throws_ok($$update public.email_captures set source = 'starter_kit'$$, '42501', null, 'admin at aal1: cannot update');
select throws_ok($$delete from public.email_captures$$, '42501', null, 'admin at aal1: cannot delete');
reset role;

-- an admin with password and code (aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal2","session_id":"33333333-3333-4333-8333-333333333333"}', true);
select isnt_empty($$select * from public.email_captures where email = 'pgtap-listed@example.com'$$, 'admin at aal2: reads the list');
select throws_ok($$insert into public.email_captures (email) values ('pgtap-direct@example.com')$$, '42501', null, 'admin at aal2: cannot insert directly');
select throws_ok($$update public.email_captures set source = 'starter_kit'$$, '42501', null, 'admin at aal2: cannot update');
select throws_ok($$delete from public.email_captures$$, '42501', null, 'admin at aal2: cannot delete');
reset role;

select is((select count(*)::int from public.email_captures where email in ('pgtap-anon@example.com', 'pgtap-member@example.com')), 2, 'the function stored both addresses');
select is_empty($$select * from public.email_captures where email = 'pgtap-direct@example.com'$$, 'no direct insert got through');

select * from finish();
rollback;
