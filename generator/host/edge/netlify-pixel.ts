// The no-script pixel (/_px) as a Netlify Edge Function the build writes
// (dist/_netlify/edge-functions/pixel.js): model/analytics/pixel.ts, as npm start answers it. Bundled by
// generator/host/edge-files.ts when the site counts.
import { pixelResponse } from '../../../model/analytics/pixel.ts';

interface Context {
  /** The visitor's address, from the connection Netlify's edge accepted. */
  ip: string;
  waitUntil?(promise: Promise<unknown>): void;
}

export async function handlePixel(request: Request, context: Context, endpoint: string, secret: string | undefined): Promise<Response> {
  const { response, counted } = pixelResponse(request, { address: context.ip ?? '', userAgent: request.headers.get('user-agent') ?? '' }, endpoint, secret || undefined);
  // The GIF goes at once where the platform lets the count finish after it; otherwise the count first.
  if (counted) {
    if (context.waitUntil) context.waitUntil(counted);
    else await counted;
  }
  return response;
}
