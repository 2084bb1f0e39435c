// The local stand-in for Supabase: one HTTP server answering the routes the
// site uses (PostgREST, GoTrue, Storage) on the project's own migrations, on
// embedded PGlite or a real PostgreSQL. For development and tests only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handleAuth } from './auth.ts';
import type { DatabaseCatalogue } from '../../model/sales/catalogue.ts';
import { BUY_CLICKS_PATH, answerBuyClicks } from './buy-clicks.ts';
import { checkoutWebhookBanner, edgeFunctions, type SecretSource } from './functions.ts';
import type { Ctx } from './context.ts';
import { openDatabase, type Database, type Sql } from './db.ts';
import { noRoute } from './gateway.ts';
import { BodyTooLarge, Reply, ReplyError, readBody, writeReply } from './http.ts';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD, LOCAL_ADMIN_TOTP_SECRET, LOCAL_ANON_KEY, LOCAL_CHECKOUT_WEBHOOK_SECRET, LOCAL_MAIL_WEBHOOK_SECRET } from './keys.ts';
import { QUEUEING_FUNCTIONS, standInServiceSql, startMailLoop, type LocalMailOptions, type MailLoop } from './mail-loop.ts';
import { AppliedMigrationDiffers, prepareDatabase } from './migrate.ts';
import { openDataFolder } from './open-data.ts';
import { diskObjectStore, memoryObjectStore, type ObjectStore } from './object-store.ts';
import { handleRest } from './rest.ts';
import { seedAdmin, seedPreviews } from './seed.ts';
import { upsertUser } from './users.ts';
import { handleStorage } from './storage.ts';

interface StandInOptions {
  /** Default SUPABASE_PORT or 54321; 0 picks any free port. */
  port?: number;
  /** Default HOST or 127.0.0.1. */
  host?: string;
  /** PGlite files and object bytes; default DATA_DIR or <repo>/.data. */
  dataDir?: string;
  /** Database and objects in memory, gone on close (tests). */
  memory?: boolean;
  /** A real PostgreSQL server instead of PGlite; default DATABASE_URL (ignored with memory). */
  databaseUrl?: string;
  /** Default ADMIN_EMAIL or admin@example.com. */
  adminEmail?: string;
  /** Default ADMIN_PASSWORD or local-admin-password. */
  adminPassword?: string;
  /** The local admin's TOTP secret (base32), given to them unless they have a factor; default ADMIN_TOTP_SECRET or LOCAL_ADMIN_TOTP_SECRET. */
  adminTotpSecret?: string;
  /** No start-up banner. */
  quiet?: boolean;
  /** The secret npm start's no-script pixel names its visitors with (model/analytics/pixel.ts): its sha256 is stored in private.analytics_proxy. */
  analyticsProxySecret?: string;
  /** site.config.yaml's analytics.rawDays: stored in analytics.settings.raw_days before the fold, so the database keeps what the privacy page says. */
  analyticsRawDays?: number;
  /** The catalogue the site was built with (model/sales/catalogue.ts), published at start so track() checks events against it. */
  catalogue?: DatabaseCatalogue;
  /** The checkout webhook's signing secret; default CHECKOUT_WEBHOOK_SECRET, else the local one (keys.ts). An empty one refuses every webhook. */
  checkoutSecret?: string;
  /** site.config.yaml's checkout.provider, whose signatures /functions/v1/checkout-webhook verifies; or a function reading it at each delivery. */
  checkoutProvider?: string | (() => string | undefined);
  /**
   * Count headless browsers as the browsers they are (default STANDIN_COUNT_HEADLESS=1): the stand-in,
   * being the edge, hands the database "Chrome" where the user agent says "HeadlessChrome", so an
   * automated test of the buy flow is counted. Local only: a hosted project counts them as bots.
   */
  countHeadless?: boolean;
  /** Send the list's mail to the local catcher (mail-catcher.ts); without it no mail is sent. */
  mail?: LocalMailOptions;
}

