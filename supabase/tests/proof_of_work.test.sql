-- Under a flood the forms ask for a proof of work instead of closing (20251229000100_proof_of_work.sql):
-- a genuine sender gets through with a solved challenge and not without one while the breaker is
-- tripped; a challenge is single-use, expires, and belongs to one form; the budgets of a client and
-- its network are never waived; the admin still sees the tripped hour and reopening holds.
begin;
select no_plan();

-- Limits small enough to reach, and challenges quick to solve in SQL.
update private.hourly_limits set per_hour = 3 where action in ('contact_messages', 'email_captures') and scope = 'client';
update private.hourly_limits set per_hour = 4 where action in ('contact_messages', 'email_captures') and scope = 'client56';
update private.hourly_limits set per_hour = 5 where action in ('contact_messages', 'email_captures') and scope = 'client48';
update private.hourly_limits set per_hour = 10 where action in ('contact_messages', 'email_captures') and scope = 'site';
update private.proof_of_work set maxnumber = 2000;
delete from public.rate_limit_windows;
delete from private.proof_challenges;

create function pg_temp.send_from(p_edge text, p_subject text, p_altcha text default null)
returns jsonb language plpgsql as $$
begin
  perform set_config('request.headers', json_build_object('cf-connecting-ip', p_edge)::text, true);
  return public.send_contact_message('Pg', 'Tap', 'pgtap-pow@example.com', p_subject, 'hello', p_altcha)::jsonb;
end;
$$;

-- What a browser does with the 429's challenge (altcha-lib's solveChallenge), done here by trying
-- every number: ALTCHA's payload, base64 of the JSON. `p_offset` answers with a wrong number.
create function pg_temp.solve(p_challenge text, p_offset integer default 0)
returns text language sql as $$
  select encode(convert_to(json_build_object('algorithm', c ->> 'algorithm', 'challenge', c ->> 'challenge', 'number', n + p_offset,
                                             'salt', c ->> 'salt', 'signature', c ->> 'signature')::text, 'UTF8'), 'base64')
  from (select p_challenge::json as c) x, generate_series(0, (p_challenge::json ->> 'maxnumber')::integer) n
  where encode(sha256(convert_to((c ->> 'salt') || n, 'UTF8')), 'hex') = c ->> 'challenge'
  limit 1
$$;
grant execute on function pg_temp.send_from(text, text, text), pg_temp.solve(text, integer) to anon;
create temporary table seen (name text primary key, answer jsonb) on commit drop;
grant all on seen to anon;

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);

-- Not tripped: no proof asked.
select is(pg_temp.send_from('192.0.2.1', 'before the flood'), null, 'before any flood: accepted without a proof');

-- A flood from many clients, each within its own budget, trips the breaker.
select pg_temp.send_from('198.51.100.' || g, 'flood ' || g) from generate_series(1, 12) g;
insert into seen values ('bare', pg_temp.send_from('203.0.113.5', 'genuine, no proof'));
select is((select answer ->> 'message' from seen where name = 'bare'), 'too many requests to this site this hour', 'tripped: without a proof, the same 429 text as before');
select is(current_setting('response.status', true), '429', 'with HTTP 429');
select is((select (answer ->> 'details')::json ->> 'algorithm' from seen where name = 'bare'), 'SHA-256', 'the answer carries an ALTCHA challenge');
select is((select jsonb_typeof(answer -> 'details') from seen where name = 'bare'), 'string', 'the challenge is JSON text in details, as PostgREST''s details are text');

