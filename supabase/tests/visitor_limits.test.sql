-- Limits no visitor can forge (20251201000000_unforgeable_limits.sql): the client is the edge's
-- cf-connecting-ip, whatever X-Forwarded-For says; refused attempts count; per client first, the
-- site-wide cap a circuit breaker only an admin at aal2 reopens; wrong passwords and codes are
-- limited; a signed-out session's token reads nothing; no error carries a row.
begin;
select no_plan();

-- Limits small enough to reach; the windows of this hour start empty.
update private.hourly_limits set per_hour = 3 where action = 'contact_messages' and scope = 'client';
update private.hourly_limits set per_hour = 10 where action = 'contact_messages' and scope = 'site';
delete from public.rate_limit_windows;

create function pg_temp.send_from(p_edge text, p_forwarded text, p_subject text, p_message text default 'hello')
returns jsonb language plpgsql as $$
begin
  perform set_config('request.headers', json_build_object('cf-connecting-ip', p_edge, 'x-forwarded-for', p_forwarded)::text, true);
  return public.send_contact_message('Pg', 'Tap', 'pgtap-limits@example.com', p_subject, p_message)::jsonb;
end;
$$;
grant execute on function pg_temp.send_from(text, text, text, text) to anon;

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);

-- Forged and empty X-Forwarded-For entries: one edge address, one client.
select is(pg_temp.send_from('192.0.2.1', '10.9.9.1, 192.0.2.1', 'forged 1'), null, 'forged first entry, first message: accepted');
select is(pg_temp.send_from('192.0.2.1', '10.9.9.2, 192.0.2.1', 'forged 2'), null, 'another forged first entry: same client, accepted');
select is(pg_temp.send_from('192.0.2.1', ', 192.0.2.1', 'forged 3'), null, 'an empty first entry: same client, accepted');
select is(pg_temp.send_from('192.0.2.1', '10.9.9.4', 'forged 4') ->> 'message', 'too many requests from this client', 'a fourth forged address does not escape the per-client limit');
select is(pg_temp.send_from('192.0.2.1', '', 'forged 5') ->> 'message', 'too many requests from this client', 'nor does an empty X-Forwarded-For');
select is(current_setting('response.status', true), '429', 'refused with HTTP 429');

-- No edge header at all (a direct call): one shared client, never no limit.
select set_config('request.headers', '{"x-forwarded-for":"10.9.9.9"}', true);
select is(public.send_contact_message('No', 'Edge', 'pgtap-noedge@example.com', 'no edge 1', 'x')::text, null, 'without cf-connecting-ip: counted as the unknown client');
reset role;
select is((select requests from public.rate_limit_windows where scope = 'client' and client_hash = md5(encode(private.analytics_salt_today(), 'hex') || 'unknown')), 1, 'the unknown client has a count');
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);

-- Refused attempts count, invalid ones included: they commit with the refusal.
select is(pg_temp.send_from('192.0.2.2', '', 'invalid', repeat('x', 5001)) ->> 'code', '22023', 'an over-long message: 22023');
select is(current_setting('response.status', true), '400', 'with HTTP 400');
reset role;
select is((select requests from public.rate_limit_windows where action = 'contact_messages' and scope = 'client' and client_hash = md5(encode(private.analytics_salt_today(), 'hex') || '192.0.2.1')),
  5, 'the flooding client: all five attempts counted, the two refused ones too');
select is((select requests from public.rate_limit_windows where action = 'contact_messages' and scope = 'client' and client_hash = md5(encode(private.analytics_salt_today(), 'hex') || '192.0.2.2')),
  1, 'the invalid message was counted');
select is((select count(*)::int from public.contact_messages where subject like 'forged %'), 3, 'only the accepted messages are stored');

-- No error carries a row: each field's fault is named, never the failing row, its id or a time.
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select set_config('request.headers', '{"cf-connecting-ip":"192.0.2.3"}', true);
create temporary table answers (field text, answer jsonb) on commit drop;
insert into answers values
  ('message', public.send_contact_message('A', 'B', 'a@example.com', 'S', repeat('m', 5001))::jsonb),
  ('subject', public.send_contact_message('A', 'B', 'a@example.com', repeat('s', 201), 'M')::jsonb),
  ('first_name', public.send_contact_message(repeat('f', 101), 'B', 'a@example.com', 'S', 'M')::jsonb);
reset role;
update private.hourly_limits set per_hour = 20 where action = 'contact_messages' and scope = 'client';
set local role anon;
insert into answers values
  ('last_name', public.send_contact_message('A', '', 'a@example.com', 'S', 'M')::jsonb),
  ('email', public.send_contact_message('A', 'B', 'not an address', 'S', 'M')::jsonb),
  ('email', public.capture_starter_kit_email(repeat('e', 300))::jsonb);
reset role;
select is((select count(*)::int from answers where answer ->> 'code' = '22023'), 6, 'every invalid input: 22023');
select is((select count(*)::int from answers where answer ->> 'message' like '%' || field || '%'), 6, 'each message names its field');
select is((select count(*)::int from answers where answer::text ~* 'failing row|\(\d+,|\d{4}-\d\d-\d\d'), 0, 'no answer carries a row, an id or a timestamp');

