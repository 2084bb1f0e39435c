// GoTrue's routes under /auth/v1 that the site uses: password sign-in and
// token refresh, the current user, sign-out, and the TOTP second factor
// (enrol, challenge, verify, unenrol: mfa.ts). Errors come in GoTrue's two
// shapes: {code, message} for clients that send X-Supabase-Api-Version
// (supabase-js does), the older {code, error_code, msg} otherwise.
import { authRetryAfter, noteAuthFailure, type AuthLimitKind } from './auth-limits.ts';
import type { Ctx } from './context.ts';
import type { Sql } from './db.ts';
import { checkApiKey } from './gateway.ts';
import { Reply, ReplyError, bearerToken, clientAddress, header } from './http.ts';
import { JwtError, signLocalJwt, verifyLocalJwt, type Claims } from './jwt.ts';
import { MfaError, challenge, enroll, unenroll, verify } from './mfa.ts';
import { createSession, endSessions, raiseToAal2, rotateRefreshToken, sessionAssurance, sessionExists } from './sessions.ts';
import { findUserById, signInWithPassword, type User } from './users.ts';

const ACCESS_TOKEN_SECONDS = 3600;
const API_VERSION = '2024-01-01';

export async function handleAuth(ctx: Ctx): Promise<Reply> {
  const factor = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(ctx.path);
  const route = factor ? `${ctx.method} /factors/{id}${factor[2] ? `/${factor[2]}` : ''}` : `${ctx.method} ${ctx.path}`;
  const routes = ['POST /token', 'GET /user', 'POST /logout', 'POST /factors', 'POST /factors/{id}/challenge', 'POST /factors/{id}/verify', 'DELETE /factors/{id}'];
  // GoTrue's router answers unknown paths in plain text before any key check.
  if (!routes.includes(route)) {
    const known = routes.some((r) => r.endsWith(` ${route.split(' ')[1]}`));
    return known ? Reply.empty(405) : new Reply(404, '404 page not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  }
  await checkApiKey(ctx.req, ctx.url);
  const newShape = (header(ctx.req, 'x-supabase-api-version') ?? '') >= API_VERSION;
  try {
    if (route === 'POST /token') return withVersion(ctx, await token(ctx));
    if (route === 'GET /user') return withVersion(ctx, Reply.json(200, (await authenticate(ctx)).user));
    if (route === 'POST /logout') return withVersion(ctx, await logout(ctx));
    return withVersion(ctx, await factors(ctx, route, factor ? decodeURIComponent(factor[1]!) : ''));
  } catch (e) {
    if (e instanceof MfaError) throw new ReplyError(withVersion(ctx, new AuthError(e.status, e.code, e.message).reply(newShape)));
    if (e instanceof AuthError) throw new ReplyError(withVersion(ctx, e.reply(newShape)));
    throw e;
  }
}

/** The factor routes: each needs a signed-in user with a live session (GoTrue's requireAuthentication). */
async function factors(ctx: Ctx, route: string, factorId: string): Promise<Reply> {
  const { user, claims } = await authenticate(ctx);
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (!sessionId) throw new AuthError(500, 'unexpected_failure', 'A valid session and a registered user are required to enroll a factor');
  const body = route === 'DELETE /factors/{id}' ? {} : await jsonBody(ctx);
  const verifying = route === 'POST /factors/{id}/verify';
  // Wrong codes are counted per factor, whoever sends them and against whichever challenge.
  const limitKey = factorId.toLowerCase();
  if (verifying) await refuseWhileLimited(ctx, 'totp', limitKey);
  try {
    return await factorRoute(ctx, route, factorId, user, sessionId, body);
  } catch (e) {
    if (verifying && e instanceof MfaError && e.code === 'mfa_verification_failed') await noteAuthFailure(ctx.db, 'totp', limitKey);
    throw e;
  }
}

async function factorRoute(ctx: Ctx, route: string, factorId: string, user: User, sessionId: string, body: Record<string, unknown>): Promise<Reply> {
  return ctx.db.transaction(async (tx) => {
    const { aal } = await sessionAssurance(tx, sessionId);
    if (route === 'POST /factors') {
      const origin = header(ctx.req, 'origin');
      const issuer = origin ? new URL(origin).host : 'localhost';
      return Reply.json(200, await enroll(tx, user, { aal }, { factorType: body.factor_type, friendlyName: body.friendly_name, issuer: body.issuer }, issuer));
    }
    if (route === 'POST /factors/{id}/challenge') return Reply.json(200, await challenge(tx, user.id, factorId, clientAddress(ctx.req)));
    if (route === 'DELETE /factors/{id}') return Reply.json(200, await unenroll(tx, user.id, factorId, { aal }));
    const factor = await verify(tx, user.id, factorId, { challengeId: body.challenge_id, code: body.code }, clientAddress(ctx.req));
    const refreshToken = await raiseToAal2(tx, user.id, sessionId, factor.id);
    const fresh = await findUserById(tx, user.id);
    return session(ctx, fresh!, sessionId, refreshToken, tx);
  });
}

/** GoTrue's answer past a rate limit. */
async function refuseWhileLimited(ctx: Ctx, kind: AuthLimitKind, key: string): Promise<void> {
  if ((await authRetryAfter(ctx.db, kind, key)) > 0) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  reply(newShape: boolean): Reply {
    return newShape
      ? Reply.json(this.status, { code: this.code, message: this.message })
      : Reply.json(this.status, { code: this.status, error_code: this.code, msg: this.message });
  }
}

function withVersion(ctx: Ctx, reply: Reply): Reply {
  if (!header(ctx.req, 'x-supabase-api-version')) return reply;
  return new Reply(reply.status, reply.body, { ...reply.headers, 'x-supabase-api-version': API_VERSION });
}

async function jsonBody(ctx: Ctx): Promise<Record<string, unknown>> {
  try {
    const v = JSON.parse((await ctx.body(64 * 1024)).toString('utf8') || '{}');
    return typeof v === 'object' && v !== null ? v : {};
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
}

async function token(ctx: Ctx): Promise<Reply> {
  const grant = ctx.url.searchParams.get('grant_type');
  const body = await jsonBody(ctx);
  if (grant === 'password') {
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone');
    // Wrong passwords are counted per client address, so nobody elsewhere can lock the owner out.
    const client = clientAddress(ctx.req);
    await refuseWhileLimited(ctx, 'password', client);
    const signedIn = await ctx.db.transaction(async (tx) => {
      const user = await signInWithPassword(tx, email, password);
      if (!user) return undefined;
      const { sessionId, refreshToken } = await createSession(tx, user.id);
      return session(ctx, user, sessionId, refreshToken, tx);
    });
    if (signedIn) return signedIn;
    await noteAuthFailure(ctx.db, 'password', client);
    throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  if (grant === 'refresh_token') {
    const refresh = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!refresh) throw new AuthError(400, 'validation_failed', 'Refresh Token missing');
    return ctx.db.transaction(async (tx) => {
      const r = await rotateRefreshToken(tx, refresh);
      if (!r.ok && r.reason === 'already_used') {
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      if (!r.ok) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const user = await findUserById(tx, r.userId);
      if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return session(ctx, user, r.sessionId, r.refreshToken, tx);
    });
  }
  throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
}

/** A token answer; the claims carry the session's assurance level and methods, as GoTrue's do. */
async function session(ctx: Ctx, user: User, sessionId: string, refreshToken: string, tx: Sql): Promise<Reply> {
  const now = Math.floor(Date.now() / 1000);
  const { aal, amr } = await sessionAssurance(tx, sessionId);
  const claims: Claims = {
    iss: `${ctx.baseUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    email: user.email,
    phone: '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: false,
  };
  const accessToken = await signLocalJwt(claims, ACCESS_TOKEN_SECONDS);
  return Reply.json(200, {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: now + ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    user,
  });
}

/** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
async function authenticate(ctx: Ctx): Promise<{ user: User; claims: Claims }> {
  const bearer = bearerToken(ctx.req);
  if (!bearer) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let claims: Claims;
  try {
    claims = await verifyLocalJwt(bearer);
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    // golang-jwt's wording, which GoTrue passes through.
    const why: Record<string, string> = {
      expired: 'token has invalid claims: token is expired',
      claims: 'token has invalid claims',
      signature: 'token signature is invalid: signature is invalid',
      algorithm: 'token signature is invalid: signing method is invalid',
      malformed: 'token is malformed: token contains an invalid number of segments',
    };
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why[e.kind]}`);
  }
  if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (claims.session_id && !(await sessionExists(ctx.db, claims.session_id))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims };
}

async function logout(ctx: Ctx): Promise<Reply> {
  const scope = ctx.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, claims } = await authenticate(ctx);
  // A token without a session ends them all, as GoTrue does.
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  await endSessions(ctx.db, user.id, sessionId, sessionId ? scope : 'global');
  return Reply.empty(204);
}
