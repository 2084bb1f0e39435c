// The no-script pixel (issue 32), one module for every server that answers it: `npm start`
// (generator/host/pixel-server.ts), the Cloudflare Pages worker and the Netlify Edge Function the build writes
// (generator/host/edge/). Pages carry <noscript><img src="/_px?r=<route>"></noscript> when analytics are on
// (model/analytics/event.ts pixelAddress), so a browser without script still counts its page view. PostgREST
// cannot write on a GET, so the pixel is same-origin and the server that answers it calls
// public.track(text) itself, as the beacon would, and answers a 1x1 GIF without waiting for it.
//
// What a pixel can tell is less than the beacon: the route (for the not-found page, the address the
// visitor asked for, from the Referer the browser sends to the same origin), and a device class from the
// Sec-CH-UA-Mobile hint (phone or desktop; no viewport without script). No referrer host, no campaign:
// the page's own address and referrer are not the image's.
//
// The visitor's address. The database counts a client by the `cf-connecting-ip` header that Cloudflare,
// in front of hosted Supabase, writes from the connection it accepted: here that connection is the
// server's, not the visitor's, and Cloudflare replaces any value the server sends (from a Worker in
// another zone it writes 2a06:98c0:3600::103 for every request). So the server names the visitor in
// `x-analytics-client`, and proves it is the site's own server with `x-analytics-key`: a secret
// (ANALYTICS_PROXY_SECRET) whose sha256 the database holds in private.analytics_proxy
// (supabase/migrations/20251222000000_analytics_proxy.sql). A visitor who sends these headers without
// the secret is counted by cf-connecting-ip as ever. Without a secret the pixel forwards nothing: every
// no-script visitor would be one client, the server's, sharing its hourly cap.

import type { AnalyticsEvent, Device, EventKind } from './event.ts';

export const PIXEL_PATH = '/_px';

/** The smallest transparent GIF. */
export const PIXEL_GIF_BASE64 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** What every pixel answer carries: a GIF, never cached (each view is a request). */
export const PIXEL_HEADERS = { 'content-type': 'image/gif', 'cache-control': 'no-store' } as const;

/** The headers naming the visitor to the database, and proving who names it (the migration reads them). */
export const PROXY_KEY_HEADER = 'x-analytics-key';
export const PROXY_CLIENT_HEADER = 'x-analytics-client';

/** The environment variable holding the proxy secret, on this machine and on the host. */
export const PROXY_SECRET_ENV = 'ANALYTICS_PROXY_SECRET';

/** What a pixel can tell of the event (event.ts): a view or a not-found view, the route, phone or desktop. */
export type PixelEvent = Pick<AnalyticsEvent, 'r'> & { k: Extract<EventKind, 'view' | '404'>; d: Extract<Device, 'phone' | 'desktop'> };

const ROUTE = /^\/[a-z0-9/-]{0,199}$/;

/** The event a pixel request stands for, or undefined when nothing may be sent (GPC, DNT, a bad route). */
export function pixelEvent(url: URL, header: (name: string) => string | null | undefined): PixelEvent | undefined {
  if (header('sec-gpc') === '1' || header('dnt') === '1') return undefined;
  const k = url.searchParams.get('k') === '404' ? '404' : 'view';
  let r = url.searchParams.get('r') ?? '';
  const referer = header('referer');
  if (k === '404' && referer) {
    try {
      const from = new URL(referer);
      if (from.host === (header('host') ?? url.host)) r = (from.pathname.replace(/\/+$/, '') || '/').toLowerCase().replace(/[^a-z0-9/-]/g, '-').slice(0, 200);
    } catch {
      // Not an address: keep the route the page was built with.
    }
  }
  if (!ROUTE.test(r)) return undefined;
  return { k, r, d: header('sec-ch-ua-mobile') === '?1' ? 'phone' : 'desktop' };
}

/** Who the visitor is, as the server answering the pixel saw them. */
export interface PixelVisitor {
  /** The address the host's edge saw the visitor connect from (never a header the visitor wrote). */
  address: string;
  userAgent: string;
}

/** The call to track() that counts `event` for `visitor`: the beacon's body, the visitor named and the server proven. */
export function trackRequest(endpoint: string, event: PixelEvent, visitor: PixelVisitor, secret: string): [string, RequestInit] {
  return [
    endpoint,
    {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': visitor.userAgent,
        [PROXY_CLIENT_HEADER]: visitor.address,
        [PROXY_KEY_HEADER]: secret,
      },
      body: JSON.stringify(event),
    },
  ];
}

/**
 * The pixel on a host with the Fetch API (a Worker, an Edge Function): the GIF to answer at once, and
 * the call to track() to let finish after it (undefined when nothing is counted).
 */
export function pixelResponse(request: Request, visitor: PixelVisitor, endpoint: string, secret: string | undefined): { response: Response; counted?: Promise<unknown> } {
  const gif = Uint8Array.from(atob(PIXEL_GIF_BASE64), (c) => c.charCodeAt(0));
  const response = new Response(request.method === 'HEAD' ? null : gif, { headers: { ...PIXEL_HEADERS, 'content-length': String(gif.length) } });
  if (request.method !== 'GET' || !secret) return { response };
  const event = pixelEvent(new URL(request.url), (name) => request.headers.get(name));
  if (!event) return { response };
  // A failed count is the visitor's loss, never an error page: the image has been answered.
  const counted = fetch(...trackRequest(endpoint, event, visitor, secret)).then(
    (r) => r.body?.cancel(),
    () => undefined,
  );
  return { response, counted };
}
