-- The owner's list (20260201000000_owners_list.sql, model/list/README.md): anon and aal1 read and
-- send nothing; tokens are kept as hashes only; one delivery per (newsletter, subscriber); the status
-- is read again at each claim, so an unsubscribe stops a queued mail; a killed sender's claims are
-- taken again; pending addresses go after 30 days; an import never confirms; the capture answers the
-- same for a new, pending or confirmed address and asks for one confirmation per 24 hours; forged,
-- used and expired tokens get 404 and 410; erasure leaves no trace of the address in any table.
-- This file plays the mailer (service_role), a visitor (anon) and the admin (aal2).
begin;
select no_plan();

-- A list of its own, and no limit in the way of checks that are not about limits.
update private.hourly_limits set per_hour = 1000000;
delete from public.rate_limit_windows;
delete from list.deliveries;
delete from list.sends;
delete from public.email_captures;

-- The aal2 admin's session is live (a row of auth.sessions), as every admin function requires.
insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'pgtap-admin@example.com') on conflict do nothing;
insert into auth.sessions (id, user_id, aal) values ('33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'aal2');

create function pg_temp.as_anon() returns void language sql as $$
  select set_config('request.jwt.claims', '{"role":"anon"}', true), set_config('request.headers', '{"cf-connecting-ip":"192.0.2.51"}', true);
$$;
create function pg_temp.as_member() returns void language sql as $$
  select set_config('request.jwt.claims', '{"role":"authenticated","sub":"11111111-1111-4111-8111-111111111111","app_metadata":{"provider":"email"},"aal":"aal2"}', true);
$$;
create function pg_temp.as_admin_aal1() returns void language sql as $$
  select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal1"}', true);
$$;
create function pg_temp.as_admin() returns void language sql as $$
  select set_config('request.jwt.claims', '{"role":"authenticated","sub":"22222222-2222-4222-8222-222222222222","app_metadata":{"provider":"email","role":"admin"},"aal":"aal2","session_id":"33333333-3333-4333-8333-333333333333"}', true);
$$;
create function pg_temp.as_service() returns void language sql as $$
  select set_config('request.jwt.claims', '{"role":"service_role"}', true);
$$;

-- A call as PostgREST makes it: its body and the HTTP status the function set (200 when none).
create function pg_temp.answer(p_call text) returns jsonb language plpgsql as $$
declare
  v json;
begin
  perform set_config('response.status', '', true);
  execute 'select ' || p_call into v;
  return jsonb_build_object('body', v, 'status', coalesce(nullif(current_setting('response.status', true), ''), '200'));
end;
$$;

-- The mailer's tokens: 32 bytes, base64url (43 characters). The test keeps them to click the links;
-- the database must only ever see their hashes.
create temporary table tok (token text primary key, hash bytea not null);
create function pg_temp.mint(p_n integer) returns bytea[] language plpgsql as $$
declare
  v bytea[] := '{}';
  v_token text;
begin
  for i in 1 .. p_n loop
    v_token := rtrim(translate(encode(sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text || i, 'UTF8')), 'base64'), '+/', '-_'), '=');
    insert into pg_temp.tok values (v_token, sha256(convert_to(v_token, 'UTF8')));
    v := v || sha256(convert_to(v_token, 'UTF8'));
  end loop;
  return v;
end;
$$;
-- What the mailer claimed, to find the link each address was sent.
create temporary table claims (n integer generated always as identity, kind text, email text, delivery_id bigint, newsletter text, token_hash bytea);
-- Claims up to p_n confirmations and, unless p_finish is false (a send that failed, a sender killed),
-- finishes them as sent, as the mailer does once the provider took them.
create function pg_temp.claim_confirmations(p_n integer, p_finish boolean default true) returns integer language plpgsql as $$
declare
  v integer;
  v_ids bigint[];
begin
  with c as (select * from list.claim_confirmations(pg_temp.mint(p_n), 60)),
       kept as (insert into pg_temp.claims (kind, email, token_hash) select 'confirm', c.email, c.token_hash from c returning 1)
  select array_agg(c.subscriber_id) into v_ids from c;
  v := coalesce(cardinality(v_ids), 0);
  if p_finish and v > 0 then
    perform list.finish_confirmations(v_ids, array_fill(true, array[v]));
  end if;
  return v;
end;
$$;
create function pg_temp.claim_deliveries(p_n integer, p_lease integer default 60) returns integer language plpgsql as $$
declare
  v integer;
begin
  insert into pg_temp.claims (kind, email, delivery_id, newsletter, token_hash)
  select 'delivery', c.email, c.delivery_id, c.newsletter, c.token_hash from list.claim_deliveries(pg_temp.mint(p_n), p_lease) c;
  get diagnostics v = row_count;
  return v;
end;
$$;
-- The token of the last mail claimed for an address (of one kind, or of one newsletter).
create function pg_temp.link(p_email text, p_kind text) returns text language sql as $$
  select t.token from pg_temp.claims c join pg_temp.tok t on t.hash = c.token_hash
  where c.email = p_email and (c.kind = p_kind or c.newsletter = p_kind) order by c.n desc limit 1
