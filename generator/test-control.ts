// For end-to-end tests only: when STANDIN_CONTROL_PORT is set, `npm start` also listens on that
// loopback port so a test can look into the local database (past row-level security) and add users,
// the way a developer would with psql. Never started otherwise; never bound beyond 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { StandIn } from '../supabase/local/server.ts';

export async function startTestControl(standIn: StandIn, port: number): Promise<Server> {
  // Every request of a test run comes from this machine, and runs repeat within the hour: the
  // per-client hourly limits (private.hourly_limits, proven by tests/db) would refuse them.
  await standIn.query(`update private.hourly_limits set per_hour = 1000000 where scope = 'client'`);
  const server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      let result: unknown;
      if (req.method === 'POST' && req.url === '/query') {
        result = (await standIn.query(String(body.sql), (body.params as unknown[]) ?? [])).rows;
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
