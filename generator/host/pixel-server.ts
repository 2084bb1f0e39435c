// The no-script pixel on `npm start`'s server: model/analytics/pixel.ts says what it counts and how the visitor
// is named to the database; the Cloudflare worker and the Netlify Edge Function the build writes use
// the same module (generator/host/edge/). Here on Node's http server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PIXEL_GIF_BASE64, PIXEL_HEADERS, pixelEvent, trackRequest } from '../../model/analytics/pixel.ts';

/** The smallest transparent GIF. */
export const PIXEL_GIF = Buffer.from(PIXEL_GIF_BASE64, 'base64');

/** Where the pixel's page views go: the track function's address, and the proxy secret that lets the server name the visitor. */
export interface PixelTarget {
  endpoint: string;
  /** ANALYTICS_PROXY_SECRET; without it nothing is forwarded (model/analytics/pixel.ts says why). */
  secret: string | undefined;
}

/** Answers GET /_px: the GIF at once, and in the background the page view posted to track(). */
export function answerPixel(target: PixelTarget, req: IncomingMessage, url: URL, res: ServerResponse, headers: Record<string, string>, log: (line: string) => void): void {
  res.writeHead(200, { ...headers, ...PIXEL_HEADERS, 'content-length': PIXEL_GIF.length });
  res.end(req.method === 'HEAD' ? undefined : PIXEL_GIF);
  if (req.method === 'HEAD' || !target.secret) return;
  const event = pixelEvent(url, (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  });
  if (!event) return;
  const visitor = { address: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''), userAgent: String(req.headers['user-agent'] ?? '') };
  fetch(...trackRequest(target.endpoint, event, visitor, target.secret)).then(
    (answer) => answer.ok || log(`pixel: track answered ${answer.status}`),
    (e: unknown) => log(`pixel: track unreachable (${(e as Error).message})`),
  );
}
