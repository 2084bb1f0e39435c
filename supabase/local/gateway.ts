// The API gateway in front of the services: the `apikey` check Supabase's
// gateway makes before a request reaches PostgREST, GoTrue or Storage.
import type { IncomingMessage } from 'node:http';
import { Reply, ReplyError, header } from './http.ts';
import { verifyLocalJwt, type Claims } from './jwt.ts';

/** Verifies the apikey (header or ?apikey=); returns its claims, or throws the gateway's 401. */
export async function checkApiKey(req: IncomingMessage, url: URL): Promise<Claims> {
  const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
  if (!key) {
    throw new ReplyError(
      Reply.json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }),
    );
  }
  try {
    const claims = await verifyLocalJwt(key);
    // Only the anon key is issued locally; no service_role key exists here.
    if (claims.role === 'anon') return claims;
  } catch {
    // fall through to the same answer as any unknown key
  }
  throw new ReplyError(
    Reply.json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }),
  );
}

/** Kong's answer for a path no service is mounted on. */
export function noRoute(): Reply {
  return Reply.json(404, { message: 'no Route matched with those values' });
}
