-- public.contact_messages: visitors send through send_contact_message only; only an admin at aal2
-- reads messages and sets handled_at (and no other column); nobody deletes one. Each role tried for
-- each read and write: anon, a signed-in non-admin, an admin at aal1, an admin at aal2.
begin;
select no_plan();

-- The aal2 admin's session is live (a row of auth.sessions), as every admin read also requires.
insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'pgtap-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'aal2');

select policies_are('public', 'contact_messages', array[
  'Admins can read contact messages',
  'Admins can mark contact messages handled',
  'Admin reads of contact messages need aal2',
  'Marking contact messages handled needs aal2',
  'Admin access to contact messages needs a live session'
], 'contact_messages: the admin read and update policies and their aal2 restrictions');
select ok((select relrowsecurity from pg_class where oid = 'public.contact_messages'::regclass), 'contact_messages: row-level security is on');

insert into public.contact_messages (first_name, last_name, email, subject, message)
values ('Pg', 'Tap', 'pgtap-sender@example.com', 'pgtap subject', 'pgtap message');

-- anon
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$select * from public.contact_messages$$, '42501', null, 'anon: cannot read contact_messages');
select throws_ok($$insert into public.contact_messages (first_name, last_name, email, subject, message) values ('a', 'b', 'pgtap-direct@example.com', 'c', 'd')$$, '42501', null, 'anon: cannot insert directly');
select throws_ok($$update public.contact_messages set handled_at = now()$$, '42501', null, 'anon: cannot set handled_at');
select throws_ok($$delete from public.contact_messages$$, '42501', null, 'anon: cannot delete');
select lives_ok($$select public.send_contact_message('Anon', 'Visitor', 'pgtap-anon@example.com', 'pgtap from anon', 'hello')$$, 'anon: sends a message through the function');
reset role;

-- a signed-in user who is not an admin (even at aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"11111111-1111-4111-8111-111111111111","app_metadata":{"provider":"email"},"aal":"aal2"}', true);
select is_empty($$select * from public.contact_messages$$, 'member: reads no message');
select throws_ok($$insert into public.contact_messages (first_name, last_name, email, subject, message) values ('a', 'b', 'pgtap-direct@example.com', 'c', 'd')$$, '42501', null, 'member: cannot insert directly');
select is_empty($$with u as (update public.contact_messages set handled_at = now() returning id) select id from u$$, 'member: sets handled_at on no message');
select throws_ok($$update public.contact_messages set subject = 'changed'$$, '42501', null, 'member: cannot change another column');
select throws_ok($$delete from public.contact_messages$$, '42501', null, 'member: cannot delete');
select lives_ok($$select public.send_contact_message('Signed', 'Member', 'pgtap-member@example.com', 'pgtap from member', 'hello')$$, 'member: sends a message through the function');
reset role;

-- an admin with the password only (aal1)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal1"}', true);
select is_empty($$select * from public.contact_messages$$, 'admin at aal1: reads no message');
select throws_ok($$insert into public.contact_messages (first_name, last_name, email, subject, message) values ('a', 'b', 'pgtap-direct@example.com', 'c', 'd')$$, '42501', null, 'admin at aal1: cannot insert directly');
select is_empty($$with u as (update public.contact_messages set handled_at = now() returning id) select id from u$$, 'admin at aal1: sets handled_at on no message');
select throws_ok($$update public.contact_messages set subject = 'changed'$$, '42501', null, 'admin at aal1: cannot change another column');
select throws_ok($$delete from public.contact_messages$$, '42501', null, 'admin at aal1: cannot delete');
reset role;

-- an admin with password and code (aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal2","session_id":"33333333-3333-4333-8333-333333333333"}', true);
select isnt_empty($$select * from public.contact_messages where subject = 'pgtap subject'$$, 'admin at aal2: reads the messages');
select throws_ok($$insert into public.contact_messages (first_name, last_name, email, subject, message) values ('a', 'b', 'pgtap-direct@example.com', 'c', 'd')$$, '42501', null, 'admin at aal2: cannot insert directly');
select isnt_empty($$with u as (update public.contact_messages set handled_at = now() where subject = 'pgtap subject' returning id) select id from u$$, 'admin at aal2: marks a message handled');
select throws_ok($$update public.contact_messages set subject = 'changed'$$, '42501', null, 'admin at aal2: cannot change another column');
select throws_ok($$delete from public.contact_messages$$, '42501', null, 'admin at aal2: cannot delete');
reset role;

select is((select count(*)::int from public.contact_messages where subject in ('pgtap from anon', 'pgtap from member') and handled_at is null), 2, 'the function stored both messages, not handled');
select isnt((select handled_at from public.contact_messages where subject = 'pgtap subject'), null, 'the aal2 admin''s mark is stored');
select is_empty($$select * from public.contact_messages where email = 'pgtap-direct@example.com'$$, 'no direct insert got through');

select * from finish();
rollback;
