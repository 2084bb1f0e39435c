// newsletter-send's answers that need no database (supabase/functions/newsletter-send/handler.ts): no
// token 401 and a body that is not a newsletter 400, before anything is asked; the service key's drain
// (a scheduled call) starts the queue and queues nothing; no usable provider 503, named. Who may queue
// is the database's answer: tests/standin/newsletter-mail.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSend } from '../../supabase/functions/newsletter-send/handler.ts';
import type { Mailer } from '../../supabase/functions/_shared/mail/mailer.ts';
import { MailConfigError } from '../../supabase/functions/_shared/mail/transport.ts';

// A PostgREST that answers every dry run as an admin at aal2 would get it: 3 recipients.
let api: Server;
let apiUrl: string;
const asked: string[] = [];
beforeAll(async () => {
  api = createServer((req, res) => (asked.push(`${req.method} ${req.url}`), res.writeHead(200, { 'content-type': 'application/json' }).end('3')));
  await new Promise<void>((ok) => api.listen(0, '127.0.0.1', ok));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => api.close(() => done())));

function handler(mailer: () => Mailer = () => ({ drain: async () => ({ confirmations: 0, sent: 0, failed: 0, retrying: 0, more: false, problems: [] }), sendTest: async () => ({ ok: true }) })) {
  const drains: number[] = [];
  const handle = newsletterSend({ supabaseUrl: apiUrl, anonKey: 'anon', serviceKey: 'service-key', content: async () => ({ subject: 'S', preheader: '', html: 'h', text: 't' }), mailer, startDrain: () => void drains.push(1) });
  const post = (body: unknown, token?: string) =>
    handle(new Request('http://127.0.0.1/functions/v1/newsletter-send', { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }));
  return { post, drains, handle };
}

describe('newsletter-send', () => {
  it('refuses without a token (401) and a body that names no newsletter (400), asking the database nothing', async () => {
    asked.length = 0;
    const { post, drains } = handler();
    expect((await post({ newsletter: 'spring' })).status).toBe(401);
    expect((await post({ newsletter: '../etc' }, 'a-token')).status).toBe(400);
    expect(asked).toEqual([]);
    expect(drains).toEqual([]);
  });

  it('drains for the service key alone (a scheduled call), queueing nothing; for another token, {"drain": true} is no newsletter', async () => {
    asked.length = 0;
    const { post, drains } = handler();
    expect((await post({ drain: true }, 'service-key')).status).toBe(202);
    expect(drains).toHaveLength(1);
    expect((await post({ drain: true }, 'someone-else')).status).toBe(400);
    expect(asked).toEqual([]);
  });

  it('names a missing provider (503) before queueing anything, after the database said the caller may', async () => {
    asked.length = 0;
    const { post, drains } = handler(() => {
      throw new MailConfigError('mail.provider is resend but RESEND_API_KEY is not set');
    });
    const answer = await post({ newsletter: 'spring' }, 'admin-token');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: 'mail.provider is resend but RESEND_API_KEY is not set' });
    expect(asked).toEqual(['POST /rest/v1/rpc/admin_queue_newsletter']);
    expect(drains).toEqual([]);
  });

  it('answers a browser\'s preflight with the CORS headers supabase-js needs', async () => {
    const { handle } = handler();
    const answer = await handle(new Request('http://127.0.0.1/functions/v1/newsletter-send', { method: 'OPTIONS' }));
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});