-- One client's flood leaves other clients able to send: it stopped at its own limit.
delete from public.rate_limit_windows where scope = 'site';
update private.hourly_limits set per_hour = 3 where action = 'contact_messages' and scope = 'client';
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select is(pg_temp.send_from('192.0.2.1', '10.8.0.' || g, 'flood ' || g) ->> 'code', 'rate_limited', 'flood ' || g || ': refused') from generate_series(1, 20) g;
select is(pg_temp.send_from('192.0.2.50', '', 'genuine'), null, 'after the flood another client is accepted');
reset role;
select ok((select requests from public.rate_limit_windows where action = 'contact_messages' and scope = 'site') < 10, 'the flood never reached the site-wide count');

-- Many clients trip the circuit breaker; only an admin at aal2 with a live session reopens it.
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select pg_temp.send_from('198.51.100.' || g, '', 'many ' || g) from generate_series(1, 10) g;
select is(pg_temp.send_from('198.51.100.99', '', 'one more') ->> 'message', 'too many requests to this site this hour', 'past the site-wide cap: refused for everyone');
select throws_ok($$select public.reopen_site_limit('contact_messages')$$, '42501', null, 'anon cannot reopen the form');
reset role;

insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'pgtap-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('44444444-4444-4444-8444-444444444444', '22222222-2222-4222-8222-222222222222', 'aal2');
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal1","session_id":"44444444-4444-4444-8444-444444444444"}', true);
select throws_ok($$select public.reopen_site_limit('contact_messages')$$, '42501', null, 'an admin at aal1 cannot reopen the form');
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"44444444-4444-4444-8444-444444444444"}', true);
select is((select count(*)::int from public.rate_limit_windows
           where action = 'contact_messages' and scope = 'site' and window_start = date_trunc('hour', now())
             and limit_reached_at is not null and (lifted_at is null or lifted_at < limit_reached_at)), 1,
  'the admin at aal2 sees the breaker tripped this hour');
select lives_ok($$select public.reopen_site_limit('contact_messages')$$, 'the admin at aal2 reopens the form');
reset role;
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select is(pg_temp.send_from('198.51.100.99', '', 'after reopening'), null, 'after reopening: accepted again');
reset role;

-- A signed-out session's token reads nothing: sign-out deletes the session row.
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2","session_id":"44444444-4444-4444-8444-444444444444"}', true);
select isnt_empty($$select id from public.contact_messages$$, 'a live aal2 session reads the messages');
reset role;
delete from auth.sessions where id = '44444444-4444-4444-8444-444444444444';
set local role authenticated;
select is_empty($$select id from public.contact_messages$$, 'signed out: the same token reads no message');
select is_empty($$select id from public.email_captures$$, 'signed out: reads no address');
select is_empty($$select action from public.rate_limit_windows$$, 'signed out: reads no count');
select is_empty($$select name from storage.objects where bucket_id = 'previews'$$, 'signed out: lists no preview');
select is_empty($$with u as (update public.contact_messages set handled_at = now() returning id) select id from u$$, 'signed out: marks no message handled');
select throws_ok($$select public.reopen_site_limit('contact_messages')$$, '42501', null, 'signed out: cannot reopen the form');
select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"role":"admin"},"aal":"aal2"}', true);
select is_empty($$select id from public.contact_messages$$, 'a token without a session_id reads no message');
reset role;

-- Wrong passwords (per client address) and wrong codes (per factor) are limited.
update private.auth_limits set failures = 3 where kind in ('password', 'totp');
select is(private.auth_retry_after('password', '192.0.2.7'), 0, 'no wrong password yet: may try');
select private.note_auth_failure('password', '192.0.2.7') from generate_series(1, 2);
select is(private.auth_retry_after('password', '192.0.2.7'), 0, 'two wrong passwords: may still try');
select ok(private.note_auth_failure('password', '192.0.2.7') > 0, 'the third wrong password: a wait');
select ok(private.auth_retry_after('password', '192.0.2.7') between 1 and 300, 'the client waits at most the window');
select is(private.auth_retry_after('password', '192.0.2.8'), 0, 'another client address may still try');
select private.note_auth_failure('totp', 'factor-a') from generate_series(1, 3);
select ok(private.auth_retry_after('totp', 'factor-a') > 0, 'three wrong codes: the factor waits, whichever challenge comes next');
select is(private.auth_retry_after('totp', 'factor-b'), 0, 'another factor may still try');
set local role anon;
select throws_ok($$select private.note_auth_failure('password', 'x')$$, '42501', null, 'anon cannot touch the counts');
reset role;
set local role authenticated;
select throws_ok($$select private.auth_retry_after('password', 'x')$$, '42501', null, 'nor can a signed-in user');
select throws_ok($$delete from private.auth_failures$$, '42501', null, 'nor delete the failures');
reset role;

select * from finish();
rollback;
