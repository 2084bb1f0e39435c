-- Under a flood the forms ask for a proof of work instead of closing (issue 40).
--
-- The site-wide breaker closed the contact form and the starter-kit sign-up to every visitor once
-- many clients had sent within their own budgets. Now, when it has tripped, a form's call without a
-- proof is answered 429 as before (the same message, 'too many requests to this site this hour'),
-- and the answer's `details` carries a challenge in ALTCHA's format (MIT, self-hosted, no cookie):
-- {algorithm: 'SHA-256', challenge, maxnumber, salt, signature}, where challenge is the hex SHA-256
-- of salt || number for a secret number in 0..maxnumber. The browser finds the number by trying
-- (altcha-lib's solveChallenge, about a second) and sends the call again with p_altcha, ALTCHA's
-- payload (base64 of {algorithm, challenge, number, salt, signature}). The database checks it
-- itself: it issued the challenge and remembers it in private.proof_challenges, so no HMAC key is
-- needed (the signature is empty), and a challenge is spent by its first use, right or wrong, and
-- expires. A browser pays about a second per message; a script pays the same for every message, and
-- stays within its client's and network's budgets whatever it solves: those are checked first and
-- never waived.
--
-- Only the forms take a proof: private.count_request(text), which public.track() calls, is
-- unchanged and issues no challenge.

-- How hard, and for how long a challenge may be answered. One row; change it in the SQL editor.
create table private.proof_of_work (
  id boolean primary key default true check (id),
  maxnumber integer not null check (maxnumber > 0),
  valid_seconds integer not null check (valid_seconds > 0)
);
comment on table private.proof_of_work is 'The forms'' proof of work while the site-wide breaker is tripped: the secret number is in 0..maxnumber (a browser tries about half of them), and a challenge is answerable for valid_seconds.';
insert into private.proof_of_work (maxnumber, valid_seconds) values (50000, 600);

-- The challenges issued and not yet spent or expired.
create table private.proof_challenges (
  challenge text primary key,
  action text not null,
  salt text not null,
  expires_at timestamptz not null
);
create index proof_challenges_expires_idx on private.proof_challenges (expires_at);
comment on table private.proof_challenges is 'Challenges issued to forms while the site-wide breaker is tripped; a row is deleted by its first answer (single use) or once expired.';

-- Issues one challenge for `p_action`: ALTCHA's challenge object as JSON text.
create function private.issue_challenge(p_action text)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_settings private.proof_of_work := (select p from private.proof_of_work p);
  -- gen_random_uuid() is PostgreSQL's own strong randomness (no pgcrypto): 122 random bits a call.
  v_salt text := replace(gen_random_uuid()::text, '-', '');
  v_number bigint := ('x' || left(replace(gen_random_uuid()::text, '-', ''), 8))::bit(32)::bigint % (v_settings.maxnumber + 1);
  v_challenge text := encode(sha256(convert_to(v_salt || v_number, 'UTF8')), 'hex');
begin
  delete from private.proof_challenges where expires_at < now();
  insert into private.proof_challenges (challenge, action, salt, expires_at)
  values (v_challenge, p_action, v_salt, now() + make_interval(secs => v_settings.valid_seconds));
  return json_build_object('algorithm', 'SHA-256', 'challenge', v_challenge, 'maxnumber', v_settings.maxnumber,
                           'salt', v_salt, 'signature', '')::text;
end;
$$;
comment on function private.issue_challenge(text) is 'A new single-use proof-of-work challenge for a form, in ALTCHA''s format (SHA-256 of salt || number); remembered in private.proof_challenges.';
revoke all on function private.issue_challenge(text) from public;

-- Spends the challenge `p_payload` (ALTCHA's base64 payload) answers: true when it was issued for
-- `p_action`, has not expired, was not spent, and its number is right. Spent either way.
create function private.spend_proof(p_action text, p_payload text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_answer jsonb;
  v_spent private.proof_challenges;
begin
  if p_payload is null or p_payload = '' then
    return false;
  end if;
  begin
    v_answer := convert_from(decode(p_payload, 'base64'), 'UTF8')::jsonb;
  exception when others then
    return false;
  end;
  if jsonb_typeof(v_answer) <> 'object' then
    return false;
  end if;
  delete from private.proof_challenges where challenge = v_answer ->> 'challenge'
  returning * into v_spent;
  return v_spent.challenge is not null
    and v_spent.action = p_action
    and v_spent.expires_at > now()
    and v_answer ->> 'algorithm' = 'SHA-256'
    and v_answer ->> 'salt' = v_spent.salt
    and jsonb_typeof(v_answer -> 'number') = 'number'
    and encode(sha256(convert_to(v_spent.salt || (v_answer ->> 'number'), 'UTF8')), 'hex') = v_spent.challenge;
end;
$$;
comment on function private.spend_proof(text, text) is 'Checks and spends an ALTCHA payload answering a challenge of private.issue_challenge: right number, not expired, never used before.';
revoke all on function private.spend_proof(text, text) from public;

-- A form's attempt: the client's budgets, then the site-wide breaker; past the breaker a solved
-- challenge lets it through, and without one the 429 answer carries a new challenge in `details`.
create function private.count_form(p_action text, p_proof text)
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_refused json := private.count_client(p_action);
begin
  if v_refused is not null then
    return v_refused;
  end if;
  if not private.count_site(p_action) or private.spend_proof(p_action, p_proof) then
    return null;
  end if;
  v_refused := private.refusal(429, 'rate_limited', 'too many requests to this site this hour',
    'Many visitors are sending at once: solve the challenge in details (ALTCHA, SHA-256) and send again with p_altcha.',
    ceil(extract(epoch from (date_trunc('hour', now()) + interval '1 hour' - now())))::integer);
  return (v_refused::jsonb || jsonb_build_object('details', private.issue_challenge(p_action)))::json;
end;
$$;
comment on function private.count_form(text, text) is 'Counts a form''s attempt (private.count_client, private.count_site); past the site-wide breaker, a solved challenge (p_proof) lets it through; else the 429 answer with a new challenge in details.';
revoke all on function private.count_form(text, text) from public;

-- The forms take the proof as a last, optional argument (supabase-js and PostgREST call them by
-- name, so a call without it is the call of today).
drop function public.capture_starter_kit_email(text);
create function public.capture_starter_kit_email(p_email text, p_altcha text default null)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_refused json := private.count_form('email_captures', p_altcha);
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
comment on function public.capture_starter_kit_email(text, text) is 'Adds an address to the starter-kit list; silent on duplicates; 400 (22023) on an invalid address; 429 past the hourly budgets in private.hourly_limits, or past the site-wide breaker without a solved challenge (p_altcha; the 429 carries a new one in details). Every attempt counts.';
revoke all on function public.capture_starter_kit_email(text, text) from public, anon, authenticated, service_role;
grant execute on function public.capture_starter_kit_email(text, text) to anon, authenticated;

drop function public.send_contact_message(text, text, text, text, text);
create function public.send_contact_message(
  p_first_name text,
  p_last_name text,
  p_email text,
  p_subject text,
  p_message text,
  p_altcha text default null
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_refused json := private.count_form('contact_messages', p_altcha);
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
comment on function public.send_contact_message(text, text, text, text, text, text) is
  'Stores one contact-form message; 400 (22023) naming the invalid field; 429 past the hourly budgets in private.hourly_limits (per client, per IPv6 network), or past the site-wide breaker without a solved challenge (p_altcha; the 429 carries a new one in details). Every attempt counts.';
revoke all on function public.send_contact_message(text, text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.send_contact_message(text, text, text, text, text, text) to anon, authenticated;
