-- Limits no visitor can forge (issue 31).
--
-- 1. The client's address is the `cf-connecting-ip` request header, not the first X-Forwarded-For
--    entry. Hosted Supabase's API sits behind Cloudflare, which writes CF-Connecting-IP itself from
--    the connection it accepted and replaces any value the client sent; PostgREST hands the header to
--    the database in `request.headers`. X-Forwarded-For is only appended to: its first entry is
--    whatever the client wrote (a rotating forged address gave 60 of 60 captures a fresh limit, an
--    empty one skipped the limit; supabase/supabase discussion #34647 shows a spoofed value reaching
--    the database while cf-connecting-ip held the real address). A request without the header (a
--    direct SQL call, a misconfigured proxy) counts as one shared client, 'unknown': never as none.
-- 2. Refused attempts count. A refusal no longer raises (which rolled the count back with the rest
--    of the transaction): the functions set PostgREST's `response.status` / `response.headers` and
--    return the error body, so the transaction, and the count in it, commits. Invalid input is
--    checked in the function and answered the same way, with a message naming the field and never
--    the row (the table's "Failing row contains (...)" detail showed the next id and a timestamp).
-- 3. Per client first, site-wide as a circuit breaker: only requests within their client's limit
--    reach the site-wide count, so one client's flood cannot close the form for everyone. When the
--    breaker trips, /admin shows it and an admin at aal2 reopens it (public.reopen_site_limit).
-- 4. No per-sender-address limit: anyone could spend it in a victim's name and lock the victim out.
-- 5. Wrong passwords and wrong second-factor codes are counted here (private.auth_failures), by the
--    local stand-in's GoTrue; on hosted Supabase, GoTrue's own rate limits do it (supabase/README.md).
-- 6. Tokens of a signed-out session read nothing: restrictive policies require the token's
--    session_id to still be a row of auth.sessions (sign-out deletes it).

-- 1. The edge's address.
create or replace function private.client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip'), ''),
    'unknown')
$$;

-- 4. The per-address limit goes.
delete from private.hourly_limits where scope = 'address';
alter table private.hourly_limits drop constraint hourly_limits_scope_check;
alter table private.hourly_limits add constraint hourly_limits_scope_check check (scope in ('site', 'client'));
drop index if exists public.contact_messages_email_created_at_idx;

-- 3. When the owner reopened a tripped site-wide cap.
alter table public.rate_limit_windows add column lifted_at timestamptz;
comment on column public.rate_limit_windows.lifted_at is 'When an admin reopened this window after its site-wide cap tripped; the count started again from 0.';

-- 2. An answer PostgREST sends with a chosen status and headers, without rolling back.
create function private.refusal(p_status integer, p_code text, p_message text, p_hint text, p_retry_after integer default null)
returns json
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('response.status', p_status::text, true);
  if p_retry_after is not null then
    perform set_config('response.headers', json_build_array(json_build_object('Retry-After', p_retry_after::text))::text, true);
  end if;
  return json_build_object('code', p_code, 'message', p_message, 'details', null, 'hint', p_hint);
end;
$$;

drop function private.count_request(text);

-- Counts one attempt of `p_action` against its client's limit, then, if within it, against the
-- site-wide cap. Null when allowed; the 429 answer (see private.refusal) when not.
create function private.count_request(p_action text)
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_window timestamptz := date_trunc('hour', now());
  v_retry integer := ceil(extract(epoch from (date_trunc('hour', now()) + interval '1 hour' - now())))::integer;
  v_client text := md5(private.client_address());
  v_client_limit integer := (select per_hour from private.hourly_limits where action = p_action and scope = 'client');
  v_site_limit integer := (select per_hour from private.hourly_limits where action = p_action and scope = 'site');
  v_requests integer;