$$;
grant select, insert on pg_temp.tok, pg_temp.claims to service_role, anon, authenticated;

-- Every table of every schema whose rows hold a text (the temporary tables of this test aside).
create function pg_temp.tables_holding(p_text text) returns setof text language plpgsql as $$
declare
  r record;
  v_found boolean;
begin
  for r in select c.oid::regclass as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
  loop
    execute format('select exists (select 1 from %s x where strpos(lower(x::text), lower(%L)) > 0)', r.t, p_text) into v_found;
    if v_found then
      return next r.t::text;
    end if;
  end loop;
end;
$$;

create function pg_temp.status_of(p_email text) returns text language sql as $$
  select status from public.email_captures where email = p_email
$$;

-- 1. Who may call what ----------------------------------------------------------------------------

select set_eq($$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'list', 'private') and has_function_privilege('anon', p.oid, 'execute')$$,
  array['capture_starter_kit_email(text,text,text,text,text)', 'confirm_subscription(text)', 'subscription_token(text)', 'unsubscribe(text,boolean)',
        'send_contact_message(text,text,text,text,text,text)', 'track(text)'],
  'anon may call the four visitor functions of the list, and the other forms only');
select set_eq($$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'list' and has_function_privilege('service_role', p.oid, 'execute')$$,
  array['list.claim_confirmations(bytea[],integer)', 'list.finish_confirmations(bigint[],boolean[])', 'list.claim_deliveries(bytea[],integer)', 'list.finish_delivery(bigint,text,text,text)',
        'list.record_mail_event(text,text,text)', 'list.purge_pending()'],
  'the service role calls the mailer''s functions');
select is_empty($$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'list' and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))$$,
  'no visitor nor signed-in user may call a function of schema list');
select is_empty($$select c.oid::regclass::text from pg_class c join pg_namespace n on n.oid = c.relnamespace cross join (values ('anon'), ('authenticated'), ('service_role')) r(role)
    where n.nspname = 'list' and c.relkind = 'r' and has_table_privilege(r.role, c.oid, 'select, insert, update, delete')$$,
  'no API role reads or writes a table of schema list directly');
select ok(not has_schema_privilege('anon', 'list', 'usage') and not has_schema_privilege('authenticated', 'list', 'usage'), 'anon and authenticated may not even name schema list');
select is_empty($$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'list' and c.relkind = 'r' and not c.relrowsecurity$$,
  'every table of schema list has row-level security');

-- Something to read and send: one confirmed subscriber with a queued mail, and one wording.
insert into public.email_captures (email, status, consented_at) values ('pgtap-reader@example.com', 'confirmed', now());
insert into list.sends (newsletter) values ('secret');
insert into list.deliveries (newsletter, subscriber_id) select 'secret', id from public.email_captures;
select public.publish_consent_wordings(array['No spam, ever.']);

set local role anon;
select pg_temp.as_anon();
select throws_ok($$select * from list.deliveries$$, '42501', null, 'anon: reads no delivery');
select throws_ok($$select * from list.tokens$$, '42501', null, 'anon: reads no token');
select throws_ok($$select * from list.sends$$, '42501', null, 'anon: reads no send');
select throws_ok($$select * from private.consent_wordings$$, '42501', null, 'anon: reads no wording');
select throws_ok($$select * from list.claim_deliveries(array[sha256('x')], 60)$$, '42501', null, 'anon: cannot claim a delivery');
select throws_ok($$select * from list.claim_confirmations(array[sha256('x')])$$, '42501', null, 'anon: cannot claim a confirmation');
select throws_ok($$select list.finish_delivery(1, 'sent')$$, '42501', null, 'anon: cannot finish a delivery');
select throws_ok($$select list.finish_confirmations(array[1::bigint], array[true])$$, '42501', null, 'anon: cannot finish a confirmation');
select throws_ok($$select list.record_mail_event('pgtap-reader@example.com', 'bounced')$$, '42501', null, 'anon: cannot suppress an address');
select throws_ok($$select list.purge_pending()$$, '42501', null, 'anon: cannot purge');
select throws_ok($$select public.admin_queue_newsletter('spring')$$, '42501', null, 'anon: cannot queue a newsletter');
select throws_ok($$select public.admin_newsletter_stats()$$, '42501', null, 'anon: cannot read the newsletters'' figures');
select throws_ok($$select public.admin_list_summary(current_date - 7, current_date)$$, '42501', null, 'anon: cannot read the list''s figures');
select throws_ok($$select public.admin_import_subscribers('[{"email":"x@example.com","status":"confirmed","consented_at":"2025-01-01"}]')$$, '42501', null, 'anon: cannot import');
select throws_ok($$select public.admin_erase_subscriber('pgtap-reader@example.com')$$, '42501', null, 'anon: cannot erase');
select throws_ok($$select public.publish_consent_wordings(array['Forged.'])$$, '42501', null, 'anon: cannot publish a wording');
reset role;

