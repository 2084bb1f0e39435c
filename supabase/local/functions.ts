// The stand-in's Edge Functions (/functions/v1/<name>): the project's own modules in
// supabase/functions/, served on the stand-in's address as a hosted project serves them. Only
// checkout-webhook exists. It writes as the service role, the one role that may call
// public.record_checkout_event and public.log_checkout_delivery, as the function does on Supabase
// with SUPABASE_SERVICE_ROLE_KEY.
import type { IncomingMessage } from 'node:http';
import { providerOf } from '../functions/checkout-webhook/event.ts';
import { checkoutWebhook, configurationProblem, type Recorded } from '../functions/checkout-webhook/handler.ts';
import type { Database } from './db.ts';
import { Reply, readBody } from './http.ts';

export interface FunctionsOptions {
  /** CHECKOUT_WEBHOOK_SECRET; without it every webhook is refused, as on a hosted project. */
  checkoutSecret?: string;
  /** site.config.yaml's checkout.provider, or a function reading it at each delivery. */
  checkoutProvider?: string | (() => string | undefined);
}

/** Where the secret came from, for the banner: it decides what `npm run checkout:trigger` must be given. */
export type SecretSource = 'local' | 'CHECKOUT_WEBHOOK_SECRET' | 'option';

const providerReader = (p: FunctionsOptions['checkoutProvider']) => (typeof p === 'function' ? p : () => p);

/**
 * Calls a service-role function with one jsonb argument in one round trip: a multi-statement query
 * is one implicit transaction, so SET LOCAL holds for the call and an error rolls back both. The
 * argument is JSON the handler built, quoted as a literal (standard_conforming_strings, PostgreSQL's
 * default: only ' needs doubling).
 */
async function asServiceRole(db: Database, fn: string, argument: object): Promise<unknown> {
  const literal = `'${JSON.stringify(argument).replace(/'/g, "''")}'`;
  const results = await db.exec(`set local role service_role; select public.${fn}(${literal}::jsonb) as answer`);
  const answer = results.at(-1)?.[0]?.answer;
  // A void function answers '' (PGlite) or null; a jsonb one JSON text (PGlite) or the parsed value (pg).
  return typeof answer === 'string' && answer !== '' ? JSON.parse(answer) : answer;
}

/** Answers /functions/v1/<name> requests; `name` is what follows /functions/v1/. */
export function edgeFunctions(db: Database, options: FunctionsOptions): (req: IncomingMessage, name: string, baseUrl: string) => Promise<Reply> {
  const webhook = checkoutWebhook({
    secret: options.checkoutSecret,
    provider: providerReader(options.checkoutProvider),
    record: async (event) => (await asServiceRole(db, 'record_checkout_event', event)) as Recorded,
    log: async (delivery) => void (await asServiceRole(db, 'log_checkout_delivery', delivery)),
  });
  return async (req, name, baseUrl) => {
    if (name !== 'checkout-webhook') return Reply.json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    const method = req.method ?? 'GET';
    // The handler refuses past 1 MB itself; the stand-in reads a little more so it can say so.
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, 1024 * 1024 + 1);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    const response = await webhook(new Request(new URL(req.url ?? '/', baseUrl), { method, headers, body: body ? new Uint8Array(body) : undefined }));
    return new Reply(response.status, Buffer.from(await response.arrayBuffer()), Object.fromEntries(response.headers));
  };
}

/** The start banner's lines about the webhook: its address, the provider, the secret; and when every sale will be refused. */
export function checkoutWebhookBanner(baseUrl: string, options: FunctionsOptions, source: SecretSource): string[] {
  const name = providerReader(options.checkoutProvider)();
  const problem = configurationProblem(options.checkoutSecret, name);
  const secret = !options.checkoutSecret
    ? 'none (CHECKOUT_WEBHOOK_SECRET is empty)'
    : source === 'local'
      ? "the stand-in's local one, which `npm run checkout:trigger` signs with"
      : source === 'CHECKOUT_WEBHOOK_SECRET'
        ? 'CHECKOUT_WEBHOOK_SECRET (give `npm run checkout:trigger` the same)'
        : 'set by the caller';
  return [
    `  checkout webhook: ${baseUrl}/functions/v1/checkout-webhook`,
    `    provider: ${providerOf(name) ? name : JSON.stringify(name ?? '')} (site.config.yaml's checkout.provider, read at each delivery)`,
    `    secret:   ${secret}`,
    ...(problem ? [`    ✗ every sale will be refused: ${problem}`] : []),
  ];
}
