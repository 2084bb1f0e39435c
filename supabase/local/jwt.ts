// Signing and verifying the stand-in's HS256 JWTs with jose, as GoTrue,
// PostgREST and Storage do with the project's JWT secret.
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import { LOCAL_JWT_SECRET } from './keys.ts';

const key = new TextEncoder().encode(LOCAL_JWT_SECRET);

export type Claims = JWTPayload & {
  role?: string;
  email?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
};

/** Signs claims with the local secret; `expiresIn` in seconds (default one hour). */
export async function signLocalJwt(claims: Claims, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + expiresIn)
    .sign(key);
}

type JwtFailure = 'expired' | 'signature' | 'malformed' | 'algorithm' | 'claims';

export class JwtError extends Error {
  constructor(
    readonly kind: JwtFailure,
    message: string,
    readonly parts = 3,
  ) {
    super(message);
  }
}

/** Verifies a token; throws JwtError saying why it was refused (each service words it its own way). */
export async function verifyLocalJwt(token: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return payload as Claims;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (e instanceof errors.JWTExpired) throw new JwtError('expired', message);
    if (e instanceof errors.JWSSignatureVerificationFailed) throw new JwtError('signature', message);
    if (e instanceof errors.JOSEAlgNotAllowed) throw new JwtError('algorithm', message);
    if (e instanceof errors.JWTClaimValidationFailed) throw new JwtError('claims', message);
    throw new JwtError('malformed', message, token.split('.').length);
  }
}