-- A signed-in user who is not an admin, and an admin with the password only.
create function pg_temp.signed_in_refusals(p_who text) returns setof text language plpgsql as $$
begin
  return next throws_ok($q$select * from list.deliveries$q$, '42501', null, p_who || ': reads no delivery');
  return next throws_ok($q$select * from list.tokens$q$, '42501', null, p_who || ': reads no token');
  return next throws_ok($q$select * from list.claim_deliveries(array[sha256('x')], 60)$q$, '42501', null, p_who || ': cannot claim a delivery');
  return next throws_ok($q$select * from list.claim_confirmations(array[sha256('x')])$q$, '42501', null, p_who || ': cannot claim a confirmation');
  return next throws_ok($q$select list.finish_confirmations(array[1::bigint], array[true])$q$, '42501', null, p_who || ': cannot finish a confirmation');
  return next throws_ok($q$select list.purge_pending()$q$, '42501', null, p_who || ': cannot purge');
  return next throws_ok($q$select public.admin_queue_newsletter('spring')$q$, '42501', null, p_who || ': cannot queue a newsletter');
  return next throws_ok($q$select public.admin_newsletter_stats()$q$, '42501', null, p_who || ': cannot read the newsletters'' figures');
  return next throws_ok($q$select public.admin_list_summary(current_date - 7, current_date)$q$, '42501', null, p_who || ': cannot read the list''s figures');
  return next throws_ok($q$select public.admin_import_subscribers('[{"email":"x@example.com","status":"confirmed","consented_at":"2025-01-01"}]')$q$, '42501', null, p_who || ': cannot import');
  return next throws_ok($q$select public.admin_erase_subscriber('pgtap-reader@example.com')$q$, '42501', null, p_who || ': cannot erase');
  return next throws_ok($q$select public.publish_consent_wordings(array['Forged.'])$q$, '42501', null, p_who || ': cannot publish a wording');
  return next is_empty($q$select * from public.email_captures$q$, p_who || ': reads no address');
end;
$$;
grant execute on function pg_temp.signed_in_refusals(text) to authenticated;
set local role authenticated;
select pg_temp.as_member();
select * from pg_temp.signed_in_refusals('member at aal2');
select pg_temp.as_admin_aal1();
select * from pg_temp.signed_in_refusals('admin at aal1');
reset role;

select is((select status from list.deliveries where newsletter = 'secret'), 'queued', 'nobody but the mailer touched the queued mail');
select is((select count(*)::int from list.tokens), 0, 'and nobody made a token');
select is((select count(*)::int from private.consent_wordings where wording = 'Forged.'), 0, 'nor a wording');
select is((select count(*)::int from public.email_captures where email = 'x@example.com'), 0, 'nor imported an address');
delete from list.deliveries;
delete from list.sends;
delete from public.email_captures;

-- 2. The capture: the same answer whatever the address's state -----------------------------------

insert into public.email_captures (email, status, consented_at) values
  ('pgtap-confirmed@example.com', 'confirmed', now() - interval '40 days'),
  ('pgtap-left@example.com', 'unsubscribed', now() - interval '40 days'),
  ('pgtap-bounced@example.com', 'bounced', now() - interval '40 days');
set local role anon;
select pg_temp.as_anon();
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-new@example.com', p_route => '/blog/a-post', p_form => 'email-capture', p_wording => '0123456789abcdef')$$),
  '{"body": null, "status": "200"}', 'a new address: 200, null');
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-new@example.com', p_route => '/blog/a-post', p_form => 'email-capture', p_wording => '0123456789abcdef')$$),
  '{"body": null, "status": "200"}', 'the same address, pending: the same answer');
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-confirmed@example.com', p_route => '/', p_form => 'email-capture', p_wording => '0123456789abcdef')$$),
  '{"body": null, "status": "200"}', 'a confirmed address: the same answer');
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-bounced@example.com', p_route => '/', p_form => 'email-capture', p_wording => '0123456789abcdef')$$),
  '{"body": null, "status": "200"}', 'a bounced address: the same answer');
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-left@example.com', p_route => '/pricing', p_form => 'footer-signup', p_wording => '0123456789abcdef')$$),
  '{"body": null, "status": "200"}', 'an unsubscribed address: the same answer');
-- Yesterday's page calls with the address alone (by name, as supabase-js does, or by position).
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-old-page@example.com')$$), '{"body": null, "status": "200"}', 'a call without the consent record still works');
select is(pg_temp.answer($$public.capture_starter_kit_email('pgtap-old-page-2@example.com', null)$$), '{"body": null, "status": "200"}', 'and by position');
select is(pg_temp.answer($$public.capture_starter_kit_email('not-an-address')$$) -> 'status', '"400"', 'an invalid address: 400');
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-x@example.com', p_route => 'https://evil.example/')$$) -> 'body' ->> 'message',
  'invalid consent record: p_route is not a path of this site', 'a route that is not a path: 400 naming it');
