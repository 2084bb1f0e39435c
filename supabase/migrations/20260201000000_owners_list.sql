-- The owner's own list (issue 51; the contract all parts share is model/list/README.md).
--
-- 1. Subscribers stay rows of public.email_captures, now with a status (pending, confirmed,
--    unsubscribed, bounced, complained), a consent record (when, which page, which form, which
--    version of the privacy wording; never an IP address or a user agent) and the confirmation's
--    bookkeeping. A capture is pending until its owner presses Confirm; the mailer sends at most one
--    confirmation per address per 24 hours, however often the address is typed.
-- 2. private.consent_wordings keeps each wording's text once, under its version (the first 16 hex
--    digits of its sha256), which is all a subscriber's row records.
-- 3. Tokens (list.tokens): 32 random bytes made by the mailer, base64url; the database keeps only
--    sha256 of the token's 43 characters, and its purpose. Confirm tokens last 7 days and work once;
--    an unsubscribe token belongs to one delivery and never expires.
-- 4. The queue (list.deliveries): one mail of one newsletter to one subscriber, unique per pair. A
--    sender claims deliveries with a lease (a killed sender's claims are taken again when it runs
--    out) and the subscriber's status is read again at each claim, so an unsubscribe stops even a
--    queued mail. Erasing an address keeps its deliveries, without the address, so the counts stay.
-- 5. Pending addresses are deleted 30 days after they became pending (list.purge_pending: pg_cron
--    when the extension exists, the stand-in at start).
--
-- Who calls what: visitors (anon) the capture and the three token functions; the mailer (service
-- role) the list.* functions; admins at aal2 the admin_* functions (security definer, each checks the
-- claims itself, as public.reopen_site_limit does, and raises 42501 for anyone else).

-- 1. Subscribers ----------------------------------------------------------------------------------

alter table public.email_captures
  add column status text not null default 'pending',
  -- When the status last changed (or a pending address was given again): a pending address is
  -- deleted 30 days after it. Existing rows take the time of this migration, so they have 30 days.
  add column status_changed_at timestamptz not null default now(),
  add column consented_at timestamptz,
  add column consent_route text,
  add column consent_form text,
  add column consent_wording text,
  -- A confirmation is asked for since then: it stays due until the mailer finishes it (sent, which
  -- sets confirm_sent_at, or refused for good). A mailer's claim holds it until confirm_lease_until,
  -- so a send that failed, or a sender killed before it finished, is claimed again after the lease.
  add column confirm_due_at timestamptz,
  add column confirm_lease_until timestamptz,
  add column confirm_sent_at timestamptz,
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz;

-- Every address captured before today was taken without proof that its owner gave it: pending, with
-- the consent record it has (when), and one confirmation due. That mail also carries the starter kit
-- they asked for and never received by mail; whoever does not confirm is deleted in 30 days.
update public.email_captures set consented_at = created_at, confirm_due_at = now();

