// The stand-in's Edge Functions (/functions/v1/<name>): the project's own modules in
// supabase/functions/, served on the stand-in's address as a hosted project serves them. Only
// checkout-webhook exists. It writes as the service role, the one role that may call
// public.record_checkout_event, as the function does on Supabase with SUPABASE_SERVICE_ROLE_KEY.
import type { IncomingMessage } from 'node:http';
import { checkoutWebhook } from '../functions/checkout-webhook/handler.ts';
import type { Database } from './db.ts';
import { Reply, readBody } from './http.ts';

export interface FunctionsOptions {
  /** CHECKOUT_WEBHOOK_SECRET; without it every webhook is refused, as on a hosted project. */
  checkoutSecret?: string;
  /** site.config.yaml's checkout.provider. */
  checkoutProvider?: string;
}

/** Answers /functions/v1/<name> requests; `name` is what follows /functions/v1/. */
export function edgeFunctions(db: Database, options: FunctionsOptions): (req: IncomingMessage, name: string, baseUrl: string) => Promise<Reply> {
  const webhook = checkoutWebhook({
    secret: options.checkoutSecret,
    provider: options.checkoutProvider,
    // One round trip: a multi-statement query is one implicit transaction, so SET LOCAL holds for the
    // call and an error rolls back both. The event is JSON the handler built, quoted as a literal
    // (standard_conforming_strings, PostgreSQL's default: only ' needs doubling).
    record: async (event) => {
      const literal = `'${JSON.stringify(event).replace(/'/g, "''")}'`;
      const results = await db.exec(`set local role service_role; select public.record_checkout_event(${literal}::jsonb) as answer`);
      const answer = results.at(-1)?.[0]?.answer as { recorded: boolean } | string | undefined;
      return (typeof answer === 'string' ? (JSON.parse(answer) as { recorded: boolean }) : answer!).recorded;
    },
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