select is(pg_temp.answer($$public.capture_starter_kit_email(p_email => 'pgtap-x@example.com', p_wording => 'short')$$) -> 'status', '"400"', 'a wording that is not a version: 400');
select throws_ok($$select * from public.email_captures$$, '42501', null, 'anon still reads no address');
reset role;

select results_eq($$select status, consent_route, consent_form, consent_wording, consented_at is not null, confirm_due_at is not null from public.email_captures where email = 'pgtap-new@example.com'$$,
  $$values ('pending', '/blog/a-post', 'email-capture', '0123456789abcdef', true, true)$$, 'a new address is pending, with its consent record and a confirmation due');
select results_eq($$select status, consented_at < now() - interval '1 day', confirm_due_at is null from public.email_captures where email = 'pgtap-confirmed@example.com'$$,
  $$values ('confirmed', true, true)$$, 'a confirmed address is unchanged and gets no mail');
select results_eq($$select status, confirm_due_at is null from public.email_captures where email = 'pgtap-bounced@example.com'$$,
  $$values ('bounced', true)$$, 'a bounced address stays suppressed');
select results_eq($$select status, consent_route, consent_form, consented_at > now() - interval '1 minute', confirm_due_at is not null from public.email_captures where email = 'pgtap-left@example.com'$$,
  $$values ('pending', '/pricing', 'footer-signup', true, true)$$, 'an unsubscribed address that signs up again is pending again, with the consent given now');
select results_eq($$select status, consent_route, consent_form from public.email_captures where email = 'pgtap-old-page@example.com'$$,
  $$values ('pending', null::text, null::text)$$, 'yesterday''s page: pending, route and form unknown');
select is((select count(*)::int from public.email_captures where email = 'pgtap-x@example.com'), 0, 'a refused consent record stores nothing');
select is((select count(*)::int from information_schema.columns
    where table_schema = 'public' and table_name = 'email_captures' and column_name ~ '(^|_)(ip|agent|address)($|_)'), 0, 'no column for an IP address or a user agent');

-- 3. One confirmation per address per 24 hours ---------------------------------------------------

delete from public.email_captures where email <> 'pgtap-new@example.com';
set local role anon;
select pg_temp.as_anon();
select public.capture_starter_kit_email('pgtap-five@example.com') from generate_series(1, 5);
reset role;
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10), 2, 'five captures of one address and one of another: two confirmations');
select is((select count(*)::int from pg_temp.claims where email = 'pgtap-five@example.com'), 1, 'one for the address typed five times');
select is(pg_temp.claim_confirmations(10), 0, 'claimed again at once: none');
reset role;
set local role anon;
select pg_temp.as_anon();
select public.capture_starter_kit_email('pgtap-five@example.com') from generate_series(1, 3);
reset role;
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10), 0, 'typed again within 24 hours: no second mail');
reset role;
update public.email_captures set confirm_sent_at = now() - interval '25 hours' where email = 'pgtap-five@example.com';
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10), 0, '25 hours later nothing is sent unless the address is typed again');
reset role;
set local role anon;
select pg_temp.as_anon();
select public.capture_starter_kit_email('pgtap-five@example.com');
reset role;
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10), 1, 'typed again after 24 hours: one more mail');
reset role;

-- A confirmation whose send failed, or whose sender was killed, is sent again once its lease runs out.
set local role anon;
select pg_temp.as_anon();
select public.capture_starter_kit_email('pgtap-retry@example.com');
reset role;
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10, false), 1, 'a confirmation claimed, its send failed: not finished');
select is(pg_temp.claim_confirmations(10), 0, 'not claimed again while its lease runs');
reset role;
select results_eq($$select confirm_due_at is not null, confirm_sent_at is null from public.email_captures where email = 'pgtap-retry@example.com'$$,
  $$values (true, true)$$, 'still due, never marked sent');
update public.email_captures set confirm_lease_until = now() - interval '1 second' where email = 'pgtap-retry@example.com';
select set_config('pgtap.retry_id', id::text, true), set_config('pgtap.retry_due', confirm_due_at::text, true) from public.email_captures where email = 'pgtap-retry@example.com';
set local role service_role;
select pg_temp.as_service();
select results_eq($$select email, due_at = current_setting('pgtap.retry_due')::timestamptz from list.claim_confirmations(pg_temp.mint(10), 60)$$,
  $$values ('pgtap-retry@example.com', true)$$, 'its lease run out: claimed again, for the same request (due_at, the provider''s key)');
select is(list.finish_confirmations(array[current_setting('pgtap.retry_id')::bigint], array[true]), 1, 'sent this time');
select is(list.finish_confirmations(array[current_setting('pgtap.retry_id')::bigint], array[true]), 0, 'finishing it twice changes nothing');
reset role;
select results_eq($$select confirm_due_at is null, confirm_sent_at > now() - interval '1 minute', confirm_lease_until is null from public.email_captures where email = 'pgtap-retry@example.com'$$,
  $$values (true, true, true)$$, 'once sent: no longer due, sent now');
