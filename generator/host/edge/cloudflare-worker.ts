// The Cloudflare Pages worker the build writes as dist/_worker.js ("advanced mode": Pages runs a
// _worker.js found in the output folder, and ignores a functions/ folder; see the README). It answers
// only the routes under an experiment (dist/_routes.json sends it nothing else) and hands every
// other request to the static assets. Bundled by generator/host/edge-files.ts with its routes and
// the site's security headers: Pages applies `_headers` to the static assets it serves, but not to a
// Functions' response (developers.cloudflare.com/pages/configuration/headers), so without them an
// experiment's page would go out without its Content-Security-Policy, framing and sniffing rules.
import { chooseVariant } from '../../../model/analytics/choose-variant.ts';
import { CONTROL, EXPERIMENT_HEADERS, experimentAt, variantPath, type ExperimentRoutes } from '../../../model/analytics/experiment.ts';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  EXPERIMENT_SECRET?: string;
}

/** `headers`: the rules for every path that the build writes to _headers (generator/host/security-headers.ts). */
export async function handle(request: Request, env: Env, routes: ExperimentRoutes, headers: Record<string, string>): Promise<Response> {
  const url = new URL(request.url);
  const experiment = request.method === 'GET' || request.method === 'HEAD' ? experimentAt(routes, url.pathname) : undefined;
  if (!experiment) return env.ASSETS.fetch(request);
  const variant = await chooseVariant({
    experiment: experiment.id,
    arms: experiment.arms,
    // Written by Cloudflare's edge; a visitor cannot set it.
    address: request.headers.get('cf-connecting-ip') ?? '',
    userAgent: request.headers.get('user-agent') ?? '',
    secret: env.EXPERIMENT_SECRET,
  });
  let res = await env.ASSETS.fetch(variant === CONTROL ? request : new Request(new URL(variantPath(experiment.route, variant), url), request));
  // Pages answers an .html address with a redirect to its "pretty" one; follow it here, so the
  // visitor's address stays the page's own.
  const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
  if (location) res = await env.ASSETS.fetch(new Request(new URL(location, url), request));
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries({ ...headers, ...EXPERIMENT_HEADERS })) out.headers.set(name, value);
  return out;
}
