-- The starter-kit mailing list. Visitors never read or change it: they can
-- only hand an address to capture_starter_kit_email (spec decision 2).

-- One definition of a valid address, shared with contact_messages.
create domain public.email_address as text
  constraint email_address_format check (
    char_length(value) <= 254
    and char_length(split_part(value, '@', 1)) <= 64
    and value ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$'
  );

comment on domain public.email_address is 'An e-mail address: at most 254 characters, local part at most 64, a dotted domain.';

create table public.email_captures (
  id bigint generated always as identity primary key,
  email public.email_address not null,
  source text not null default 'starter_kit',
  created_at timestamptz not null default now(),
  constraint email_captures_email_key unique (email),
  -- Stored normalised, so one person is one row whatever they typed.
  constraint email_captures_email_normalized check (email = lower(btrim(email))),
  constraint email_captures_source_check check (source = 'starter_kit')
);

comment on table public.email_captures is 'Addresses given for the free starter kit. Written only by capture_starter_kit_email.';

alter table public.email_captures enable row level security;

-- Supabase grants new public tables to the API roles by default; take that
-- back. No grant and no policy for anon or authenticated, on purpose.
revoke all on table public.email_captures from anon, authenticated;

create function public.capture_starter_kit_email(p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
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

comment on function public.capture_starter_kit_email(text) is 'Adds an address to the starter-kit list; silent on duplicates; 22023 on an invalid address.';

-- Functions are executable by PUBLIC by default, and Supabase also grants
-- them to its API roles: only the two visitor roles may call this one.
revoke all on function public.capture_starter_kit_email(text) from public, anon, authenticated, service_role;
grant execute on function public.capture_starter_kit_email(text) to anon, authenticated;
