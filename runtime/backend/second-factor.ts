// The admin's second factor (spec decision 10), through supabase-js's MFA API: the session's
// assurance level and the verified TOTP factors, enrolment (QR code and secret), a code checked
// against a fresh challenge (a verified one raises the session to aal2), and removing a factor.
// The database is what requires aal2 for admin data; this only leads the admin there.
import { getSupabase } from './client.ts';

export interface TotpFactor {
  id: string;
  name: string;
  createdAt: string;
}

export interface Assurance {
  /** The session's level now. */
  current: 'aal1' | 'aal2' | null;
  /** The verified TOTP factors: none means the admin must enrol one first. */
  factors: TotpFactor[];
}

export async function assurance(): Promise<Assurance> {
  const { mfa } = (await getSupabase()).auth;
  const [level, list] = await Promise.all([mfa.getAuthenticatorAssuranceLevel(), mfa.listFactors()]);
  if (level.error) throw level.error;
  if (list.error) throw list.error;
  return {
    current: (level.data.currentLevel as Assurance['current']) ?? null,
    factors: list.data.totp.map((f) => ({ id: f.id, name: f.friendly_name || 'Authenticator app', createdAt: f.created_at })),
  };
}

export interface Enrolment {
  factorId: string;
  /** The QR code as an address an <img> can show. */
  qrCode: string;
  /** The base32 secret, for a password manager or typing in. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
}

/** supabase-js gives the SVG after a bare `data:image/svg+xml;utf-8,`; an <img> needs it escaped (`#` in colours). */
function svgAddress(qr: string): string {
  const svg = qr.replace(/^data:image\/svg\+xml;utf-8,/, '');
  return svg.startsWith('data:') ? svg : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Starts enrolling a TOTP factor named `name` for the signed-in user. Half-finished enrolments
 * left from an earlier try (unverified factors) are removed first, so the name is free again.
 */
export async function startEnrolment(name: string, issuer: string): Promise<Enrolment> {
  const { mfa } = (await getSupabase()).auth;
  const list = await mfa.listFactors();
  if (list.error) throw list.error;
  for (const f of list.data.all.filter((f) => f.status === 'unverified')) {
    const { error } = await mfa.unenroll({ factorId: f.id });
    if (error) throw error;
  }
  const { data, error } = await mfa.enroll({ factorType: 'totp', friendlyName: name, issuer });
  if (error) throw error;
  return { factorId: data.id, qrCode: svgAddress(data.totp.qr_code), secret: data.totp.secret, uri: data.totp.uri };
}

export type CodeResult = { ok: true } | { ok: false; reason: 'wrong' | 'used' | 'other'; message: string };

/** Checks a code for the factor: challenge, then verify. On success the session is aal2. */
export async function verifyCode(factorId: string, code: string): Promise<CodeResult> {
  const { mfa } = (await getSupabase()).auth;
  const challenge = await mfa.challenge({ factorId });
  if (challenge.error) return { ok: false, reason: 'other', message: challenge.error.message };
  const { error } = await mfa.verify({ factorId, challengeId: challenge.data.id, code });
  if (!error) return { ok: true };
  if (error.code === 'mfa_verification_failed') {
    return /already used/i.test(error.message)
      ? { ok: false, reason: 'used', message: 'This code was already used. Wait for the next one.' }
      : { ok: false, reason: 'wrong', message: 'Wrong code. Enter the 6-digit code your authenticator app shows now.' };
  }
  // The server's own limit on wrong codes (Supabase Auth's, or the stand-in's private.auth_limits).
  if (error.code === 'over_request_rate_limit') {
    return { ok: false, reason: 'other', message: 'Too many tries. Wait a few minutes before the next one.' };
  }
  return { ok: false, reason: 'other', message: error.message };
}

/** Removes a factor (the server requires aal2 for a verified one), then takes a token that says what is left. */
export async function removeFactor(factorId: string): Promise<void> {
  const { auth } = await getSupabase();
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) throw error;
  await auth.refreshSession();
}