alter table public.email_captures
  drop constraint email_captures_source_check,
  add constraint email_captures_source_check check (source in ('starter_kit', 'import')),
  add constraint email_captures_status_check check (status in ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained')),
  -- Nobody is confirmed without a consent record, whatever the import said.
  add constraint email_captures_confirmed_consent check (status <> 'confirmed' or consented_at is not null),
  -- A form's route is a path of the site; an import's may be another tool's words: short, one line.
  add constraint email_captures_consent_route_check check (char_length(consent_route) <= 500 and consent_route !~ '[[:cntrl:]]'),
  add constraint email_captures_consent_form_check check (char_length(consent_form) <= 200 and consent_form !~ '[[:cntrl:]]'),
  add constraint email_captures_consent_wording_check check (consent_wording ~ '^[0-9a-f]{16}$');

create index email_captures_confirm_due_idx on public.email_captures (confirm_due_at, id) where confirm_due_at is not null;
create index email_captures_pending_idx on public.email_captures (status_changed_at) where status = 'pending';

comment on table public.email_captures is 'The owner''s list: one row per address, its status and consent record (issue 51, model/list/README.md). Written by capture_starter_kit_email, the token functions, the mailer''s list.* functions and the admin_* functions; read by admins at aal2.';
comment on column public.email_captures.status is 'pending (until its owner confirms), confirmed (receives newsletters), unsubscribed, bounced or complained (both suppressed).';
comment on column public.email_captures.consent_wording is 'The version of the privacy wording the form showed: the first 16 hex digits of the sha256 of its text, kept in private.consent_wordings.';

-- 2. The privacy wordings forms show --------------------------------------------------------------

create table private.consent_wordings (
  version text primary key check (version ~ '^[0-9a-f]{16}$'),
  wording text not null check (char_length(wording) between 1 and 4000),
  first_published_at timestamptz not null default now(),
  constraint consent_wordings_version_is_digest check (version = left(encode(sha256(convert_to(wording, 'UTF8')), 'hex'), 16))
);
comment on table private.consent_wordings is 'Each privacy wording a form showed, once, under its version (the first 16 hex digits of sha256 of its UTF-8 text). Written by public.publish_consent_wordings.';

-- 3 and 4. The list's own schema: sends, deliveries, tokens ---------------------------------------

create schema list;
revoke all on schema list from public;
grant usage on schema list to service_role;
comment on schema list is 'The owner''s list (issue 51): newsletters sent, their deliveries and the subscribers'' tokens. Only the service role (the mailer) calls its functions; admins read it through public.admin_* functions.';

create table list.sends (
  newsletter text primary key check (newsletter ~ '^[a-z0-9][a-z0-9-]*$' and char_length(newsletter) <= 64),
  subject text check (char_length(subject) <= 300),
  first_queued_at timestamptz not null default now(),
  last_queued_at timestamptz not null default now()
);
comment on table list.sends is 'Each newsletter queued at least once (and welcome, the mail a confirmation queues): its subject as the admin sent it and when.';

create table list.deliveries (
  id bigint generated always as identity primary key,
  newsletter text not null references list.sends (newsletter),
  -- Null once the subscriber is erased: the delivery and its counts stay, the address goes.
  subscriber_id bigint references public.email_captures (id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'skipped', 'bounced', 'complained')),
  queued_at timestamptz not null default now(),
  claimed_at timestamptz,
  lease_until timestamptz,
  attempts integer not null default 0,
  finished_at timestamptz,
  -- When the subscriber left through this delivery's unsubscribe token: "unsubscribed after".
  unsubscribed_at timestamptz,
  provider_id text check (char_length(provider_id) <= 200),
  error text check (char_length(error) <= 1000),
  constraint deliveries_newsletter_subscriber_key unique (newsletter, subscriber_id),
  constraint deliveries_lease check ((status = 'sending') = (lease_until is not null))
);
comment on table list.deliveries is 'One mail of one newsletter to one subscriber, unique per pair: queued, sending (claimed until lease_until), then sent, failed, skipped (the subscriber was no longer confirmed at the claim), bounced or complained.';
create index deliveries_claim_idx on list.deliveries (id) where status in ('queued', 'sending');
create index deliveries_subscriber_idx on list.deliveries (subscriber_id);
create index deliveries_provider_idx on list.deliveries (provider_id) where provider_id is not null;

