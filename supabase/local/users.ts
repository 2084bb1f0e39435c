// auth.users as GoTrue keeps it: bcrypt passwords (pgcrypto's crypt), the
// user object GoTrue returns, and the local admin the stand-in seeds.
import type { Sql } from './db.ts';
import { FACTORS_JSON, addVerifiedFactor, type Factor } from './mfa.ts';

export interface User {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: string | null;
  phone: string;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
  factors?: Factor[];
}

// One JSON document per user, shaped like GoTrue's answer for GET /user.
// GoTrue leaves `factors` out for a user who has none.
const USER_JSON = `
  (jsonb_build_object(
    'id', u.id, 'aud', u.aud, 'role', u.role, 'email', u.email,
    'email_confirmed_at', u.email_confirmed_at, 'phone', coalesce(u.phone, ''),
    'confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at,
    'app_metadata', coalesce(u.raw_app_meta_data, '{}'), 'user_metadata', coalesce(u.raw_user_meta_data, '{}'),
    'identities', coalesce((
      select jsonb_agg(jsonb_build_object(
        'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
        'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
        'updated_at', i.updated_at, 'email', i.email))
      from auth.identities i where i.user_id = u.id), '[]'),
    'created_at', u.created_at, 'updated_at', u.updated_at, 'is_anonymous', u.is_anonymous
  ) || case when ${FACTORS_JSON} is null then '{}'::jsonb else jsonb_build_object('factors', ${FACTORS_JSON}) end)::text as user`;

const parse = (rows: { user: string }[]) => (rows[0] ? (JSON.parse(rows[0].user) as User) : undefined);

export async function findUserById(sql: Sql, id: string): Promise<User | undefined> {
  return parse((await sql.query<{ user: string }>(`select ${USER_JSON} from auth.users u where u.id = $1::uuid`, [id])).rows);
}

/** The user whose e-mail and password match, after stamping the sign-in time. */
export async function signInWithPassword(sql: Sql, email: string, password: string): Promise<User | undefined> {
  const { rows } = await sql.query<{ user: string }>(
    `with hit as (
       update auth.users set last_sign_in_at = now(), updated_at = now()
       where email = lower(btrim($1)) and encrypted_password = extensions.crypt($2, encrypted_password)
       returning *
     )
     select ${USER_JSON} from hit u`,
    [email, password],
  );
  return parse(rows);
}

/**
 * Creates the user, or resets the password and role of an existing one, so
 * that changing ADMIN_PASSWORD and restarting takes effect.
 */
export async function upsertUser(
  sql: Sql,
  u: { email: string; password: string; appMetadata?: Record<string, unknown> },
): Promise<string> {
  const meta = { provider: 'email', providers: ['email'], ...u.appMetadata };
  const { rows } = await sql.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
             lower(btrim($1)), extensions.crypt($2, extensions.gen_salt('bf')), now(), $3::jsonb, '{}', now(), now(), '', '', '', '')
     on conflict (email) do update
       set encrypted_password = case
             when auth.users.encrypted_password = extensions.crypt($2, auth.users.encrypted_password)
             then auth.users.encrypted_password
             else excluded.encrypted_password end,
           raw_app_meta_data = coalesce(auth.users.raw_app_meta_data, '{}') || $3::jsonb,
           updated_at = now()
     returning id`,
    [u.email, u.password, JSON.stringify(meta)],
  );
  const id = rows[0]!.id;
  await sql.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', lower(btrim($2)), 'email_verified', true), 'email', now(), now())
     on conflict (provider_id, provider) do nothing`,
    [id, u.email],
  );
  return id;
}

/**
 * The local admin, with a verified TOTP factor of the given secret unless they already have one
 * (so a factor they enrolled themselves survives a restart).
 */
export async function seedAdmin(sql: Sql, email: string, password: string, totpSecret: string): Promise<string> {
  const id = await upsertUser(sql, { email, password, appMetadata: { role: 'admin' } });
  const { rows } = await sql.query(`select 1 from auth.mfa_factors where user_id = $1::uuid and status = 'verified'`, [id]);
  if (!rows.length) await addVerifiedFactor(sql, id, LOCAL_ADMIN_FACTOR_NAME, totpSecret);
  return id;
}

export const LOCAL_ADMIN_FACTOR_NAME = 'Local development';
