// GoTrue's multi-factor routes for TOTP, as Supabase Auth answers them: enrol a factor (a secret,
// its otpauth:// address and that address as an SVG QR code), challenge it, verify a code against a
// challenge (which raises the session to aal2 and answers new tokens), and unenrol it. Codes follow
// RFC 6238 (SHA-1, 6 digits, 30-second steps, one step of drift either way) through otpauth.
// Beyond GoTrue, which lets a code be used again within its window, a code's time step is accepted
// once per factor: a code seen over someone's shoulder is worth nothing afterwards.
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Sql } from './db.ts';

export const TOTP_PERIOD = 30;
/** Supabase Auth's default challenge lifetime (MFA.ChallengeExpiryDuration). */
const CHALLENGE_SECONDS = 300;
/** Supabase Auth's default limit on a user's factors (MFA.MaxEnrolledFactors). */
const MAX_FACTORS = 10;

export class MfaError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Factor {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

interface FactorRow extends Factor {
  user_id: string;
  secret: string;
  last_used_step: string | null;
}

/** A user's factors as GET /user lists them (SQL: one jsonb array, or null when there are none). */
export const FACTORS_JSON = `(
  select jsonb_agg(jsonb_build_object(
    'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
    'created_at', f.created_at, 'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at
  ) order by f.created_at)
  from auth.mfa_factors f where f.user_id = u.id)`;

export const totpFor = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });

export async function findFactor(sql: Sql, userId: string, factorId: string): Promise<FactorRow> {
  const { rows } = /^[0-9a-f-]{36}$/i.test(factorId)
    ? await sql.query<FactorRow>('select * from auth.mfa_factors where id = $1::uuid and user_id = $2::uuid for update', [factorId, userId])
    : { rows: [] };
  if (!rows[0]) throw new MfaError(404, 'mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** Adds a verified TOTP factor with a known secret (the stand-in's local admin). */
export async function addVerifiedFactor(sql: Sql, userId: string, friendlyName: string, secret: string): Promise<void> {
  await sql.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'verified', now(), now(), $4)`,
    [randomUUID(), userId, friendlyName, secret],
  );
}

export async function enroll(
  sql: Sql,
  user: { id: string; email: string },
  session: { aal: string },
  params: { factorType: unknown; friendlyName: unknown; issuer: unknown },
  defaultIssuer: string,
): Promise<Record<string, unknown>> {
  if (params.factorType !== 'totp') {
    if (params.factorType === 'phone' || params.factorType === 'webauthn') {
      throw new MfaError(422, `mfa_${params.factorType}_enroll_not_enabled`, `MFA enroll is disabled for ${params.factorType === 'phone' ? 'Phone' : 'WebAuthn'}`);
    }
    throw new MfaError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  const friendlyName = typeof params.friendlyName === 'string' ? params.friendlyName : '';
  const issuer = typeof params.issuer === 'string' && params.issuer ? params.issuer : defaultIssuer;
  // Unverified factors lapse as the challenge lifetime does (GoTrue's DeleteExpiredFactors).
  await sql.query(`delete from auth.mfa_factors where status = 'unverified' and created_at < now() - make_interval(secs => $1)`, [CHALLENGE_SECONDS]);
  const { rows: factors } = await sql.query<{ friendly_name: string | null; status: string }>(
    'select friendly_name, status from auth.mfa_factors where user_id = $1::uuid',
    [user.id],
  );
  if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
    throw new MfaError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  if (factors.length >= MAX_FACTORS) {
    throw new MfaError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
    throw new MfaError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  // 20 random bytes, 32 base32 characters: the size pquerna/otp (GoTrue's library) makes.
  const totp = new TOTP({ issuer, label: user.email, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: new Secret({ size: 20 }) });
  const uri = totp.toString();
  const id = randomUUID();
  await sql.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, user.id, friendlyName, totp.secret.base32],
  );
  // GoTrue answers the QR code as SVG markup (supabase-js prefixes it to make a data: address).
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret: totp.secret.base32, uri } };
}

export async function challenge(sql: Sql, userId: string, factorId: string, ip: string): Promise<Record<string, unknown>> {
  const factor = await findFactor(sql, userId, factorId);
  const id = randomUUID();
  const { rows } = await sql.query<{ created: number }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning extract(epoch from created_at)::float8 as created`,
    [id, factor.id, ip],
  );
  await sql.query('update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1', [factor.id]);
  return { id, type: factor.factor_type, expires_at: Math.floor(rows[0]!.created) + CHALLENGE_SECONDS };
}

/** Checks the code against the challenge; on success marks both used and returns the factor. */
export async function verify(sql: Sql, userId: string, factorId: string, params: { challengeId: unknown; code: unknown }, ip: string, now = Date.now()): Promise<FactorRow> {
  const factor = await findFactor(sql, userId, factorId);
  const code = typeof params.code === 'string' ? params.code : '';
  if (!code) throw new MfaError(400, 'validation_failed', 'Code needs to be non-empty');
  const challengeId = typeof params.challengeId === 'string' && /^[0-9a-f-]{36}$/i.test(params.challengeId) ? params.challengeId : '';
  const { rows } = challengeId
    ? await sql.query<{ verified_at: string | null; ip: string; age: number }>(
        `select verified_at, host(ip_address) as ip, extract(epoch from now() - created_at)::float8 as age
         from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid for update`,
        [challengeId, factor.id],
      )
    : { rows: [] };
  const found = rows[0];
  if (!found) throw new MfaError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (found.verified_at !== null || found.ip !== ip) throw new MfaError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  if (found.age > CHALLENGE_SECONDS) {
    await sql.query('delete from auth.mfa_challenges where id = $1::uuid', [challengeId]);
    throw new MfaError(422, 'mfa_challenge_expired', `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`);
  }
  const totp = totpFor(factor.secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) throw new MfaError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  const step = totp.counter({ timestamp: now }) + delta;
  if (factor.last_used_step !== null && step <= Number(factor.last_used_step)) {
    throw new MfaError(422, 'mfa_verification_failed', 'This code was already used. Wait for the next one.');
  }
  await sql.query('update auth.mfa_challenges set verified_at = now() where id = $1::uuid', [challengeId]);
  await sql.query(
    `update auth.mfa_factors set status = 'verified', last_used_step = $2, updated_at = now() where id = $1::uuid`,
    [factor.id, step],
  );
  // The other half-finished enrolments of this user are dropped, as GoTrue does.
  await sql.query(`delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and factor_type = 'totp'`, [userId]);
  return factor;
}

export async function unenroll(sql: Sql, userId: string, factorId: string, session: { aal: string }): Promise<{ id: string }> {
  const factor = await findFactor(sql, userId, factorId);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new MfaError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await sql.query('delete from auth.mfa_factors where id = $1::uuid', [factor.id]);
  // Sessions that passed this factor are back to aal1 (GoTrue's DowngradeSessionsToAAL1).
  await sql.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1::uuid`, [factor.id]);
  await sql.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
     where c.session_id = s.id and s.user_id = $1::uuid and s.aal = 'aal1' and c.authentication_method = 'totp'`,
    [userId],
  );
  return { id: factor.id };
}