create table list.tokens (
  -- sha256 of the token's 43 characters; the token itself is only ever in the mail.
  hash bytea primary key check (octet_length(hash) = 32),
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  subscriber_id bigint not null references public.email_captures (id) on delete cascade,
  delivery_id bigint references list.deliveries (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  used_at timestamptz,
  -- A confirm token expires and belongs to no delivery; an unsubscribe token never expires.
  constraint tokens_purpose_shape check (case purpose when 'confirm' then expires_at is not null and delivery_id is null else expires_at is null end)
);
comment on table list.tokens is 'The hashes (sha256) of the tokens in mails, never the tokens: confirm (7 days, once) or unsubscribe (one delivery''s, never expires).';
create index tokens_subscriber_idx on list.tokens (subscriber_id);
create index tokens_delivery_idx on list.tokens (delivery_id) where delivery_id is not null;

-- Nobody reads these tables through the API: the functions below are the only way in.
alter table list.sends enable row level security;
alter table list.deliveries enable row level security;
alter table list.tokens enable row level security;
revoke all on table list.sends, list.deliveries, list.tokens from public, anon, authenticated, service_role;

-- Helpers ------------------------------------------------------------------------------------------

-- The hash a presented token is looked up by; null for anything that is not 43 base64url characters.
create function private.token_hash(p_token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select case when p_token ~ '^[A-Za-z0-9_-]{43}$' then sha256(convert_to(p_token, 'UTF8')) end
$$;
comment on function private.token_hash(text) is 'sha256 of a token''s 43 base64url characters (UTF-8), as the mailer hashes it; null for anything else.';
revoke all on function private.token_hash(text) from public;

-- An address as the confirm and unsubscribe pages show it: enough to recognise, not to harvest.
create function private.mask_email(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(split_part(p_email, '@', 1), 1) || '•••@' || split_part(p_email, '@', 2)
$$;
revoke all on function private.mask_email(text) from public;

-- The admin functions' door, as public.reopen_site_limit's: an admin, at aal2, in a live session.
create function private.require_list_admin(p_doing text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
     or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
     or not rls.session_is_live() then
    raise exception 'only an admin signed in with a second factor may %', p_doing using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_list_admin(text) from public;

-- Every trace of one subscriber: the row (its consent record), its tokens (cascade); its deliveries
-- stay for the counts, without the address and without what the provider said about it.
create function private.erase_subscriber(p_id bigint)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update list.deliveries set error = null, provider_id = null where subscriber_id = p_id;
  delete from public.email_captures where id = p_id;
  return found;
end;
$$;
revoke all on function private.erase_subscriber(bigint) from public;

-- The wordings ------------------------------------------------------------------------------------

create function public.publish_consent_wordings(p_wordings text[])
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Through the API only an admin at aal2 or the service role; the stand-in's start and psql have no claims.
  if (select auth.jwt()) ->> 'role' is not null and (select auth.jwt()) ->> 'role' <> 'service_role' then
    perform private.require_list_admin('publish consent wordings');
  end if;
  begin
    insert into private.consent_wordings (version, wording)
    select left(encode(sha256(convert_to(w, 'UTF8')), 'hex'), 16), w from unnest(p_wordings) w
    on conflict (version) do nothing;
  exception when check_violation or not_null_violation then
    raise exception 'invalid wording: each is 1 to 4000 characters' using errcode = '22023';
  end;
  return array(select left(encode(sha256(convert_to(w, 'UTF8')), 'hex'), 16) from unnest(p_wordings) with ordinality u(w, i) order by i);
end;
$$;
comment on function public.publish_consent_wordings(text[]) is 'Stores the privacy wordings the site''s forms show, each once; returns their versions (first 16 hex digits of sha256), in order. Admins at aal2 and the service role through the API; the stand-in at start.';
revoke all on function public.publish_consent_wordings(text[]) from public, anon, authenticated, service_role;
grant execute on function public.publish_consent_wordings(text[]) to authenticated, service_role;

-- Visitors ----------------------------------------------------------------------------------------

-- The capture takes the consent record as last, optional arguments: supabase-js and PostgREST call by
-- name, so a call of yesterday's page (p_email, p_altcha) still works, with an unknown route and form.
drop function public.capture_starter_kit_email(text, text);
create function public.capture_starter_kit_email(
  p_email text,
  p_altcha text default null,
  p_route text default null,
  p_form text default null,
  p_wording text default null
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_refused json := private.count_form('email_captures', p_altcha);
  v_due timestamptz;
begin
  if v_refused is not null then
    return v_refused;
  end if;
  if p_route is not null and (char_length(p_route) > 200 or p_route !~ '^/[A-Za-z0-9/._~%-]*$') then
    return private.refusal(400, '22023', 'invalid consent record: p_route is not a path of this site', 'Send the page''s path, like /blog/a-post.');
  end if;
  if p_form is not null and (char_length(p_form) > 64 or p_form !~ '^[a-z0-9][a-z0-9_-]*$') then
    return private.refusal(400, '22023', 'invalid consent record: p_form is not a block id', 'Send the form''s block id, or email-capture.');
  end if;
  if p_wording is not null and p_wording !~ '^[0-9a-f]{16}$' then
    return private.refusal(400, '22023', 'invalid consent record: p_wording is not 16 hex digits', 'Send the first 16 hex digits of the sha256 of the privacy wording the form shows.');
  end if;
  -- A sub-block: a refused insert rolls back only itself, never the count above.
  begin
    -- New: pending, with its consent record, a confirmation due. Pending or unsubscribed: pending
    -- with the consent given now. Confirmed, bounced, complained: unchanged. Whichever, the answer
    -- is the same (null): the form tells nobody whether an address is on the list.
    insert into public.email_captures as c
      (email, source, status, status_changed_at, consented_at, consent_route, consent_form, consent_wording, confirm_due_at)
    values (lower(btrim(p_email)), 'starter_kit', 'pending', now(), now(), p_route, p_form, p_wording, now())
    on conflict (email) do update set
      status = 'pending',
      status_changed_at = now(),
      consented_at = now(),
      consent_route = excluded.consent_route,
      consent_form = excluded.consent_form,
      consent_wording = excluded.consent_wording,
      -- At most one confirmation per address per 24 hours, however often it is typed.
      confirm_due_at = case when c.confirm_sent_at is null or c.confirm_sent_at <= now() - interval '24 hours'
                            then coalesce(c.confirm_due_at, now()) else c.confirm_due_at end
    where c.status in ('pending', 'unsubscribed')
    returning c.confirm_due_at into v_due;
  exception when check_violation or not_null_violation then
    -- The table's own checks decide what a valid address is; the answer names neither the
    -- constraint nor the row.
    return private.refusal(400, '22023', 'invalid email address', 'Give an address like name@example.com, at most 254 characters.');
  end;
  if v_due is not null then
    -- Wakes a mailer listening (delivered at commit; names nobody).
    perform pg_notify('list_mail', 'confirmations');
  end if;
  return null;
end;
$$;
comment on function public.capture_starter_kit_email(text, text, text, text, text) is 'Adds an address to the list as pending with its consent record (p_route, p_form, p_wording) and asks for a confirmation mail, at most one per address per 24 hours; null whatever the address''s state; 400 (22023) on an invalid address or consent record; 429 past the hourly budgets in private.hourly_limits, or past the site-wide breaker without a solved challenge (p_altcha; the 429 carries a new one in details). Every attempt counts.';
revoke all on function public.capture_starter_kit_email(text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.capture_starter_kit_email(text, text, text, text, text) to anon, authenticated;

create function public.subscription_token(p_token text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v record;
  v_reason text;
begin
  select t.purpose, t.expires_at, t.used_at, s.email, s.status into v
  from list.tokens t join public.email_captures s on s.id = t.subscriber_id
  where t.hash = private.token_hash(p_token);
  if not found then
    return json_build_object('purpose', null, 'valid', false, 'reason', 'unknown', 'email_masked', null, 'status', null);
  end if;
  v_reason := case
    when v.status in ('bounced', 'complained') then 'suppressed'
    when v.purpose = 'confirm' and v.used_at is not null then 'used'
    when v.purpose = 'confirm' and v.expires_at <= now() then 'expired'
  end;
  return json_build_object('purpose', v.purpose, 'valid', v_reason is null, 'reason', v_reason,
    'email_masked', private.mask_email(v.email), 'status', v.status);
end;
$$;
comment on function public.subscription_token(text) is 'What a token in a mail is, changing nothing (a GET of the confirm or unsubscribe page): {purpose, valid, reason (unknown, used, expired, suppressed; null when valid), email_masked, status}.';
revoke all on function public.subscription_token(text) from public, anon, authenticated, service_role;
grant execute on function public.subscription_token(text) to anon, authenticated;

create function public.confirm_subscription(p_token text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v record;
begin
  select t.hash, t.expires_at, t.used_at, s.id, s.status into v
  from list.tokens t join public.email_captures s on s.id = t.subscriber_id
  where t.hash = private.token_hash(p_token) and t.purpose = 'confirm'
  for update;
  if not found then
    return private.refusal(404, 'token_unknown', 'this confirmation link is not one we sent', 'Sign up again with the form to get a new link.');
  end if;
  if v.used_at is not null then
    return private.refusal(410, 'token_used', 'this confirmation link was already used', 'If you did not confirm, sign up again with the form to get a new link.');
  end if;
  if v.expires_at <= now() then
    return private.refusal(410, 'token_expired', 'this confirmation link has expired', 'Sign up again with the form to get a new link.');
  end if;
  if v.status in ('bounced', 'complained') then
    return private.refusal(410, 'address_suppressed', 'this address no longer receives our mail', 'Write to us through the contact form to be added again.');
  end if;
  update list.tokens set used_at = now() where hash = v.hash;
  update public.email_captures
  set status = 'confirmed', confirmed_at = now(), status_changed_at = now(), confirm_due_at = null
  where id = v.id and status <> 'confirmed';
  -- The welcome mail: a delivery of the newsletter `welcome`, once per subscriber.
  insert into list.sends (newsletter) values ('welcome') on conflict (newsletter) do nothing;
  insert into list.deliveries (newsletter, subscriber_id) values ('welcome', v.id) on conflict (newsletter, subscriber_id) do nothing;
  perform pg_notify('list_mail', 'deliveries');
  return json_build_object('status', 'confirmed');
end;
$$;
comment on function public.confirm_subscription(text) is 'The Confirm button''s POST: a valid confirm token makes its address confirmed, is used, and queues the welcome mail. {status: confirmed}; 404 token_unknown (forged, or another purpose''s), 410 token_used, token_expired or address_suppressed.';
revoke all on function public.confirm_subscription(text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_subscription(text) to anon, authenticated;

create function public.unsubscribe(p_token text, p_erase boolean default false)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v record;
begin
  -- Any token we sent, used or expired: leaving never needs a fresh link.
  select t.subscriber_id, t.delivery_id into v from list.tokens t where t.hash = private.token_hash(p_token);
  if not found then
    return private.refusal(404, 'token_unknown', 'this link is not one we sent', 'Use the link at the bottom of one of our mails.');
  end if;
  if coalesce(p_erase, false) then
    perform private.erase_subscriber(v.subscriber_id);
    return json_build_object('status', 'erased');
  end if;
  update public.email_captures
  set status = 'unsubscribed', unsubscribed_at = now(), status_changed_at = now(), confirm_due_at = null
  where id = v.subscriber_id and status in ('pending', 'confirmed');
  if v.delivery_id is not null then
    update list.deliveries set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = v.delivery_id;
  end if;
  return json_build_object('status', 'unsubscribed');
end;
$$;
comment on function public.unsubscribe(text, boolean) is 'Leaves the list at once with any token we sent (unsubscribe or confirm, used or not): {status: unsubscribed}; with p_erase, deletes the address, its consent record and tokens, its deliveries kept without it: {status: erased}. 404 token_unknown for a forged token.';
revoke all on function public.unsubscribe(text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe(text, boolean) to anon, authenticated;

-- The mailer (service role) -----------------------------------------------------------------------

create function list.claim_confirmations(p_hashes bytea[], p_lease_seconds integer default 120)
returns table (subscriber_id bigint, email text, token_hash bytea, due_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_hashes bytea[] := array(select unnest(p_hashes));
  v_taken integer := 0;
  r record;
begin
  if exists (select 1 from unnest(v_hashes) h where h is null or octet_length(h) <> 32) then
    raise exception 'invalid hashes: each is the 32 bytes of a token''s sha256' using errcode = '22023';
  end if;
  if p_lease_seconds is null or p_lease_seconds not between 1 and 86400 then
    raise exception 'invalid lease: p_lease_seconds is 1 to 86400' using errcode = '22023';
  end if;
  for r in
    select s.id, s.email::text as email, s.confirm_due_at from public.email_captures s
    where s.confirm_due_at is not null and s.status = 'pending'
      and (s.confirm_sent_at is null or s.confirm_sent_at <= now() - interval '24 hours')
      and (s.confirm_lease_until is null or s.confirm_lease_until < now())
    order by s.confirm_due_at, s.id
    limit cardinality(v_hashes)
    for update skip locked
  loop
    v_taken := v_taken + 1;
    update public.email_captures set confirm_lease_until = now() + make_interval(secs => p_lease_seconds) where id = r.id;
    -- A confirmation claimed again (its send failed, or its sender died) gets one more token: the
    -- first mail may have left, and its link keeps working.
    insert into list.tokens (hash, purpose, subscriber_id, expires_at) values (v_hashes[v_taken], 'confirm', r.id, now() + interval '7 days');
    subscriber_id := r.id;
    email := r.email;
    token_hash := v_hashes[v_taken];
    due_at := r.confirm_due_at;
    return next;
  end loop;
end;
$$;
comment on function list.claim_confirmations(bytea[], integer) is 'The mailer takes up to one subscriber per hash whose confirmation is due (none sent to it in the last 24 hours, nor claimed by a sender whose lease runs), for p_lease_seconds, and gives each a hash as its confirm token (7 days). due_at, the time the confirmation was asked for, is the same each time one request is claimed: with the subscriber''s id it names the mail to the provider (its idempotency key). list.finish_confirmations marks it sent. Service role only.';

create function list.finish_confirmations(p_subscriber_ids bigint[], p_sent boolean[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_done integer;
begin
  if p_subscriber_ids is null or p_sent is null or cardinality(p_subscriber_ids) <> cardinality(p_sent) or array_position(p_sent, null) is not null then
    raise exception 'invalid finish: one true (sent) or false (refused for good) per subscriber id' using errcode = '22023';
  end if;
  -- Sent: no other confirmation for 24 hours. Refused for good (an address the provider will never
  -- take): nothing more is asked until the address is typed again.
  update public.email_captures s
  set confirm_sent_at = case when f.sent then now() else s.confirm_sent_at end, confirm_due_at = null, confirm_lease_until = null
  from unnest(p_subscriber_ids, p_sent) as f(id, sent)
  where s.id = f.id and s.confirm_lease_until is not null;
  get diagnostics v_done = row_count;
  return v_done;
end;
$$;
comment on function list.finish_confirmations(bigint[], boolean[]) is 'The mailer''s claimed confirmations, each sent (true) or refused for good (false), in one statement; returns how many were claimed. A passing failure is not finished: the lease runs out and the confirmation is claimed again. Service role only.';

create function list.claim_deliveries(p_hashes bytea[], p_lease_seconds integer default 300)
returns table (delivery_id bigint, newsletter text, email text, subscriber_id bigint, token_hash bytea)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_hashes bytea[] := array(select unnest(p_hashes));
  v_taken integer := 0;
  v_seen integer;
  r record;
begin
  if exists (select 1 from unnest(v_hashes) h where h is null or octet_length(h) <> 32) then
    raise exception 'invalid hashes: each is the 32 bytes of a token''s sha256' using errcode = '22023';
  end if;
  if p_lease_seconds is null or p_lease_seconds not between 1 and 86400 then
    raise exception 'invalid lease: p_lease_seconds is 1 to 86400' using errcode = '22023';
  end if;
  -- Until every hash has a mail or nothing is left: skipped deliveries do not end a batch early.
  loop
    exit when v_taken >= cardinality(v_hashes);
    v_seen := 0;
    for r in
      select d.id, d.newsletter, d.subscriber_id, s.email::text as email, s.status
      from list.deliveries d left join public.email_captures s on s.id = d.subscriber_id
      where d.status = 'queued' or (d.status = 'sending' and d.lease_until < now())
      order by d.id
      limit cardinality(v_hashes) - v_taken
      for update of d skip locked
    loop
      v_seen := v_seen + 1;
      -- The status now, not when the newsletter was queued: an unsubscribe stops a queued mail.
      if r.status is distinct from 'confirmed' then
        update list.deliveries set status = 'skipped', lease_until = null, finished_at = now() where id = r.id;
        continue;
      end if;
      v_taken := v_taken + 1;
      update list.deliveries
      set status = 'sending', claimed_at = now(), lease_until = now() + make_interval(secs => p_lease_seconds), attempts = attempts + 1
      where id = r.id;
      -- A delivery claimed again (its sender died) gets one more token: the first mail may have left.
      insert into list.tokens (hash, purpose, subscriber_id, delivery_id) values (v_hashes[v_taken], 'unsubscribe', r.subscriber_id, r.id);
      delivery_id := r.id;
      newsletter := r.newsletter;
      email := r.email;
      subscriber_id := r.subscriber_id;
      token_hash := v_hashes[v_taken];
      return next;
    end loop;
    exit when v_seen = 0;
  end loop;
end;
$$;
comment on function list.claim_deliveries(bytea[], integer) is 'The mailer takes up to one queued delivery per hash (and those whose lease ran out: a killed sender''s), oldest first, for p_lease_seconds; a subscriber no longer confirmed is skipped; each mail gets a hash as its unsubscribe token. The delivery''s id is the provider''s idempotency key. Service role only.';

create function list.finish_delivery(p_id bigint, p_status text, p_error text default null, p_provider_id text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_status is null or p_status not in ('sent', 'failed') then
    raise exception 'invalid status: p_status is sent or failed' using errcode = '22023';
  end if;
  update list.deliveries
  set status = p_status, lease_until = null, finished_at = now(), error = left(p_error, 1000), provider_id = left(p_provider_id, 200)
  where id = p_id and status = 'sending';
  return found;
end;
$$;
comment on function list.finish_delivery(bigint, text, text, text) is 'A claimed delivery is sent (the provider took it) or failed for good; false when it was not being sent. A passing failure is not finished: its lease runs out and it is claimed again. Service role only.';

create function list.record_mail_event(p_email text, p_kind text, p_provider_id text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_known boolean;
begin
  if p_kind is null or p_kind not in ('bounced', 'complained') then
    raise exception 'invalid event: p_kind is bounced (a hard bounce) or complained' using errcode = '22023';
  end if;
  update public.email_captures
  set status = p_kind, status_changed_at = now(), confirm_due_at = null
  where email = lower(btrim(p_email)) and status in ('pending', 'confirmed', 'unsubscribed');
  v_known := exists (select 1 from public.email_captures where email = lower(btrim(p_email)));
  if p_provider_id is not null then
    update list.deliveries set status = p_kind, lease_until = null where provider_id = p_provider_id and status in ('sent', 'sending');
  end if;
  return v_known;
end;
$$;
comment on function list.record_mail_event(text, text, text) is 'A hard bounce or a complaint from the provider''s verified webhook: the address is suppressed (bounced or complained) and the delivery with that provider id marked. True when the address is on the list. Service role only.';

create function list.purge_pending()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_purged integer;
begin
  delete from public.email_captures where status = 'pending' and status_changed_at < now() - interval '30 days';
  get diagnostics v_purged = row_count;
  -- Confirm tokens a month past their end answer 404 instead of 410; nothing else is lost.
  delete from list.tokens where purpose = 'confirm' and expires_at < now() - interval '30 days';
  return v_purged;
end;
$$;
comment on function list.purge_pending() is 'Deletes addresses pending for more than 30 days (never confirmed), and confirm tokens 30 days past their end. Daily: pg_cron on a hosted project, the stand-in at start. Service role, cron and psql.';

revoke all on function list.claim_confirmations(bytea[], integer), list.finish_confirmations(bigint[], boolean[]), list.claim_deliveries(bytea[], integer),
  list.finish_delivery(bigint, text, text, text), list.record_mail_event(text, text, text), list.purge_pending()
  from public, anon, authenticated;
grant execute on function list.claim_confirmations(bytea[], integer), list.finish_confirmations(bigint[], boolean[]), list.claim_deliveries(bytea[], integer),
  list.finish_delivery(bigint, text, text, text), list.record_mail_event(text, text, text), list.purge_pending()
  to service_role;

-- The admin (aal2) --------------------------------------------------------------------------------

create function public.admin_queue_newsletter(p_newsletter text, p_subject text default null, p_dry_run boolean default false)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_queued integer;
begin
  perform private.require_list_admin('send a newsletter');
  if p_newsletter is null or p_newsletter !~ '^[a-z0-9][a-z0-9-]*$' or char_length(p_newsletter) > 64 then
    raise exception 'invalid newsletter: p_newsletter is its slug' using errcode = '22023';
  end if;
  if p_newsletter in ('welcome', 'confirmation') then
    raise exception 'invalid newsletter: % is sent by the list itself, one subscriber at a time', p_newsletter using errcode = '22023';
  end if;
  if char_length(p_subject) > 300 then
    raise exception 'invalid subject: at most 300 characters' using errcode = '22023';
  end if;
  if coalesce(p_dry_run, false) then
    -- How many a send would queue now: the confirm dialog's figure.
    return (select count(*) from public.email_captures s
            where s.status = 'confirmed'
              and not exists (select 1 from list.deliveries d where d.newsletter = p_newsletter and d.subscriber_id = s.id));
  end if;
  insert into list.sends as x (newsletter, subject) values (p_newsletter, p_subject)
  on conflict (newsletter) do update set last_queued_at = now(), subject = coalesce(excluded.subject, x.subject);
  insert into list.deliveries (newsletter, subscriber_id)
  select p_newsletter, s.id from public.email_captures s where s.status = 'confirmed' order by s.id
  on conflict (newsletter, subscriber_id) do nothing;
  get diagnostics v_queued = row_count;
  perform pg_notify('list_mail', 'deliveries');
  return v_queued;
end;
$$;
comment on function public.admin_queue_newsletter(text, text, boolean) is 'Queues one delivery of the newsletter per confirmed subscriber that has none yet (a second send queues nothing new); returns how many. With p_dry_run, only counts them. Admins at aal2 only.';

create function public.admin_newsletter_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_list_admin('read the newsletters'' figures');
  return coalesce((
    select jsonb_agg(jsonb_build_object(
        'newsletter', x.newsletter, 'subject', x.subject, 'first_queued_at', x.first_queued_at, 'last_queued_at', x.last_queued_at,
        'total', coalesce(d.total, 0), 'queued', coalesce(d.queued, 0), 'sent', coalesce(d.sent, 0), 'failed', coalesce(d.failed, 0),
        'bounced', coalesce(d.bounced, 0), 'complained', coalesce(d.complained, 0), 'skipped', coalesce(d.skipped, 0),
        'unsubscribed_after', coalesce(d.unsubscribed_after, 0))
      order by x.last_queued_at desc, x.newsletter)
    from list.sends x
    left join (
      select newsletter,
        count(*)::integer as total,
        (count(*) filter (where status in ('queued', 'sending')))::integer as queued,
        -- Every mail the provider took, those that bounced or drew a complaint later included.
        (count(*) filter (where status in ('sent', 'bounced', 'complained')))::integer as sent,
        (count(*) filter (where status = 'failed'))::integer as failed,
        (count(*) filter (where status = 'bounced'))::integer as bounced,
        (count(*) filter (where status = 'complained'))::integer as complained,
        (count(*) filter (where status = 'skipped'))::integer as skipped,
        (count(*) filter (where unsubscribed_at is not null))::integer as unsubscribed_after
      from list.deliveries group by newsletter
    ) d on d.newsletter = x.newsletter), '[]');
end;
$$;
comment on function public.admin_newsletter_stats() is 'Per newsletter: total deliveries, queued (waiting or being sent), sent (the provider took it), failed, bounced, complained, skipped (no longer confirmed at send time), unsubscribed after (through this newsletter''s link). Admins at aal2 only.';

create function public.admin_list_summary(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_list_admin('read the list');
  perform analytics.check_range(p_from, p_to);
  return jsonb_build_object(
    'counts', (select jsonb_build_object(
        'pending', count(*) filter (where status = 'pending'),
        'confirmed', count(*) filter (where status = 'confirmed'),
        'unsubscribed', count(*) filter (where status = 'unsubscribed'),
        'bounced', count(*) filter (where status = 'bounced'),
        'complained', count(*) filter (where status = 'complained'))
      from public.email_captures),
    -- Addresses the forms took in the range, per page: how many were ever confirmed.
    'sources', coalesce((
      select jsonb_agg(jsonb_build_object('route', route, 'captured', captured, 'confirmed', confirmed,
          'rate', round(confirmed::numeric / captured, 4)) order by captured desc, route nulls last)
      from (select s.consent_route as route, count(*)::integer as captured, (count(*) filter (where s.confirmed_at is not null))::integer as confirmed
            from public.email_captures s
            where s.source = 'starter_kit' and (s.consented_at at time zone 'utc')::date between p_from and p_to
            group by s.consent_route) r), '[]'),
    -- Per UTC day: addresses given, confirmations, departures (of the addresses still on the list).
    'days', (
      select jsonb_agg(jsonb_build_object('day', g.day::date, 'captured', coalesce(c.n, 0), 'confirmed', coalesce(f.n, 0),
          'unsubscribed', coalesce(u.n, 0)) order by g.day)
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') g(day)
      left join (select (s.consented_at at time zone 'utc')::date as day, count(*) as n from public.email_captures s group by 1) c on c.day = g.day::date
      left join (select (s.confirmed_at at time zone 'utc')::date as day, count(*) as n from public.email_captures s group by 1) f on f.day = g.day::date
      left join (select (s.unsubscribed_at at time zone 'utc')::date as day, count(*) as n from public.email_captures s group by 1) u on u.day = g.day::date),
    'wordings', coalesce((
      select jsonb_agg(jsonb_build_object('version', w.version, 'wording', w.wording, 'first_published_at', w.first_published_at) order by w.first_published_at, w.version)
      from private.consent_wordings w), '[]'));
end;
$$;
comment on function public.admin_list_summary(date, date) is 'The list screen: counts by status; per source page, addresses the forms took in [p_from, p_to] and how many were confirmed (rate); per UTC day, addresses given, confirmed and unsubscribed; the privacy wordings by version. Admins at aal2 only.';

create function public.admin_import_subscribers(p_rows jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row jsonb;
  v_i integer := 0;
  v_email text;
  v_status text;
  v_consented timestamptz;
  v_wording text;
  v_current text;
  v_problem text;
  v_inserted integer := 0;
  v_existing integer := 0;
  v_suppressed integer := 0;
  v_pending integer := 0;
  v_skipped jsonb := '[]';
begin
  perform private.require_list_admin('import subscribers');
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'invalid import: p_rows is an array of rows' using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) > 100000 then
    raise exception 'invalid import: at most 100000 rows at once' using errcode = '22023';
  end if;
  for v_row in select value from jsonb_array_elements(p_rows) loop
    v_i := v_i + 1;
    v_problem := null;
    v_email := lower(btrim(v_row ->> 'email'));
    v_status := coalesce(nullif(btrim(v_row ->> 'status'), ''), 'pending');
    v_wording := nullif(btrim(v_row ->> 'consent_wording'), '');
    v_consented := null;
    if jsonb_typeof(v_row) <> 'object' then
      v_problem := 'not a row';
    elsif v_status not in ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained') then
      v_problem := 'status is not pending, confirmed, unsubscribed, bounced or complained';
    elsif v_wording is not null and v_wording !~ '^[0-9a-f]{16}$' then
      v_problem := 'consent_wording is not 16 hex digits';
    else
      begin
        v_consented := nullif(btrim(v_row ->> 'consented_at'), '')::timestamptz;
        if v_consented > now() then
          v_problem := 'consented_at is in the future';
        end if;
      exception when others then
        v_problem := 'consented_at is not a date and time';
      end;
    end if;
    -- Without a consent date nobody is confirmed: pending, and asked.
    if v_status = 'confirmed' and v_consented is null then
      v_status := 'pending';
    end if;
    if v_problem is null then
      select status into v_current from public.email_captures where email = v_email;
      if found then
        -- The list's own record wins: an import never confirms nor brings back an address already
        -- here; it may only suppress one.
        if v_status in ('unsubscribed', 'bounced', 'complained') and v_current in ('pending', 'confirmed') then
          update public.email_captures
          set status = v_status, status_changed_at = now(), confirm_due_at = null,
              unsubscribed_at = case when v_status = 'unsubscribed' then now() else unsubscribed_at end
          where email = v_email;
          v_suppressed := v_suppressed + 1;
        else
          v_existing := v_existing + 1;
        end if;
        continue;
      end if;
      begin
        insert into public.email_captures (email, source, status, status_changed_at, consented_at, consent_route, consent_form, consent_wording, confirm_due_at)
        values (v_email, 'import', v_status, now(), v_consented,
          left(nullif(btrim(v_row ->> 'consent_route'), ''), 500), left(nullif(btrim(v_row ->> 'consent_form'), ''), 200), v_wording,
          case when v_status = 'pending' then now() end);
        v_inserted := v_inserted + 1;
        if v_status = 'pending' then
          v_pending := v_pending + 1;
        end if;
      exception when check_violation or not_null_violation then
        v_problem := case when v_email is null or v_email !~ '@' then 'not an e-mail address' else 'invalid e-mail address or consent record' end;
      end;
    end if;
    if v_problem is not null then
      -- The first hundred refusals are named; every one is counted.
      if jsonb_array_length(v_skipped) < 100 then
        v_skipped := v_skipped || jsonb_build_object('row', v_i, 'email', left(v_row ->> 'email', 254), 'reason', v_problem);
      end if;
    end if;
  end loop;
  if v_pending > 0 then
    perform pg_notify('list_mail', 'confirmations');
  end if;
  return jsonb_build_object('rows', v_i, 'inserted', v_inserted, 'pending', v_pending, 'existing', v_existing,
    'suppressed', v_suppressed, 'refused', v_i - v_inserted - v_existing - v_suppressed, 'refusals', v_skipped);
end;
$$;
comment on function public.admin_import_subscribers(jsonb) is 'Imports rows {email, status, consented_at, consent_route, consent_form, consent_wording}: a new address keeps its status, except that one without a consent date is pending and gets a confirmation, never confirmed; an address already on the list is left as it is unless the row suppresses it. Returns the counts and the first 100 refusals by row. Admins at aal2 only.';

create function public.admin_erase_subscriber(p_email text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  perform private.require_list_admin('erase a subscriber');
  select id into v_id from public.email_captures where email = lower(btrim(p_email));
  if not found then
    return false;
  end if;
  return private.erase_subscriber(v_id);
end;
$$;
comment on function public.admin_erase_subscriber(text) is 'Every trace of one address: its row and consent record, its tokens; its deliveries stay for the counts, without it. False when the address is not on the list. Admins at aal2 only.';

revoke all on function public.admin_queue_newsletter(text, text, boolean), public.admin_newsletter_stats(),
  public.admin_list_summary(date, date), public.admin_import_subscribers(jsonb), public.admin_erase_subscriber(text)
  from public, anon, authenticated, service_role;
grant execute on function public.admin_queue_newsletter(text, text, boolean), public.admin_newsletter_stats(),
  public.admin_list_summary(date, date), public.admin_import_subscribers(jsonb), public.admin_erase_subscriber(text)
  to authenticated;

-- 5. The daily purge on a hosted project ----------------------------------------------------------
-- With pg_cron enabled before this migration, it is scheduled here; enabled later, run the same
-- cron.schedule in the SQL editor (supabase/README.md). The stand-in purges at start.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('list-purge-pending', '40 0 * * *', 'select list.purge_pending()')$cron$;
  end if;
end
$$;
