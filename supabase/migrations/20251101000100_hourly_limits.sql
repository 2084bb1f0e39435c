-- Hourly limits on what visitors write (contact messages, starter-kit addresses), besides the
-- per-address limit send_contact_message already had: a cap for the whole site, and one per client
-- address. The numbers live in one place, private.hourly_limits; change one with an UPDATE (SQL
-- editor or psql), no deployment needed. Past a limit the function answers HTTP 429 through
-- PostgREST and stores nothing; what is already stored stays.
--
-- The client's address: hosted Supabase passes the request's headers to the database in
-- `request.headers`, the client first in x-forwarded-for. Without one (a direct SQL call) only the
-- site-wide cap applies.

-- Not exposed through the API (only `public` is): visitors cannot read or change the limits.
create schema if not exists private;
revoke all on schema private from public;

create table private.hourly_limits (
  action text not null,
  scope text not null,
  per_hour integer not null check (per_hour > 0),
  description text not null,
  primary key (action, scope),
  constraint hourly_limits_action_check check (action in ('contact_messages', 'email_captures')),
  constraint hourly_limits_scope_check check (scope in ('site', 'client', 'address'))
);

comment on table private.hourly_limits is 'How many contact messages and starter-kit addresses the site accepts in one clock hour, per scope. The one place these limits are set.';

insert into private.hourly_limits (action, scope, per_hour, description) values
  ('contact_messages', 'site', 200, 'Contact messages the whole site accepts in one clock hour'),
  ('contact_messages', 'client', 20, 'Contact messages one client address may send in one clock hour'),
  ('contact_messages', 'address', 5, 'Contact messages from one sender e-mail address in the last hour'),
  ('email_captures', 'site', 1000, 'Starter-kit addresses the whole site accepts in one clock hour'),
  ('email_captures', 'client', 50, 'Starter-kit addresses one client address may send in one clock hour');

-- What was counted, per clock hour: readable by admins (at aal2) so /admin shows when a limit was
-- reached. The client is kept only as a hash, enough to count by.
create table public.rate_limit_windows (
  action text not null,
  scope text not null,
  client_hash text not null default '',
  window_start timestamptz not null,
  requests integer not null default 0,
  limit_reached_at timestamptz,
  primary key (action, scope, client_hash, window_start)
);

comment on table public.rate_limit_windows is 'Requests counted per clock hour against private.hourly_limits; limit_reached_at is when the count reached its limit. Written only by the visitor functions.';

create index rate_limit_windows_reached_idx on public.rate_limit_windows (window_start desc) where limit_reached_at is not null;

alter table public.rate_limit_windows enable row level security;
revoke all on table public.rate_limit_windows from anon, authenticated;
grant select on table public.rate_limit_windows to authenticated;

create policy "Admins can read rate limit windows"
  on public.rate_limit_windows
  for select
  to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "Admin reads of rate limit windows need aal2"
  on public.rate_limit_windows
  as restrictive
  for select
  to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2');

-- The request's client address as the API gateway passed it, or null.
create function private.client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(btrim(split_part(coalesce(nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ''), ',', 1)), '')
$$;

-- PostgREST's own way to answer with a chosen status: HTTP 429 with Retry-After.
create function private.refuse_over_limit(p_message text, p_hint text, p_retry_after integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'rate_limited', 'message', p_message, 'hint', p_hint)::text,
    detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', p_retry_after::text))::text;
end;
$$;

-- Counts one request of `p_action` against the site-wide and per-client limits of this clock hour;
-- refuses it (429, rolling the count back) past either.
create function private.count_request(p_action text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_window timestamptz := date_trunc('hour', now());
  v_client text := private.client_address();
  v_limit record;
  v_requests integer;
begin
  for v_limit in
    select scope, per_hour from private.hourly_limits
    where action = p_action and scope in ('site', 'client') order by scope desc
  loop
    continue when v_limit.scope = 'client' and v_client is null;
    insert into public.rate_limit_windows as w (action, scope, client_hash, window_start, requests)
    values (p_action, v_limit.scope, case when v_limit.scope = 'client' then md5(v_client) else '' end, v_window, 1)
    on conflict (action, scope, client_hash, window_start) do update set requests = w.requests + 1
    returning requests into v_requests;
    if v_requests > v_limit.per_hour then
      perform private.refuse_over_limit(
        case when v_limit.scope = 'site' then 'too many requests to this site this hour' else 'too many requests from this client' end,
        format('At most %s an hour may come from %s; please try again later.', v_limit.per_hour,
               case when v_limit.scope = 'site' then 'the whole site' else 'one client' end),
        ceil(extract(epoch from (v_window + interval '1 hour' - now())))::integer);
    end if;
    if v_requests = v_limit.per_hour then
      update public.rate_limit_windows set limit_reached_at = now()
      where action = p_action and scope = v_limit.scope and window_start = v_window
        and client_hash = case when v_limit.scope = 'client' then md5(v_client) else '' end;
    end if;
  end loop;
  -- Old windows are of no use after a week (the overview looks back seven days).
  delete from public.rate_limit_windows where window_start < v_window - interval '8 days';
end;
$$;

revoke all on function private.client_address(), private.refuse_over_limit(text, text, integer), private.count_request(text) from public;

create or replace function public.capture_starter_kit_email(p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.count_request('email_captures');
  insert into public.email_captures (email, source)
  values (lower(btrim(p_email)), 'starter_kit')
  -- A second sign-up with the same address is not an error for the visitor.
  on conflict (email) do nothing;
exception
  -- The table's own checks decide what a valid address is; report any refusal
  -- as a bad argument (22023, HTTP 400 through PostgREST) without leaking the
  -- constraint names.
  when check_violation or not_null_violation then
    raise exception 'invalid email address'
      using errcode = '22023',
            hint = 'Give an address like name@example.com, at most 254 characters.';
end;
$$;

comment on function public.capture_starter_kit_email(text) is 'Adds an address to the starter-kit list; silent on duplicates; 22023 on an invalid address; 429 past the hourly limits in private.hourly_limits.';

create or replace function public.send_contact_message(
  p_first_name text,
  p_last_name text,
  p_email text,
  p_subject text,
  p_message text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_per_address integer := (select per_hour from private.hourly_limits where action = 'contact_messages' and scope = 'address');
begin
  -- One sender at a time per address, so concurrent requests cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('send_contact_message:' || v_email));
  if (
    select count(*) from public.contact_messages
    where lower(email) = v_email and created_at > now() - interval '1 hour'
  ) >= v_per_address then
    perform private.refuse_over_limit('too many messages from this address',
      format('At most %s messages an hour may come from one address; please try again later.', v_per_address), 3600);
  end if;
  perform private.count_request('contact_messages');
  insert into public.contact_messages (first_name, last_name, email, subject, message)
  values (p_first_name, p_last_name, p_email, p_subject, p_message);
end;
$$;

comment on function public.send_contact_message(text, text, text, text, text) is
  'Stores one contact-form message; 429 past the hourly limits in private.hourly_limits (per sender address, per client, whole site). The table''s checks still decide what is valid.';