begin
  -- Old windows are of no use after a week (the overview looks back seven days).
  delete from public.rate_limit_windows where window_start < v_window - interval '8 days';

  insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, requests)
  values (p_action, 'client', v_client, v_window, 1)
  on conflict (action, scope, client_hash, window_start) do update set requests = w.requests + 1
  returning requests into v_requests;
  if v_requests = v_client_limit then
    update public.rate_limit_windows set limit_reached_at = now()
    where action = p_action and scope = 'client' and client_hash = v_client and window_start = v_window;
  end if;
  if v_requests > v_client_limit then
    return private.refusal(429, 'rate_limited', 'too many requests from this client',
      format('At most %s an hour may come from one client; please try again later.', v_client_limit), v_retry);
  end if;

  insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, requests)
  values (p_action, 'site', '', v_window, 1)
  on conflict (action, scope, client_hash, window_start) do update set requests = w.requests + 1
  returning requests into v_requests;
  if v_requests = v_site_limit then
    update public.rate_limit_windows set limit_reached_at = now()
    where action = p_action and scope = 'site' and client_hash = '' and window_start = v_window;
  end if;
  if v_requests > v_site_limit then
    return private.refusal(429, 'rate_limited', 'too many requests to this site this hour',
      format('At most %s an hour may come from the whole site; please try again later.', v_site_limit), v_retry);
  end if;
  return null;
end;
$$;

revoke all on function private.refusal(integer, text, text, text, integer), private.count_request(text) from public;

