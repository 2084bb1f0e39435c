// For end-to-end tests only: when STANDIN_CONTROL_PORT is set, `npm start` also listens on that
// loopback port so a test can look into the local database (past row-level security), add users and
// remove the objects it stored, the way a developer would with psql. Never started otherwise; never
// bound beyond 127.0.0.1.
// It runs any SQL, so loopback is not enough: any process here, or a page in a browser here, reaches
// 127.0.0.1. Each request must carry the run's random token (STANDIN_CONTROL_TOKEN, made by
// playwright.config.ts), and a request with an Origin header (sent by a browser, never by the tests'
// own fetch) is refused whatever it carries.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { StandIn } from '../../supabase/local/server.ts';
import { sameSecret } from '../guards/same-secret.ts';

/** The header a test's request carries the token in. */
export const CONTROL_TOKEN_HEADER = 'x-control-token';

export async function startTestControl(standIn: StandIn, port: number, token: string | undefined): Promise<Server> {
  if (!token || token.length < 32) throw new Error('STANDIN_CONTROL_PORT needs STANDIN_CONTROL_TOKEN, a random token of 32 characters or more (playwright.config.ts makes one per run)');
  // Every request of a test run comes from this machine, and runs repeat within the hour: the
  // per-client hourly limits (private.hourly_limits, proven by tests/db) would refuse them.
  await standIn.query(`update private.hourly_limits set per_hour = 1000000 where scope <> 'site'`);
  const server = createServer(async (req, res) => {
    const refused = refusal(req, token);
    if (refused) {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: refused }));
      return;
    }
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      let result: unknown;
      if (req.method === 'POST' && req.url === '/query') {
        result = (await standIn.query(String(body.sql), (body.params as unknown[]) ?? [])).rows;
      } else if (req.method === 'POST' && req.url === '/objects/remove') {
        await standIn.removeObject(String(body.bucket), String(body.name));
        result = {};
      } else if (req.method === 'POST' && req.url === '/users') {
        result = { id: await standIn.createUser(String(body.email), String(body.password), body.appMetadata as Record<string, unknown> | undefined) };
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    } catch (e) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(e) }));
    }
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return server;
}

/** Why a request may not use the control server, or undefined when it may. */
function refusal(req: IncomingMessage, token: string): string | undefined {
  if (req.headers.origin !== undefined) return 'a request from a browser page (it has an Origin header)';
  if (!sameSecret(req.headers[CONTROL_TOKEN_HEADER], token)) return `no or a wrong ${CONTROL_TOKEN_HEADER}`;
  return undefined;
}
