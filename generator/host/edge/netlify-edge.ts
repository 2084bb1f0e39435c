// The Netlify Edge Function the build writes as dist/_netlify/edge-functions/experiments.js (point
// netlify.toml's `edge_functions` at that folder; see docs/deploying/static-hosts.md). Its `config.path` lists only the
// routes under an experiment and the variants' own addresses, which answer the site's 404. Bundled by
// generator/host/edge-files.ts with its routes.
import { chooseVariant } from '../../../model/analytics/choose-variant.ts';
import { CONTROL, decodedPath, EXPERIMENT_HEADERS, experimentAt, variantAddresses, variantPath, type ExperimentRoutes } from '../../../model/analytics/experiment.ts';

interface Context {
  ip: string;
  next(request?: Request): Promise<Response>;
}

export async function handle(request: Request, context: Context, routes: ExperimentRoutes, secret: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const path = decodedPath(url.pathname);
  if (path !== undefined && variantAddresses(routes).includes(path)) {
    const page = await context.next(new Request(new URL('/404.html', url), { method: request.method === 'HEAD' ? 'HEAD' : 'GET' }));
    return new Response(page.body, { status: 404, headers: page.headers });
  }
  const experiment = request.method === 'GET' || request.method === 'HEAD' ? experimentAt(routes, url.pathname) : undefined;
  if (!experiment) return context.next();
  const variant = await chooseVariant({ experiment: experiment.id, arms: experiment.arms, address: context.ip ?? '', userAgent: request.headers.get('user-agent') ?? '', secret, start: experiment.start });
  const res = await context.next(variant === CONTROL ? undefined : new Request(new URL(variantPath(experiment.route, variant), url), request));
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries(EXPERIMENT_HEADERS)) out.headers.set(name, value);
  return out;
}
