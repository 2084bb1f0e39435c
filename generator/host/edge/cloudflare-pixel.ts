// The no-script pixel (/_px) in the Cloudflare Pages worker the build writes (dist/_worker.js, with
// /_px in dist/_routes.json): model/analytics/pixel.ts, as npm start answers it. Bundled by
// generator/host/edge-files.ts when the site counts.
import { pixelResponse } from '../../../model/analytics/pixel.ts';

interface Env {
  ANALYTICS_PROXY_SECRET?: string;
}

interface Context {
  waitUntil(promise: Promise<unknown>): void;
}

export function handlePixel(request: Request, env: Env, context: Context, endpoint: string): Response {
  const { response, counted } = pixelResponse(
    request,
    // Written by Cloudflare's edge from the connection it accepted; a visitor cannot set it.
    { address: request.headers.get('cf-connecting-ip') ?? '', userAgent: request.headers.get('user-agent') ?? '' },
    endpoint,
    env.ANALYTICS_PROXY_SECRET || undefined,
  );
  // The GIF goes at once; the count finishes after it.
  if (counted) context.waitUntil(counted);
  return response;
}
