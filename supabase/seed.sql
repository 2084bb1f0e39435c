-- Local development data for `supabase start` / `supabase db reset` (never
-- applied by `supabase db push`). The preview PDFs are not here: they are
-- uploaded from config.toml's [storage.buckets.previews] objects_path by
-- `supabase seed buckets`.
--
-- A local admin who may upload previews: admin@example.com /
-- local-admin-password, with a TOTP second factor whose secret is
-- KRUGS4ZANFZSA3DPMNQWYIDPNZWHSIDB (`npm run admin:code` prints its code).
-- Local only; on a real project make a user admin as supabase/README.md shows. The local stand-in (supabase/local) seeds its own
-- admin from ADMIN_EMAIL / ADMIN_PASSWORD instead of running this file.

with admin as (
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    -- GoTrue reads these as strings, so they must not be null.
    confirmation_token, recovery_token, email_change_token_new, email_change
  )
  values (
    '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
    'admin@example.com', extensions.crypt('local-admin-password', extensions.gen_salt('bf')), now(),
    '{"provider": "email", "providers": ["email"], "role": "admin"}', '{}', now(), now(),
    '', '', '', ''
  )
  on conflict do nothing
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email', now(), now(), now()
from admin;

-- The local admin's second factor (the secret above), unless they have one.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
select gen_random_uuid(), u.id, 'Local development', 'totp', 'verified', now(), now(), 'KRUGS4ZANFZSA3DPMNQWYIDPNZWHSIDB'
from auth.users u
where u.email = 'admin@example.com'
  and not exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified');