set local role anon;
select pg_temp.as_anon();
select public.capture_starter_kit_email('pgtap-refused@example.com');
reset role;
select set_config('pgtap.refused_id', id::text, true) from public.email_captures where email = 'pgtap-refused@example.com';
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10, false), 1, 'a confirmation the provider refuses for good');
select is(list.finish_confirmations(array[current_setting('pgtap.refused_id')::bigint], array[false]), 1, 'finished as refused');
select throws_ok($$select list.finish_confirmations(array[1::bigint, 2], array[true])$$, '22023', null, 'one answer per subscriber');
reset role;
select results_eq($$select confirm_due_at is null, confirm_sent_at is null from public.email_captures where email = 'pgtap-refused@example.com'$$,
  $$values (true, true)$$, 'refused: no longer due, and not counted as sent');
update public.email_captures set confirm_lease_until = now() - interval '1 second' where email = 'pgtap-refused@example.com';
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10), 0, 'nor claimed again after the lease');
reset role;

-- 4. Tokens are kept as hashes only ---------------------------------------------------------------

select columns_are('list', 'tokens', array['hash', 'purpose', 'subscriber_id', 'delivery_id', 'created_at', 'expires_at', 'used_at'], 'list.tokens: a hash, its purpose, whose, and its dates');
select col_type_is('list', 'tokens', 'hash', 'bytea', 'the hash is bytes');
select is((select count(*)::int from list.tokens t join pg_temp.tok k on k.hash = t.hash), (select count(*)::int from list.tokens), 'every token row is the sha256 of a token the mailer made');
select is((select count(*)::int from list.tokens where octet_length(hash) <> 32), 0, 'each hash is 32 bytes');
select is_empty(format('select * from pg_temp.tables_holding(%L)', pg_temp.link('pgtap-five@example.com', 'confirm')), 'no table holds the token itself');
select throws_ok($$insert into list.tokens (hash, purpose, subscriber_id, expires_at) select 'not a hash'::bytea, 'confirm', id, now() from public.email_captures limit 1$$,
  '23514', null, 'a row that is not a hash is refused');

-- 5. The confirm link: a GET changes nothing; only the button's POST confirms ---------------------

set local role anon;
select pg_temp.as_anon();
select is(pg_temp.answer(format('public.subscription_token(%L)', pg_temp.link('pgtap-five@example.com', 'confirm'))),
  '{"body": {"purpose": "confirm", "valid": true, "reason": null, "email_masked": "p•••@example.com", "status": "pending"}, "status": "200"}',
  'reading a confirm token: its purpose, valid, the masked address');
select is(pg_temp.answer($$public.subscription_token('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')$$) -> 'body',
  '{"purpose": null, "valid": false, "reason": "unknown", "email_masked": null, "status": null}', 'a forged token reads as unknown');
reset role;
select results_eq($$select s.status, bool_and(t.used_at is null) from public.email_captures s join list.tokens t on t.subscriber_id = s.id where s.email = 'pgtap-five@example.com' group by s.status$$,
  $$values ('pending', true)$$, 'reading it changed nothing: still pending, the token unused');

set local role anon;
select pg_temp.as_anon();
select is(pg_temp.answer($$public.confirm_subscription('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')$$) -> 'body' ->> 'code', 'token_unknown', 'a forged token: token_unknown');
select is(current_setting('response.status', true), '404', 'with 404');
select is(pg_temp.answer($$public.confirm_subscription('not a token')$$) -> 'status', '"404"', 'a malformed token: 404');
select is(pg_temp.answer(format('public.confirm_subscription(%L)', pg_temp.link('pgtap-five@example.com', 'confirm'))),
  '{"body": {"status": "confirmed"}, "status": "200"}', 'the button''s POST confirms');
select is(pg_temp.answer(format('public.confirm_subscription(%L)', pg_temp.link('pgtap-five@example.com', 'confirm'))) -> 'body' ->> 'code',
  'token_used', 'the same link again: token_used');
select is(current_setting('response.status', true), '410', 'with 410');
select is(pg_temp.answer(format('public.subscription_token(%L)', pg_temp.link('pgtap-five@example.com', 'confirm'))) -> 'body' ->> 'reason', 'used', 'and it reads as used');
reset role;
select results_eq($$select status, confirmed_at is not null from public.email_captures where email = 'pgtap-five@example.com'$$, $$values ('confirmed', true)$$, 'the address is confirmed');
select results_eq($$select d.newsletter, d.status from list.deliveries d join public.email_captures s on s.id = d.subscriber_id where s.email = 'pgtap-five@example.com'$$,
  $$values ('welcome', 'queued')$$, 'and its welcome mail is queued');

-- An expired link.
update list.tokens set expires_at = now() - interval '1 second', created_at = now() - interval '7 days 1 second'
where subscriber_id = (select id from public.email_captures where email = 'pgtap-new@example.com');
set local role anon;
select pg_temp.as_anon();
select is(pg_temp.answer(format('public.confirm_subscription(%L)', pg_temp.link('pgtap-new@example.com', 'confirm'))) -> 'body' ->> 'code', 'token_expired', 'an expired link: token_expired');
select is(current_setting('response.status', true), '410', 'with 410');
reset role;
select is(pg_temp.status_of('pgtap-new@example.com'), 'pending', 'and the address stays pending');