export interface StandIn {
  url: string;
  anonKey: string;
  /** Adds a user who can sign in with a password (tests, local experiments); returns the id. */
  createUser(email: string, password: string, appMetadata?: Record<string, unknown>): Promise<string>;
  /** Queries as the database owner, past row-level security: for tests and local tooling only. */
  query: Sql['query'];
  /** Deletes an object, its row and its bytes, past row-level security: for tests and local tooling only. */
  removeObject(bucket: string, name: string): Promise<void>;
  /** The local sender, with `mail`: drain() sends what is due now (tests). */
  mail?: MailLoop;
  close(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const JSON_BODY_LIMIT = 1024 * 1024;

/** The stand-in's settings: each option, else its environment variable, else the local default. */
function standInSettings(opts: StandInOptions) {
  const env = process.env;
  const memory = opts.memory ?? false;
  return {
    port: opts.port ?? Number(env.SUPABASE_PORT ?? 54321),
    host: opts.host ?? env.HOST ?? '127.0.0.1',
    memory,
    dataDir: resolve(opts.dataDir ?? env.DATA_DIR ?? join(REPO_ROOT, '.data')),
    databaseUrl: opts.databaseUrl ?? (memory ? undefined : env.DATABASE_URL || undefined),
    adminEmail: opts.adminEmail ?? env.ADMIN_EMAIL ?? LOCAL_ADMIN_EMAIL,
    adminPassword: opts.adminPassword ?? env.ADMIN_PASSWORD ?? LOCAL_ADMIN_PASSWORD,
    adminTotpSecret: opts.adminTotpSecret ?? env.ADMIN_TOTP_SECRET ?? LOCAL_ADMIN_TOTP_SECRET,
    checkoutSecret: opts.checkoutSecret ?? env.CHECKOUT_WEBHOOK_SECRET ?? LOCAL_CHECKOUT_WEBHOOK_SECRET,
    secretSource: (opts.checkoutSecret !== undefined ? 'option' : env.CHECKOUT_WEBHOOK_SECRET !== undefined ? 'CHECKOUT_WEBHOOK_SECRET' : 'local') as SecretSource,
    countHeadless: opts.countHeadless ?? env.STANDIN_COUNT_HEADLESS === '1',
    mailWebhookSecret: opts.mail?.webhookSecret ?? env.MAIL_WEBHOOK_SECRET ?? LOCAL_MAIL_WEBHOOK_SECRET,
  };
}
type Settings = ReturnType<typeof standInSettings>;

/** What answers a request once the database is ready. */
interface Services {
  db: Database;
  objects: ObjectStore;
  functions: ReturnType<typeof edgeFunctions>;
  /** The local sender, with `mail`. */
  mail?: MailLoop;
}

/** Listens on the port, and returns the address to give clients. A port in use says what to do. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(
        e.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${host} is in use: is the stand-in (or \`supabase start\`) already running? Set SUPABASE_PORT to use another.`)
          : e,
      ),
    );
    server.listen(port, host, () => ok());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;
}

/**
 * Writes what this start was given into the database: the pixel's secret, the raw days, the catalogue,
 * the admin; then does what pg_cron does hosted: folds complete days, purges long-pending addresses.
 */
async function seedDatabase(database: Database, settings: Settings, opts: StandInOptions): Promise<void> {
  if (opts.analyticsProxySecret) {
    await database.query(
      `insert into private.analytics_proxy (key_sha256) values (sha256(convert_to($1, 'UTF8')))
       on conflict (id) do update set key_sha256 = excluded.key_sha256`,
      [opts.analyticsProxySecret],
    );
  }
  if (opts.analyticsRawDays !== undefined) await database.query('update analytics.settings set raw_days = $1', [opts.analyticsRawDays]);
  if (opts.catalogue !== undefined) await database.query('select public.publish_catalogue($1::jsonb)', [JSON.stringify(opts.catalogue)]);
  // What pg_cron does daily on a hosted project (supabase/README.md): complete days into the rollups.
  await database.query('select analytics.fold()');
  // And the list's purge of addresses pending for more than 30 days (pg_cron hosted, likewise).
  await database.query('select list.purge_pending()');
  await seedAdmin(database, settings.adminEmail, settings.adminPassword, settings.adminTotpSecret);
}

/**
 * Opens the database (PostgreSQL at DATABASE_URL, PGlite in memory or in the data folder), brings it up
 * to date and seeds it, with the object store beside it, then the local sender (with `mail`) and the
 * edge functions, which call back into the stand-in at `url`. On failure the files are left as they
 * are, and free for the next command.
 */
async function openServices(settings: Settings, opts: StandInOptions, url: string): Promise<Services> {
  const { databaseUrl, memory, dataDir } = settings;
  let opened: Database | undefined;
  try {
    const db = (opened = databaseUrl ? await openDatabase({ databaseUrl }) : memory ? await openDatabase({ memory: true }) : await openDataFolder(dataDir));
    await prepareDatabase(db);
    await seedDatabase(db, settings, opts);
    const objects = memory ? memoryObjectStore() : diskObjectStore(join(dataDir, 'storage'));
    await seedPreviews(db, objects);
    const mail = opts.mail ? startMailLoop(db, `${url}/functions/v1`, opts.mail) : undefined;
    const functions = edgeFunctions({
      db, url, anonKey: LOCAL_ANON_KEY, serviceSql: standInServiceSql(db),
      checkoutSecret: settings.checkoutSecret, checkoutProvider: opts.checkoutProvider,
      mail: mail && opts.mail && { loop: mail, siteOrigin: opts.mail.settings.origin, webhookSecret: settings.mailWebhookSecret },
    });
    return { db, objects, functions, mail };
  } catch (e) {
    await opened?.close().catch(() => undefined);
    if (e instanceof AppliedMigrationDiffers) e.message = `${databaseUrl ? 'the database at DATABASE_URL' : `the local database in ${join(dataDir, 'pglite')}`}: ${e.message}`;
    throw e;
  }
}

/** The start-up banner: where the stand-in listens, on which database, how to sign in, the webhook's secret. */
function printBanner(url: string, settings: Settings, opts: StandInOptions): void {
  const where = settings.databaseUrl ? 'PostgreSQL at DATABASE_URL' : settings.memory ? 'PGlite in memory' : `PGlite in ${join(settings.dataDir, 'pglite')}`;
  console.log(
    [
      `Supabase stand-in (local only) on ${url}, ${where}`,
      `  anon key:    ${LOCAL_ANON_KEY}`,
      `  local admin: ${settings.adminEmail} / ${settings.adminPassword}  (ADMIN_EMAIL / ADMIN_PASSWORD to change)`,
      `  second factor: \`npm run admin:code\` prints the current code`,
      ...checkoutWebhookBanner(url, { checkoutSecret: settings.checkoutSecret, checkoutProvider: opts.checkoutProvider }, settings.secretSource),
      ...(settings.countHeadless ? ['  headless browsers: counted as the browsers they are (STANDIN_COUNT_HEADLESS=1, local only)'] : []),
    ].join('\n'),
  );
}

/** Where a request goes: the stand-in's address, its services once ready, and whether headless browsers count. */
interface Routing {
  url: string;
  ready: Promise<Services>;
  countHeadless: boolean;
}

/** One request: routed to its service (rest, auth, storage), the buy clicks or an edge function, once the database is ready. */
async function answer(req: IncomingMessage, res: ServerResponse, { url, ready, countHeadless }: Routing): Promise<void> {
  try {
    if (req.method === 'OPTIONS') return writeReply(req, res, Reply.empty(204));
    const { db, objects, functions, mail } = await ready;
    const raw = req.url ?? '/';
    // The service is read from the raw address first, so a malformed one still gets its service's answer.
    const serviceName = /^\/(rest|auth|storage)\/v1(\/|\?|$)/.exec(raw)?.[1] as 'rest' | 'auth' | 'storage' | undefined;
    const malformed = raw.startsWith('/') && !raw.startsWith('//') ? malformedRequest(raw) : 'the address is not a path';
    if (malformed) return writeReply(req, res, serviceName ? malformedReply(serviceName, malformed) : noRoute());
    const target = new URL(raw, url);
    if (countHeadless && typeof req.headers['user-agent'] === 'string') req.headers['user-agent'] = req.headers['user-agent'].replace(/HeadlessChrome/g, 'Chrome');
    if (target.pathname === BUY_CLICKS_PATH) return writeReply(req, res, await answerBuyClicks(db, req, target));
    const fn = /^\/functions\/v1\/([^/]+)$/.exec(target.pathname);
    if (fn) return writeReply(req, res, await functions(req, fn[1]!, url));
    const service = /^\/(rest|auth|storage)\/v1(\/.*)?$/.exec(target.pathname);
    if (!service) return writeReply(req, res, noRoute());
    let cached: Buffer | undefined;
    const ctx: Ctx = {
      db,
      objects,
      req,
      url: target,
      method: req.method ?? 'GET',
      path: service[2] ?? '',
      baseUrl: url,
      body: async (limit = JSON_BODY_LIMIT) => (cached ??= await readBody(req, limit)),
    };
    const handler = { rest: handleRest, auth: handleAuth, storage: handleStorage }[service[1] as 'rest' | 'auth' | 'storage'];
    const reply = await handler(ctx);
    // A database function may have queued mail (a capture, a confirmation, an import): the sender
    // looks now, after the commit.
    if (mail && service[1] === 'rest' && reply.status < 400 && QUEUEING_FUNCTIONS.has(ctx.path.replace(/^\/rpc\//, ''))) mail.kick();
    writeReply(req, res, reply);
  } catch (e) {
    if (e instanceof ReplyError) return writeReply(req, res, e.reply);
    if (e instanceof BodyTooLarge) return writeReply(req, res, Reply.json(413, { message: 'Request Entity Too Large' }));
    // A bug or an unexpected database failure: say so, never pretend success.
    console.error('stand-in: unexpected error on', req.method, req.url, e);
    // The body names the kind of failure only: never a path on this machine or a stack.
    writeReply(req, res, Reply.json(500, { message: 'Internal error in the local Supabase stand-in', details: e instanceof Error ? e.name : 'Error' }));
  }
}

export async function startStandIn(opts: StandInOptions = {}): Promise<StandIn> {
  const settings = standInSettings(opts);
  // The port first, so a second copy on the same port fails before it reads anything; a second copy
  // on another port is refused by the data folder's lock (data-lock.ts). The routing is set before the
  // first request can come (listen's callback runs before any connection's); requests wait for the database.
  const routing = { countHeadless: settings.countHeadless } as Routing;
  const server = createServer((req, res) => void answer(req, res, routing));
  routing.url = await listen(server, settings.port, settings.host);
  let services: Services;
  try {
    services = await (routing.ready = openServices(settings, opts, routing.url));
  } catch (e) {
    server.close();
    throw e;
  }
  if (!opts.quiet) printBanner(routing.url, settings, opts);
  const { db, objects, mail } = services;
  return {
    url: routing.url,
    anonKey: LOCAL_ANON_KEY,
    createUser: (email, password, appMetadata) => upsertUser(db, { email, password, appMetadata }),
    query: (text, params) => db.query(text, params),
    removeObject: async (bucket, name) => {
      await db.query('delete from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
      await objects.remove(bucket, name);
    },
    mail,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      await mail?.close();
      await db.close();
    },
  };
}

/** What is wrong with a request's address before any route reads it, if anything. */
export function malformedRequest(rawUrl: string): string | undefined {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
    decodeURIComponent(q < 0 ? '' : rawUrl.slice(q + 1).replace(/\+/g, ' '));
  } catch {
    return 'the address holds a malformed percent-encoding';
  }
  // Names (tables, functions, objects) never hold control characters; filter values may, as in PostgREST.
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(decodedPath)) return 'the address holds a control character';
  if (rawUrl.length > 8192) return 'the address is too long';
  return undefined;
}

/** A 400 in the shape each Supabase service uses for a bad request. */
function malformedReply(service: 'rest' | 'auth' | 'storage', why: string): Reply {
  if (service === 'rest') return Reply.json(400, { code: 'PGRST100', details: why, hint: null, message: 'failed to parse the request' });
  if (service === 'auth') return Reply.json(400, { code: 400, error_code: 'validation_failed', msg: `Invalid request: ${why}` });
  return Reply.json(400, { statusCode: '400', code: 'InvalidKey', error: 'Invalid Input', message: `Invalid key: ${why}` });
}