-- The genuine sender solves it and sends again.
insert into seen values ('proof', to_jsonb(pg_temp.solve((select answer ->> 'details' from seen where name = 'bare'))));
select is(pg_temp.send_from('203.0.113.5', 'genuine, solved', (select answer #>> '{}' from seen where name = 'proof')), null, 'with the solved challenge: accepted while tripped');

-- The same solution again: spent.
insert into seen values ('replayed', pg_temp.send_from('203.0.113.5', 'replayed', (select answer #>> '{}' from seen where name = 'proof')));
select is((select answer ->> 'message' from seen where name = 'replayed'), 'too many requests to this site this hour', 'a replayed solution is refused');

-- A wrong number: refused, and the challenge is spent with it (no second guess).
insert into seen values ('wrong', to_jsonb(pg_temp.solve((select answer ->> 'details' from seen where name = 'replayed'), 1)));
select is(pg_temp.send_from('203.0.113.6', 'wrong', (select answer #>> '{}' from seen where name = 'wrong')) ->> 'code', 'rate_limited', 'a wrong number is refused');
select is(pg_temp.send_from('203.0.113.6', 'right after wrong', pg_temp.solve((select answer ->> 'details' from seen where name = 'replayed'))) ->> 'code', 'rate_limited',
          'and the challenge it answered cannot be answered again');

-- Expired.
insert into seen values ('to expire', pg_temp.send_from('203.0.113.7', 'expiring'));
insert into seen values ('expired proof', to_jsonb(pg_temp.solve((select answer ->> 'details' from seen where name = 'to expire'))));
reset role;
update private.proof_challenges set expires_at = now() - interval '1 second'
where challenge = (select (answer ->> 'details')::json ->> 'challenge' from seen where name = 'to expire');
set local role anon;
select is(pg_temp.send_from('203.0.113.7', 'expired', (select answer #>> '{}' from seen where name = 'expired proof')) ->> 'code', 'rate_limited', 'an expired solution is refused');

-- A challenge belongs to the form it was issued for.
insert into seen values ('capture', public.capture_starter_kit_email('pgtap-pow@example.com')::jsonb);
select is((select answer ->> 'message' from seen where name = 'capture'), null, 'the sign-up''s breaker has not tripped: accepted');
reset role;
update private.hourly_limits set per_hour = 1 where action = 'email_captures' and scope = 'site';
set local role anon;
insert into seen values ('capture tripped', public.capture_starter_kit_email('pgtap-pow-2@example.com')::jsonb);
select is((select answer ->> 'code' from seen where name = 'capture tripped'), 'rate_limited', 'the sign-up tripped: a challenge');
select is(pg_temp.send_from('203.0.113.8', 'a sign-up''s proof', pg_temp.solve((select answer ->> 'details' from seen where name = 'capture tripped'))) ->> 'code', 'rate_limited',
          'a sign-up''s challenge does not open the contact form');
select is(public.capture_starter_kit_email('pgtap-pow-3@example.com', pg_temp.solve((select answer ->> 'details' from seen where name = 'capture tripped')))::jsonb ->> 'code', 'rate_limited',
          'and it was spent by that attempt');
insert into seen values ('capture again', public.capture_starter_kit_email('pgtap-pow-4@example.com')::jsonb);
select is(public.capture_starter_kit_email('pgtap-pow-4@example.com', pg_temp.solve((select answer ->> 'details' from seen where name = 'capture again')))::jsonb, null,
          'the sign-up with its own solved challenge: accepted');
select is(pg_temp.send_from('203.0.113.9', 'garbage', 'not base64 at all!') ->> 'code', 'rate_limited', 'a payload that is not ALTCHA''s: refused, never an error');

-- A proof never buys a fresh client budget: the flooding client stays at its own limit.
select pg_temp.send_from('192.0.2.99', 'own budget ' || g) from generate_series(1, 3) g;
insert into seen values ('over own', pg_temp.send_from('192.0.2.99', 'over its own budget'));
select is((select answer ->> 'message' from seen where name = 'over own'), 'too many requests from this client', 'past its own budget a client gets no challenge');
reset role;
select is((select count(*)::int from private.proof_challenges
           where challenge in (select (answer ->> 'details')::json ->> 'challenge' from seen where name in ('bare', 'replayed', 'to expire', 'capture tripped', 'capture again'))), 0,
          'every answered challenge is gone');
select ok((select count(*) > 0 and bool_and(expires_at > now()) from private.proof_challenges), 'unanswered ones are remembered until they expire');
select is((select count(*)::int from public.contact_messages where email = 'pgtap-pow@example.com' and subject like 'genuine%'), 1, 'only the solved message of the genuine sender was stored');

-- The admin still sees the tripped hour; reopening lets everyone through without a proof, and one
-- /48 walking its /64s cannot trip it again (its budget is below the site-wide cap).
select is((select count(*)::int from public.rate_limit_windows
           where action = 'contact_messages' and scope = 'site' and window_start = date_trunc('hour', now()) and limit_reached_at is not null), 1,
          'the tripped hour is recorded for /admin');
update public.rate_limit_windows set requests = 0, lifted_at = now()
where action = 'contact_messages' and scope = 'site' and window_start = date_trunc('hour', now());
set local role anon;
select pg_temp.send_from(format('2001:db8:48:%s::1', to_hex(g)), 'one /48 ' || g) from generate_series(0, 299) g;
select is(pg_temp.send_from('192.0.2.200', 'after reopening'), null, 'after reopening and a flood from 300 /64s of one /48: accepted without a proof');
reset role;

select * from finish();
rollback;