-- 6. Sending: one delivery per (newsletter, subscriber); the status read again at the claim -------

insert into public.email_captures (email, status, consented_at)
select format('pgtap-reader-%s@example.com', i), 'confirmed', now() - interval '3 days' from generate_series(1, 4) i;
set local role authenticated;
select pg_temp.as_admin();
select is(public.admin_queue_newsletter('spring', 'Spring', true), 5, 'the confirm dialog''s figure: every confirmed subscriber');
reset role;
select is((select count(*)::int from list.deliveries), 1, 'counting queued nothing');
set local role authenticated;
select is(public.admin_queue_newsletter('spring', 'Spring'), 5, 'a send queues one delivery per confirmed subscriber');
select is(public.admin_queue_newsletter('spring', 'Spring'), 0, 'a second send of the same newsletter queues nothing new');
select is(public.admin_queue_newsletter('spring', 'Spring', true), 0, 'and the dialog says so');
select throws_ok($$select public.admin_queue_newsletter('welcome')$$, '22023', null, 'the welcome mail is not the admin''s to send');
reset role;
select throws_ok($$insert into list.deliveries (newsletter, subscriber_id) select 'spring', id from public.email_captures where email = 'pgtap-reader-1@example.com'$$,
  '23505', null, 'a second delivery of one newsletter to one subscriber is refused by the table itself');

-- pgtap-reader-2 leaves before its turn, through the link of an earlier mail.
insert into list.sends (newsletter) values ('winter');
insert into list.deliveries (newsletter, subscriber_id, status, finished_at)
select 'winter', id, 'sent', now() - interval '30 days' from public.email_captures where email = 'pgtap-reader-2@example.com';
insert into pg_temp.tok values ('winterwinterwinterwinterwinterwinterwinterx', sha256(convert_to('winterwinterwinterwinterwinterwinterwinterx', 'UTF8')));
insert into list.tokens (hash, purpose, subscriber_id, delivery_id)
select sha256(convert_to('winterwinterwinterwinterwinterwinterwinterx', 'UTF8')), 'unsubscribe', d.subscriber_id, d.id from list.deliveries d where d.newsletter = 'winter';
set local role anon;
select pg_temp.as_anon();
select is(pg_temp.answer($$public.confirm_subscription('winterwinterwinterwinterwinterwinterwinterx')$$) -> 'body' ->> 'code', 'token_unknown',
  'an unsubscribe token does not confirm anything (404)');
select is(pg_temp.answer($$public.unsubscribe('winterwinterwinterwinterwinterwinterwinterx')$$), '{"body": {"status": "unsubscribed"}, "status": "200"}', 'the unsubscribe link: 200, unsubscribed');
select is(pg_temp.answer($$public.unsubscribe('winterwinterwinterwinterwinterwinterwinterx')$$), '{"body": {"status": "unsubscribed"}, "status": "200"}', 'twice: the same');
select is(pg_temp.answer($$public.unsubscribe('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')$$) -> 'status', '"404"', 'a forged one: 404');
reset role;
select is(pg_temp.status_of('pgtap-reader-2@example.com'), 'unsubscribed', 'pgtap-reader-2 left');
select is((select count(*)::int from public.email_captures where status = 'unsubscribed'), 1, 'and nobody else did');

set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_deliveries(3), 3, 'the sender takes three mails');
select is(pg_temp.claim_deliveries(10), 2, 'then the rest: spring to everyone still confirmed, not to the one who left');
select is(pg_temp.claim_deliveries(10), 0, 'nothing is left to take while the leases run');
reset role;
select set_eq($$select email from pg_temp.claims where kind = 'delivery' and newsletter = 'spring'$$,
  array['pgtap-five@example.com', 'pgtap-reader-1@example.com', 'pgtap-reader-3@example.com', 'pgtap-reader-4@example.com'], 'spring went to each confirmed reader once');
select results_eq($$select d.status from list.deliveries d join public.email_captures s on s.id = d.subscriber_id where s.email = 'pgtap-reader-2@example.com' and d.newsletter = 'spring'$$,
  $$values ('skipped')$$, 'the queued mail of the one who left is skipped: the status was read at the claim');
select is((select count(*)::int from list.tokens where purpose = 'unsubscribe' and delivery_id is not null), 6, 'each claimed mail has its own unsubscribe token (and winter''s)');

