// The Cloudflare Pages worker the build writes as dist/_worker.js ("advanced mode": Pages runs a
// _worker.js found in the output folder, and ignores a functions/ folder; see docs/deploying/static-hosts.md). It answers
// only the routes under an experiment (dist/_routes.json sends it nothing else) and hands every
// other request to the static assets. Bundled by generator/host/edge-files.ts with its routes and
// the site's security headers: Pages applies `_headers` to the static assets it serves, but not to a
// Functions' response (developers.cloudflare.com/pages/configuration/headers), so without them an
// experiment's page would go out without its Content-Security-Policy, framing and sniffing rules.
// It also answers the variants' own addresses (listed in _routes.json too) with the site's 404: a
// variant is shown only to the visitors chosen for it.
import { chooseVariant } from '../../../model/analytics/choose-variant.ts';
import { CONTROL, decodedPath, EXPERIMENT_HEADERS, experimentAt, variantAddresses, variantPath, type ExperimentRoutes } from '../../../model/analytics/experiment.ts';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  EXPERIMENT_SECRET?: string;
}

/** An asset, following Pages' redirect from an .html address to its "pretty" one, so the visitor's address stays. */
async function asset(env: Env, url: URL, request: Request): Promise<Response> {
  const res = await env.ASSETS.fetch(request);
  const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
  return location ? env.ASSETS.fetch(new Request(new URL(location, url), request)) : res;
}

/**
 * `headers`: the rules for every path that the build writes to _headers (generator/host/security-headers.ts),
 * sent with every answer of the worker, whatever the method.
 */
export async function handle(request: Request, env: Env, routes: ExperimentRoutes, headers: Record<string, string>): Promise<Response> {
  const url = new URL(request.url);
  const secured = (res: Response, extra: Record<string, string> = {}, status = res.status) => {
    const out = new Response(res.body, { status, statusText: status === res.status ? res.statusText : 'Not Found', headers: res.headers });
    for (const [name, value] of Object.entries({ ...headers, ...extra })) out.headers.set(name, value);
    return out;
  };
  const path = decodedPath(url.pathname);
  if (path !== undefined && variantAddresses(routes).includes(path)) {
    const page = await asset(env, url, new Request(new URL('/404.html', url), { method: request.method === 'HEAD' ? 'HEAD' : 'GET' }));
    return secured(page, { 'cache-control': 'no-cache' }, 404);
  }
  const experiment = experimentAt(routes, url.pathname);
  if (!experiment || (request.method !== 'GET' && request.method !== 'HEAD')) return secured(await env.ASSETS.fetch(request), experiment ? EXPERIMENT_HEADERS : {});
  const variant = await chooseVariant({
    experiment: experiment.id,
    arms: experiment.arms,
    // Written by Cloudflare's edge; a visitor cannot set it.
    address: request.headers.get('cf-connecting-ip') ?? '',
    userAgent: request.headers.get('user-agent') ?? '',
    secret: env.EXPERIMENT_SECRET,
    start: experiment.start,
  });
  const res = await asset(env, url, variant === CONTROL ? request : new Request(new URL(variantPath(experiment.route, variant), url), request));
  return secured(res, EXPERIMENT_HEADERS);
}
