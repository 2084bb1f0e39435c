// The stand-in's Edge Functions (/functions/v1/<name>): every folder of supabase/functions/ (but
// _shared), served on the stand-in's address as a hosted project serves them. Each folder keeps its
// logic in handler.ts, its hosted wiring in index.ts (Deno) and its wiring here in local.ts, whose
// default export makes the handler from a `LocalFunctionContext`: a new function is served by adding
// its folder, with no list to edit. A function writes as the service role, as it does on Supabase with
// SUPABASE_SERVICE_ROLE_KEY, and calls the stand-in's own API as a hosted one calls SUPABASE_URL.
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServiceSql } from '../functions/_shared/mail/list-db.ts';
import { providerOf } from '../../model/sales/event.ts';
import { configurationProblem } from '../functions/checkout-webhook/handler.ts';
import type { Database } from './db.ts';
import { Reply, readBody } from './http.ts';
import type { MailLoop } from './mail-loop.ts';

export interface LocalFunctionContext {
  db: Database;
  /** The stand-in's own address: SUPABASE_URL. */
  url: string;
  anonKey: string;
  /** One statement as service_role. */
  serviceSql: ServiceSql;
  /** CHECKOUT_WEBHOOK_SECRET; without it every checkout webhook is refused, as on a hosted project. */
  checkoutSecret?: string;
  /** site.config.yaml's checkout.provider, or a function reading it at each delivery. */
  checkoutProvider?: string | (() => string | undefined);
  /** The local sender, when the stand-in runs with the mail catcher (npm start, npm run dev, the tests that ask). */
  mail?: { loop: MailLoop; siteOrigin: string; webhookSecret: string };
}

export type LocalFunction = (ctx: LocalFunctionContext) => (request: Request) => Promise<Response>;

const FUNCTIONS_DIR = fileURLToPath(new URL('../functions/', import.meta.url));

/** The functions the stand-in serves: each folder of supabase/functions/ with a local.ts. */
export function localFunctionNames(): string[] {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(FUNCTIONS_DIR, e.name, 'local.ts')))
    .map((e) => e.name)
    .sort();
}

/** Answers /functions/v1/<name> requests; `name` is what follows /functions/v1/. */
export function edgeFunctions(ctx: LocalFunctionContext): (req: IncomingMessage, name: string, baseUrl: string) => Promise<Reply> {
  const names = new Set(localFunctionNames());
  const handlers = new Map<string, Promise<(request: Request) => Promise<Response>>>();
  const handlerOf = (name: string) => {
    let found = handlers.get(name);
    if (!found) {
      found = import(pathToFileURL(join(FUNCTIONS_DIR, name, 'local.ts')).href).then((m: { default: LocalFunction }) => m.default(ctx));
      handlers.set(name, found);
    }
    return found;
  };
  return async (req, name, baseUrl) => {
    if (!names.has(name)) return Reply.json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    const method = req.method ?? 'GET';
    // Handlers refuse past their own limits (1 MB at most); the stand-in reads a little more so they can say so.
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, 1024 * 1024 + 1);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    const response = await (await handlerOf(name))(new Request(new URL(req.url ?? '/', baseUrl), { method, headers, body: body ? new Uint8Array(body) : undefined }));
    return new Reply(response.status, Buffer.from(await response.arrayBuffer()), Object.fromEntries(response.headers));
  };
}

/** Where the secret came from, for the banner: it decides what `npm run checkout:trigger` must be given. */
export type SecretSource = 'local' | 'CHECKOUT_WEBHOOK_SECRET' | 'option';

/** checkout.provider as read now: the option's value, or what its function reads at each delivery. */
export const providerReader = (p: LocalFunctionContext['checkoutProvider']) => (typeof p === 'function' ? p : () => p);

/** The start banner's lines about the webhook: its address, the provider, the secret; and when every sale will be refused. */
export function checkoutWebhookBanner(baseUrl: string, options: Pick<LocalFunctionContext, 'checkoutSecret' | 'checkoutProvider'>, source: SecretSource): string[] {
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
