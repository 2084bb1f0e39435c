// The no-script pixel's answer (issue 32): pages carry <noscript><img src="/_px?r=<route>"></noscript>
// when analytics are on (runtime/client/beacon.ts), so a browser without script still counts its page
// view. PostgREST cannot write on a GET, so the pixel is same-origin and the server that answers it
// calls public.track(text) itself, as the beacon would, then sends a 1x1 GIF at once (it never waits for
// the database). `npm start`'s server answers it here; a static host needs its own function for
// /_px (README "Seeing what sells"), without which the image is a 404 and nothing is counted.
//
// What a pixel can tell is less than the beacon: the route (for the not-found page, the address the
// visitor asked for, from the Referer the browser sends to the same origin), and a device class from the
// Sec-CH-UA-Mobile hint (phone or desktop; no viewport without script). No referrer host, no campaign:
// the page's own address and referrer are not the image's. The visitor's address and user agent are
// passed on only so the database can hash them into the day's visitor, as for the beacon.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The smallest transparent GIF. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const ROUTE = /^\/[a-z0-9/-]{0,199}$/;

/** The event a pixel request stands for, or undefined when nothing may be sent (GPC, DNT, a bad route). */
export function pixelEvent(url: URL, headers: IncomingMessage['headers']): { k: 'view' | '404'; r: string; d: string } | undefined {
  if (headers['sec-gpc'] === '1' || headers['dnt'] === '1') return undefined;
  const k = url.searchParams.get('k') === '404' ? '404' : 'view';
  let r = url.searchParams.get('r') ?? '';
  if (k === '404' && typeof headers.referer === 'string') {
    try {
      const from = new URL(headers.referer);
      if (from.host === headers.host) r = (from.pathname.replace(/\/+$/, '') || '/').toLowerCase().replace(/[^a-z0-9/-]/g, '-').slice(0, 200);
    } catch {
      // Not an address: keep the route the page was built with.
    }
  }
  if (!ROUTE.test(r)) return undefined;
  return { k, r, d: headers['sec-ch-ua-mobile'] === '?1' ? 'phone' : 'desktop' };
}

/**
 * Answers GET /_px: the GIF, no-store (each view is a request), and in the background the event posted
 * to `endpoint` (the track function's address, runtime/client/beacon.ts trackEndpoint), carrying the
 * visitor's user agent and address as a proxy in front of Supabase would (cf-connecting-ip).
 */
export function answerPixel(endpoint: string, req: IncomingMessage, url: URL, res: ServerResponse, headers: Record<string, string>, log: (line: string) => void): void {
  const event = pixelEvent(url, req.headers);
  res.writeHead(200, { ...headers, 'content-type': 'image/gif', 'content-length': PIXEL_GIF.length, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : PIXEL_GIF);
  if (!event || req.method === 'HEAD') return;
  fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': String(req.headers['user-agent'] ?? ''), 'cf-connecting-ip': req.socket.remoteAddress ?? '' },
    body: JSON.stringify(event),
  }).then(
    (answer) => answer.ok || log(`pixel: track answered ${answer.status}`),
    (e: unknown) => log(`pixel: track unreachable (${(e as Error).message})`),
  );
}

/** Whether the site under `root` counts (site.config.yaml `analytics`, enabled unless it says false). */
export function analyticsEnabled(root: string): boolean {
  try {
    const analytics = (parse(readFileSync(join(root, 'site.config.yaml'), 'utf8')) as { analytics?: { enabled?: boolean } } | null)?.analytics;
    return analytics !== undefined && analytics !== null && analytics.enabled !== false;
  } catch {
    return false;
  }
}
