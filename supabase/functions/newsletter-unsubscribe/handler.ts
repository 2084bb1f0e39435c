// newsletter-unsubscribe (issue 51): the address every newsletter's List-Unsubscribe header names,
// one per delivery (?t=<its unsubscribe token>).
// - POST (RFC 8058 one-click: a mail client posts List-Unsubscribe=One-Click, no cookie, no page):
//   public.unsubscribe(token) as a visitor; 200 with an empty body once the address is off the list,
//   404 for a token we never sent (forged or altered: nobody is unsubscribed), 400 for no token.
// - GET (someone opened the address): 303 to the site's /newsletter/unsubscribe?t=…, which shows the
//   address, Leave the list, a way back and Delete everything about me. A GET changes nothing.
// No Supabase key is asked for (a mail client has none): deploy with --no-verify-jwt.
import { TOKEN_PATTERN } from '../_shared/mail/tokens.ts';

export interface UnsubscribeOptions {
  /** The project's address: public.unsubscribe is called through PostgREST, as a visitor. */
  supabaseUrl: string;
  anonKey: string;
  /** Where the site's pages are: site.url hosted, http://localhost:<PORT> locally. */
  siteOrigin: string;
}

const empty = (status: number) => new Response(null, { status, headers: { 'cache-control': 'no-store' } });
const text = (status: number, message: string) => new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export function newsletterUnsubscribe(options: UnsubscribeOptions): (request: Request) => Promise<Response> {
  const rpc = `${options.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/unsubscribe`;
  const page = `${options.siteOrigin.replace(/\/+$/, '')}/newsletter/unsubscribe`;
  return async (request) => {
    const token = new URL(request.url).searchParams.get('t') ?? '';
    const wellFormed = TOKEN_PATTERN.test(token);
    if (request.method === 'GET' || request.method === 'HEAD') {
      return new Response(null, { status: 303, headers: { location: wellFormed ? `${page}?t=${encodeURIComponent(token)}` : page, 'cache-control': 'no-store' } });
    }
    if (request.method !== 'POST') return text(405, 'POST to leave the list (RFC 8058), or open this address to see the page');
    // The body (List-Unsubscribe=One-Click) carries nothing more: the token is the whole request.
    await request.arrayBuffer().catch(() => undefined);
    if (!wellFormed) return text(token ? 404 : 400, token ? 'this link is not one we sent' : 'no token: use the address from a mail\'s List-Unsubscribe header');
    let response: Response;
    try {
      response = await fetch(rpc, {
        method: 'POST',
        headers: { apikey: options.anonKey, authorization: `Bearer ${options.anonKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ p_token: token }),
      });
    } catch {
      return text(503, 'the list could not be reached; try again');
    }
    await response.arrayBuffer();
    if (response.ok) return empty(200);
    // 404 forged; anything else is ours: a 5xx the mail client may try again.
    return response.status === 404 ? text(404, 'this link is not one we sent') : text(response.status >= 500 ? response.status : 500, 'the list could not take this request; try again');
  };
}
