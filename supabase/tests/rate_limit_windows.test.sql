-- public.rate_limit_windows (what the hourly limits counted) and private.hourly_limits (the limits):
-- only the visitor functions write the counts; only an admin at aal2 reads them; the limits are out
-- of every API role's reach. Past a limit the functions answer 429 (PostgREST's PGRST raise).
begin;
select no_plan();

-- The aal2 admin's session is live (a row of auth.sessions), as every admin read also requires.
insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'pgtap-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'aal2');

select policies_are('public', 'rate_limit_windows', array[
  'Admins can read rate limit windows',
  'Admin reads of rate limit windows need aal2',
  'Admin reads of rate limit windows need a live session'
], 'rate_limit_windows: the admin read policy and its aal2 restriction');
select ok((select relrowsecurity from pg_class where oid = 'public.rate_limit_windows'::regclass), 'rate_limit_windows: row-level security is on');

insert into public.rate_limit_windows (action, scope, window_start, requests, limit_reached_at)
values ('email_captures', 'site', date_trunc('hour', now()) - interval '1 day', 3, now() - interval '1 day');

-- anon
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$select * from public.rate_limit_windows$$, '42501', null, 'anon: cannot read rate_limit_windows');
select throws_ok($$insert into public.rate_limit_windows (action, scope, window_start) values ('email_captures', 'site', now())$$, '42501', null, 'anon: cannot insert');
select throws_ok($$update public.rate_limit_windows set requests = 0$$, '42501', null, 'anon: cannot update');
select throws_ok($$delete from public.rate_limit_windows$$, '42501', null, 'anon: cannot delete');
select throws_ok($$select * from private.hourly_limits$$, '42501', null, 'anon: cannot read the limits');
select throws_ok($$update private.hourly_limits set per_hour = 1000000$$, '42501', null, 'anon: cannot change the limits');
reset role;

-- a signed-in user who is not an admin (even at aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"11111111-1111-4111-8111-111111111111","app_metadata":{"provider":"email"},"aal":"aal2"}', true);
select is_empty($$select * from public.rate_limit_windows$$, 'member: reads no count');
select throws_ok($$insert into public.rate_limit_windows (action, scope, window_start) values ('email_captures', 'site', now())$$, '42501', null, 'member: cannot insert');
select throws_ok($$update public.rate_limit_windows set requests = 0$$, '42501', null, 'member: cannot update');
select throws_ok($$delete from public.rate_limit_windows$$, '42501', null, 'member: cannot delete');
select throws_ok($$update private.hourly_limits set per_hour = 1000000$$, '42501', null, 'member: cannot change the limits');
reset role;

-- an admin with the password only (aal1)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal1"}', true);
select is_empty($$select * from public.rate_limit_windows$$, 'admin at aal1: reads no count');
select throws_ok($$insert into public.rate_limit_windows (action, scope, window_start) values ('email_captures', 'site', now())$$, '42501', null, 'admin at aal1: cannot insert');
select throws_ok($$update public.rate_limit_windows set requests = 0$$, '42501', null, 'admin at aal1: cannot update');
select throws_ok($$delete from public.rate_limit_windows$$, '42501', null, 'admin at aal1: cannot delete');
reset role;

-- an admin with password and code (aal2)
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal2","session_id":"33333333-3333-4333-8333-333333333333"}', true);
select isnt_empty($$select * from public.rate_limit_windows where limit_reached_at is not null$$, 'admin at aal2: reads when a limit was reached');
select throws_ok($$insert into public.rate_limit_windows (action, scope, window_start) values ('email_captures', 'site', now())$$, '42501', null, 'admin at aal2: cannot insert');
select throws_ok($$update public.rate_limit_windows set requests = 0$$, '42501', null, 'admin at aal2: cannot update');
select throws_ok($$delete from public.rate_limit_windows$$, '42501', null, 'admin at aal2: cannot delete');
select throws_ok($$update private.hourly_limits set per_hour = 1000000$$, '42501', null, 'admin at aal2: cannot change the limits');
reset role;

-- The site-wide cap, set low: the next message is refused with 429, and what was stored stays.
update private.hourly_limits set per_hour = 1 where action = 'contact_messages' and scope = 'site';
delete from public.rate_limit_windows where action = 'contact_messages';
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select set_config('request.headers', '{"cf-connecting-ip":"198.51.100.20"}', true);
select is(public.send_contact_message('Cap', 'One', 'pgtap-cap1@example.com', 'pgtap cap 1', 'x')::text, null, 'under the site-wide cap: accepted');
select set_config('request.headers', '{"cf-connecting-ip":"198.51.100.21"}', true);
select is(public.send_contact_message('Cap', 'Two', 'pgtap-cap2@example.com', 'pgtap cap 2', 'x')::jsonb ->> 'message', 'too many requests to this site this hour', 'past the site-wide cap: refused');
select is(current_setting('response.status', true), '429', 'with HTTP 429');
select matches(current_setting('response.headers', true)::json -> 0 ->> 'Retry-After', '^[0-9]+$', 'and a Retry-After in seconds');
reset role;
select is((select count(*)::int from public.contact_messages where subject like 'pgtap cap %'), 1, 'the first message is kept, the refused one not stored');
select isnt((select limit_reached_at from public.rate_limit_windows where action = 'contact_messages' and scope = 'site'), null, 'the window records when the cap was reached');

-- The per-client limit: the edge's cf-connecting-ip, as the gateway passes it.
update private.hourly_limits set per_hour = 1 where action = 'email_captures' and scope = 'client';
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select set_config('request.headers', '{"cf-connecting-ip":"203.0.113.30"}', true);
select is(public.capture_starter_kit_email('pgtap-client1@example.com')::text, null, 'a client''s first sign-up: accepted');
select is(public.capture_starter_kit_email('pgtap-client2@example.com')::jsonb ->> 'message', 'too many requests from this client', 'the same client again: refused');
select set_config('request.headers', '{"cf-connecting-ip":"203.0.113.31"}', true);
select is(public.capture_starter_kit_email('pgtap-client3@example.com')::text, null, 'another client: accepted');
reset role;

select * from finish();
rollback;