-- The visitor functions now answer json: null when stored (HTTP 200), else the error body with its
-- status set (400 or 429). supabase-js reads that body as the error, as it reads PostgREST's own.
drop function public.capture_starter_kit_email(text);
create function public.capture_starter_kit_email(p_email text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_refused json := private.count_request('email_captures');
begin
  if v_refused is not null then
    return v_refused;
  end if;
  -- A sub-block: a refused insert rolls back only itself, never the count above.
  begin
    insert into public.email_captures (email, source)
    values (lower(btrim(p_email)), 'starter_kit')
    -- A second sign-up with the same address is not an error for the visitor.
    on conflict (email) do nothing;
  exception when check_violation or not_null_violation then
    -- The table's own checks decide what a valid address is; the answer names neither the
    -- constraint nor the row.
    return private.refusal(400, '22023', 'invalid email address', 'Give an address like name@example.com, at most 254 characters.');
  end;
  return null;
end;
$$;

comment on function public.capture_starter_kit_email(text) is 'Adds an address to the starter-kit list; silent on duplicates; 400 (22023) on an invalid address; 429 past the hourly limits in private.hourly_limits. Every attempt counts.';
revoke all on function public.capture_starter_kit_email(text) from public, anon, authenticated, service_role;
grant execute on function public.capture_starter_kit_email(text) to anon, authenticated;

drop function public.send_contact_message(text, text, text, text, text);
create function public.send_contact_message(
  p_first_name text,
  p_last_name text,
  p_email text,
  p_subject text,
  p_message text
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_refused json := private.count_request('contact_messages');
  v_problem text;
begin
  if v_refused is not null then
    return v_refused;
  end if;
  -- The same rules as the table's checks, said field by field.
  v_problem := case
    when coalesce(btrim(p_first_name), '') = '' then 'first_name is empty'
    when char_length(p_first_name) > 100 then 'first_name is longer than 100 characters'
    when coalesce(btrim(p_last_name), '') = '' then 'last_name is empty'
    when char_length(p_last_name) > 100 then 'last_name is longer than 100 characters'
    when coalesce(btrim(p_subject), '') = '' then 'subject is empty'
    when char_length(p_subject) > 200 then 'subject is longer than 200 characters'
    when coalesce(btrim(p_message), '') = '' then 'message is empty'
    when char_length(p_message) > 5000 then 'message is longer than 5000 characters'
    when coalesce(btrim(p_email), '') = '' then 'email is empty'
  end;
  if v_problem is null then
    begin
      insert into public.contact_messages (first_name, last_name, email, subject, message)
      values (p_first_name, p_last_name, p_email, p_subject, p_message);
    exception when check_violation or not_null_violation then
      -- Only the address's format is left for the table to refuse.
      v_problem := 'email is not a valid address';
    end;
  end if;
  if v_problem is not null then
    return private.refusal(400, '22023', 'invalid contact message: ' || v_problem,
      'Names at most 100 characters, a subject at most 200, a message at most 5000, none empty, and an address like name@example.com.');
  end if;
  return null;
end;
$$;

comment on function public.send_contact_message(text, text, text, text, text) is
  'Stores one contact-form message; 400 (22023) naming the invalid field; 429 past the hourly limits in private.hourly_limits (per client, then whole site). Every attempt counts.';
revoke all on function public.send_contact_message(text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.send_contact_message(text, text, text, text, text) to anon, authenticated;

-- 6. A token's session must still exist. Security definer: the API roles cannot read auth.sessions.
-- Policies run as the caller, so authenticated must be able to call it: it lives in a schema of its
-- own (not exposed through the API), leaving `private` closed to every API role.
create schema rls;
revoke all on schema rls from public;
grant usage on schema rls to authenticated;

create function rls.session_is_live()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.sessions s where s.id::text = (select auth.jwt() ->> 'session_id'))
$$;

comment on function rls.session_is_live() is 'True when the request''s JWT names a session that still exists (sign-out deletes it).';
revoke all on function rls.session_is_live() from public;
grant execute on function rls.session_is_live() to authenticated;

create policy "Admin access to contact messages needs a live session"
  on public.contact_messages as restrictive for all to authenticated
  using ((select rls.session_is_live())) with check ((select rls.session_is_live()));

create policy "Admin reads of email captures need a live session"
  on public.email_captures as restrictive for select to authenticated
  using ((select rls.session_is_live()));

create policy "Admin reads of rate limit windows need a live session"
  on public.rate_limit_windows as restrictive for select to authenticated
  using ((select rls.session_is_live()));

create policy "Previews writes and lists need a live session"
  on storage.objects as restrictive for all to authenticated
  using (bucket_id <> 'previews' or (select rls.session_is_live()))
  with check (bucket_id <> 'previews' or (select rls.session_is_live()));

-- 3. The owner reopens a tripped site-wide cap for the rest of the hour (its count starts again).
create function public.reopen_site_limit(p_action text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
     or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
     or not rls.session_is_live() then
    raise exception 'only an admin signed in with a second factor may reopen a form' using errcode = '42501';
  end if;
  update public.rate_limit_windows set requests = 0, lifted_at = now()
  where action = p_action and scope = 'site' and client_hash = '' and window_start = date_trunc('hour', now());
end;
$$;

comment on function public.reopen_site_limit(text) is 'Admins at aal2 only: restarts this hour''s site-wide count of contact_messages or email_captures, reopening the form after the circuit breaker tripped.';
revoke all on function public.reopen_site_limit(text) from public, anon, authenticated, service_role;
grant execute on function public.reopen_site_limit(text) to authenticated;

-- 5. Wrong passwords and codes: how many, in how long, before further attempts wait.
create table private.auth_limits (
  kind text primary key check (kind in ('password', 'totp')),
  failures integer not null check (failures > 0),
  per_seconds integer not null check (per_seconds > 0),
  description text not null
);

insert into private.auth_limits (kind, failures, per_seconds, description) values
  ('password', 10, 300, 'Wrong passwords one client address may try in five minutes (by address, so nobody can lock the owner out)'),
  ('totp', 5, 300, 'Wrong second-factor codes one factor may receive in five minutes');

create table private.auth_failures (
  kind text not null references private.auth_limits (kind),
  key_hash text not null,
  failed_at timestamptz not null default now()
);
create index auth_failures_key_idx on private.auth_failures (kind, key_hash, failed_at desc);

-- Seconds until `p_key` (a client address, a factor id) may try `p_kind` again; 0 when it may now.
create function private.auth_retry_after(p_kind text, p_key text)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce((
    select greatest(0, ceil(extract(epoch from (f.failed_at + make_interval(secs => l.per_seconds) - now()))))::integer
    from private.auth_limits l
    cross join lateral (
      select a.failed_at from private.auth_failures a
      where a.kind = l.kind and a.key_hash = md5(p_key) and a.failed_at > now() - make_interval(secs => l.per_seconds)
      order by a.failed_at desc offset l.failures - 1 limit 1
    ) f
    where l.kind = p_kind), 0)
$$;

-- Records one wrong attempt (in its own statement, after the refused request's transaction);
-- returns the wait it now causes.
create function private.note_auth_failure(p_kind text, p_key text)
returns integer
language plpgsql
set search_path = ''
as $$
begin
  delete from private.auth_failures where failed_at < now() - interval '1 day';
  insert into private.auth_failures (kind, key_hash) values (p_kind, md5(p_key));
  return private.auth_retry_after(p_kind, p_key);
end;
$$;

revoke all on function private.auth_retry_after(text, text), private.note_auth_failure(text, text) from public;
