// GoTrue's routes under /auth/v1 that the site uses: password sign-in and
// token refresh, the current user, and sign-out. Errors come in GoTrue's two
// shapes: {code, message} for clients that send X-Supabase-Api-Version
// (supabase-js does), the older {code, error_code, msg} otherwise.
import type { Ctx } from './context.ts';
import { checkApiKey } from './gateway.ts';
import { Reply, ReplyError, bearerToken, header } from './http.ts';
import { JwtError, signLocalJwt, verifyLocalJwt, type Claims } from './jwt.ts';
import { createSession, endSessions, rotateRefreshToken, sessionExists } from './sessions.ts';
import { findUserById, signInWithPassword, type User } from './users.ts';

const ACCESS_TOKEN_SECONDS = 3600;
const API_VERSION = '2024-01-01';

export async function handleAuth(ctx: Ctx): Promise<Reply> {
  const route = `${ctx.method} ${ctx.path}`;
  // GoTrue's router answers unknown paths in plain text before any key check.
  if (!['POST /token', 'GET /user', 'POST /logout'].includes(route)) {
    const known = ['/token', '/user', '/logout'].includes(ctx.path);
    return known ? Reply.empty(405) : new Reply(404, '404 page not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  }
  await checkApiKey(ctx.req, ctx.url);
  const newShape = (header(ctx.req, 'x-supabase-api-version') ?? '') >= API_VERSION;
  try {
    if (route === 'POST /token') return withVersion(ctx, await token(ctx));
    if (route === 'GET /user') return withVersion(ctx, Reply.json(200, (await authenticate(ctx)).user));
    return withVersion(ctx, await logout(ctx));
  } catch (e) {
    if (e instanceof AuthError) throw new ReplyError(withVersion(ctx, e.reply(newShape)));
    throw e;
  }
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
    return ctx.db.transaction(async (tx) => {
      const user = await signInWithPassword(tx, email, password);
      if (!user) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
      const { sessionId, refreshToken } = await createSession(tx, user.id);
      return session(ctx, user, sessionId, refreshToken);
    });
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
      return session(ctx, user, r.sessionId, r.refreshToken);
    });
  }
  throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
}

async function session(ctx: Ctx, user: User, sessionId: string, refreshToken: string): Promise<Reply> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Claims = {
    iss: `${ctx.baseUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    email: user.email,
    phone: '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
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