-- A sender killed mid-send: its claims are taken again once their lease runs out, and only those.
update list.deliveries set lease_until = now() - interval '1 second'
where id = (select delivery_id from pg_temp.claims where email = 'pgtap-reader-3@example.com' and newsletter = 'spring');
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_deliveries(10), 1, 'a claim whose sender died is taken again');
select is((select email from pg_temp.claims order by n desc limit 1), 'pgtap-reader-3@example.com', 'that one');
select is(list.finish_delivery((select delivery_id from pg_temp.claims order by n desc limit 1), 'sent', null, 'provider-3'), true, 'it is sent');
select is(list.finish_delivery((select delivery_id from pg_temp.claims order by n desc limit 1), 'sent', null, 'provider-3'), false, 'finishing it twice changes nothing');
select is((select count(*)::int from (select list.finish_delivery(delivery_id, 'sent', null, 'provider-' || delivery_id) as done from pg_temp.claims where kind = 'delivery' and email <> 'pgtap-reader-3@example.com') x where done), 4, 'the others are sent');
select is(pg_temp.claim_deliveries(10), 0, 'nothing is left to send');
reset role;
select results_eq($$select attempts, status from list.deliveries where id = (select delivery_id from pg_temp.claims where email = 'pgtap-reader-3@example.com' and newsletter = 'spring' limit 1)$$,
  $$values (2, 'sent')$$, 'claimed twice, sent once (its id is the provider''s idempotency key)');

-- One click from the mail, a bounce from the provider.
set local role anon;
select pg_temp.as_anon();
select is(pg_temp.answer(format('public.unsubscribe(%L)', pg_temp.link('pgtap-reader-1@example.com', 'spring'))) -> 'body', '{"status": "unsubscribed"}', 'one click from spring');
reset role;
set local role service_role;
select pg_temp.as_service();
select is(list.record_mail_event('PGTAP-Reader-4@example.com', 'bounced', 'provider-' || (select delivery_id from pg_temp.claims where email = 'pgtap-reader-4@example.com' and newsletter = 'spring' limit 1)), true, 'a hard bounce is recorded');
select is(list.record_mail_event('nobody@example.com', 'complained'), false, 'an event for an address not on the list changes nothing');
select throws_ok($$select list.record_mail_event('pgtap-reader-4@example.com', 'soft')$$, '22023', null, 'only hard bounces and complaints suppress');
reset role;
select is(pg_temp.status_of('pgtap-reader-4@example.com'), 'bounced', 'the bounced address is suppressed');
set local role authenticated;
select pg_temp.as_admin();
select is((select x - 'first_queued_at' - 'last_queued_at' from jsonb_array_elements(public.admin_newsletter_stats()) x where x ->> 'newsletter' = 'spring'),
  '{"newsletter": "spring", "subject": "Spring", "total": 5, "queued": 0, "sent": 4, "failed": 0, "bounced": 1, "complained": 0, "skipped": 1, "unsubscribed_after": 1}',
  'spring''s figures: 5 queued, 4 sent, 1 bounced, 1 skipped, 1 unsubscribed after');
select is(public.admin_list_summary(current_date - 1, current_date) -> 'counts',
  (select jsonb_build_object('pending', count(*) filter (where status = 'pending'), 'confirmed', count(*) filter (where status = 'confirmed'),
     'unsubscribed', count(*) filter (where status = 'unsubscribed'), 'bounced', count(*) filter (where status = 'bounced'), 'complained', 0) from public.email_captures),
  'the list screen counts every status');
reset role;

-- 7. Erasure: no trace of the address, the counts kept ------------------------------------------

set local role anon;
select pg_temp.as_anon();
select is(pg_temp.answer(format('public.unsubscribe(%L, true)', pg_temp.link('pgtap-reader-1@example.com', 'spring'))) -> 'body', '{"status": "erased"}', 'delete everything about me');
select is(pg_temp.answer(format('public.unsubscribe(%L)', pg_temp.link('pgtap-reader-1@example.com', 'spring'))) -> 'status', '"404"', 'its link is gone with it');
reset role;
select is_empty($$select * from pg_temp.tables_holding('pgtap-reader-1@example.com')$$, 'no table holds the erased address');
select is((select count(*)::int from list.deliveries where newsletter = 'spring'), 5, 'its deliveries stay, for the counts');
select is((select count(*)::int from list.deliveries where newsletter = 'spring' and subscriber_id is null and provider_id is null and error is null), 1, 'one of them without anyone');
set local role authenticated;
select pg_temp.as_admin();
select is((select (x ->> 'unsubscribed_after')::int from jsonb_array_elements(public.admin_newsletter_stats()) x where x ->> 'newsletter' = 'spring'), 1, 'unsubscribed after still counts it');
select is(public.admin_erase_subscriber('PGTAP-Reader-4@example.com'), true, 'the admin erases an address');
select is(public.admin_erase_subscriber('pgtap-reader-4@example.com'), false, 'once');
reset role;
select is_empty($$select * from pg_temp.tables_holding('pgtap-reader-4@example.com')$$, 'no table holds the address the admin erased');

-- 8. Pending addresses go after 30 days ----------------------------------------------------------

insert into public.email_captures (email, status, status_changed_at, consented_at, created_at) values
  ('pgtap-pending-31@example.com', 'pending', now() - interval '31 days', now() - interval '31 days', now() - interval '31 days'),
  ('pgtap-pending-29@example.com', 'pending', now() - interval '29 days', now() - interval '29 days', now() - interval '29 days'),
  ('pgtap-confirmed-400@example.com', 'confirmed', now() - interval '400 days', now() - interval '400 days', now() - interval '400 days'),
  ('pgtap-left-400@example.com', 'unsubscribed', now() - interval '400 days', now() - interval '400 days', now() - interval '400 days');
