// One HTTP request to the stand-in from a chosen loopback address (127.0.0.0/8), as a client there
// would send it: the stand-in takes the client's address from the socket, so a test varies
// `from` to be many clients. Shared by the limits' and the beacon's tests.
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export function sendFrom(
  from: string,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body?: string,
  opts: { pooled?: boolean } = {},
): Promise<Answer> {
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: from,
        ...(opts.pooled === false ? { agent: false } : {}),
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          ok({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}