insert into list.tokens (hash, purpose, subscriber_id, expires_at, created_at)
select sha256(convert_to('old pending', 'UTF8')), 'confirm', id, now() - interval '24 days', now() - interval '31 days' from public.email_captures where email = 'pgtap-pending-31@example.com';
set local role service_role;
select pg_temp.as_service();
select is(list.purge_pending(), 1, 'the purge deletes one address');
reset role;
select is_empty($$select email from public.email_captures where email = 'pgtap-pending-31@example.com'$$, 'the one pending for 31 days');
select is((select count(*)::int from list.tokens where hash = sha256(convert_to('old pending', 'UTF8'))), 0, 'with its token');
select set_eq($$select email::text from public.email_captures where email like 'pgtap-%-4__@example.com' or email like 'pgtap-pending-%'$$,
  array['pgtap-pending-29@example.com', 'pgtap-confirmed-400@example.com', 'pgtap-left-400@example.com'], 'pending for 29 days, confirmed or unsubscribed long ago: kept');

-- 9. An import never confirms --------------------------------------------------------------------

set local role authenticated;
select pg_temp.as_admin();
select is(public.admin_import_subscribers($$[
    {"email": "pgtap-imp-1@example.com", "status": "confirmed"},
    {"email": "pgtap-imp-2@example.com", "status": "confirmed", "consented_at": "2025-03-01T10:00:00Z", "consent_route": "https://old.example/signup"},
    {"email": "pgtap-imp-3@example.com"},
    {"email": "pgtap-imp-4@example.com", "status": "unsubscribed", "consented_at": "2025-03-01"},
    {"email": "pgtap-pending-29@example.com", "status": "confirmed", "consented_at": "2025-03-01"},
    {"email": "pgtap-five@example.com", "status": "unsubscribed"},
    {"email": "not-an-address"},
    {"email": "pgtap-imp-5@example.com", "status": "vip"},
    {"email": "pgtap-imp-6@example.com", "consented_at": "2999-01-01"},
    {"email": "pgtap-imp-7@example.com", "consented_at": "yesterday-ish"}
  ]$$::jsonb) - 'refusals',
  '{"rows": 10, "inserted": 4, "pending": 2, "existing": 1, "suppressed": 1, "refused": 4}', 'the import''s figures');
select is((select jsonb_agg(x -> 'row' order by (x ->> 'row')::int) from jsonb_array_elements(public.admin_import_subscribers($$[{"email": "pgtap-imp-1@example.com"}, {"email": "bad"}, {"email": "pgtap-imp-8@example.com", "status": "vip"}]$$) -> 'refusals') x),
  '[2, 3]', 'each refused row is named by its position');
reset role;
select results_eq($$select email::text, status, source, confirm_due_at is not null from public.email_captures where email like 'pgtap-imp-%' order by email$$,
  $$values ('pgtap-imp-1@example.com', 'pending', 'import', true), ('pgtap-imp-2@example.com', 'confirmed', 'import', false),
           ('pgtap-imp-3@example.com', 'pending', 'import', true), ('pgtap-imp-4@example.com', 'unsubscribed', 'import', false)$$,
  'a row without a consent date is pending and asked, never confirmed; one with a date keeps its status');
select is(pg_temp.status_of('pgtap-pending-29@example.com'), 'pending', 'an import does not confirm an address already on the list');
select is(pg_temp.status_of('pgtap-five@example.com'), 'unsubscribed', 'but may suppress one');
select is((select count(*)::int from public.email_captures where status = 'confirmed' and consented_at is null), 0, 'nobody is confirmed without a consent date');
select throws_ok($$update public.email_captures set status = 'confirmed', consented_at = null where email = 'pgtap-imp-1@example.com'$$, '23514', null, 'the table itself refuses it');
set local role service_role;
select pg_temp.as_service();
select is(pg_temp.claim_confirmations(10), 2, 'the two imported pending addresses get their confirmation');
reset role;

-- 10. The wordings --------------------------------------------------------------------------------

select set_config('request.jwt.claims', '', true);

select is(public.publish_consent_wordings(array['No spam, ever. Unsubscribe at any time.']),
  array[left(encode(sha256(convert_to('No spam, ever. Unsubscribe at any time.', 'UTF8')), 'hex'), 16)], 'a wording''s version is the first 16 hex digits of its sha256');
select is((select wording from private.consent_wordings where version = left(encode(sha256(convert_to('No spam, ever. Unsubscribe at any time.', 'UTF8')), 'hex'), 16)),
  'No spam, ever. Unsubscribe at any time.', 'its text is kept once');
select throws_ok($$insert into private.consent_wordings (version, wording) values ('0123456789abcdef', 'Another text')$$, '23514', null, 'a version that is not its text''s digest is refused');

select * from finish();
rollback;
