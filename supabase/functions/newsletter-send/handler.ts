// newsletter-send (issue 51): the admin's Send, and the same action from a script.
//   POST {"newsletter": "<slug>"}                queues one delivery per confirmed subscriber, then drains
//   POST {"newsletter": "<slug>", "test": true}   sends one copy to the signed-in admin's own address only
//   POST {"drain": true} with the service key     drains only (a scheduled call: pg_cron and pg_net)
// with `Authorization: Bearer <the admin's access token>` (supabase-js functions.invoke sends it).
//
// Who may is the database's word, not this function's: the queue is filled by
// public.admin_queue_newsletter called through PostgREST with the caller's own token, which refuses
// anyone but an admin at aal2 (42501: PostgREST's 401 for anon, 403 for a signed-in user or an admin
// at aal1), and that answer is passed on. A test send asks the same function for a dry run first.
// Nothing is queued before the caller, the newsletter's built mail and the mail provider all check out.
//
// Answers: 200 {newsletter, queued, recipients} (queued: new deliveries now; a second send queues
// nothing new), 200 {newsletter, test: true, to} for a test; 400 a malformed request; 401/403 from the
// database; 404 no built mail for that slug; 405 not POST; 502 the provider refused the test; 503 no
// usable mail provider. The sending goes on after the answer: progress is public.admin_newsletter_stats().
import { answerBody } from '../_shared/answer-body.ts';
import { CORS_HEADERS, json } from '../_shared/cors.ts';
import { MailContentMissing, type MailContent, type MailContentSource } from '../_shared/mail/content.ts';
import type { Mailer } from '../_shared/mail/mailer.ts';
import { MailConfigError } from '../_shared/mail/transport.ts';

export interface NewsletterSendOptions {
  /** The project's address (PostgREST at /rest/v1, GoTrue at /auth/v1), called with the caller's token. */
  supabaseUrl: string;
  anonKey: string;
  /** The service role's key: a caller presenting it may drain the queue, nothing else. */
  serviceKey?: string;
  content: MailContentSource;
  /** The mailer; throws MailConfigError when no provider is usable. */
  mailer(): Mailer;
  /** Sends what is queued, after the answer (EdgeRuntime.waitUntil hosted; the stand-in's loop locally). */
  startDrain(): void;
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const reply = (status: number, body: unknown) => json(status, body, CORS_HEADERS);

interface Caller {
  status: number;
  body: unknown;
}

/** Calls the project at `path` (under supabaseUrl) with the caller's own token; the answer's body as JSON, else as text. */
async function callAs(options: NewsletterSendOptions, path: string, token: string, init: RequestInit = {}): Promise<Caller> {
  const response = await fetch(`${options.supabaseUrl.replace(/\/+$/, '')}${path}`, {
    ...init,
    headers: { apikey: options.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
  return { status: response.status, body: await answerBody(response) };
}

/** The service key's drain: only once a mail provider is usable. */
function drainOnly(options: NewsletterSendOptions): Response {
  try {
    options.mailer();
  } catch (e) {
    if (e instanceof MailConfigError) return reply(503, { error: e.message });
    throw e;
  }
  options.startDrain();
  return reply(202, { draining: true });
}

export function newsletterSend(options: NewsletterSendOptions): (request: Request) => Promise<Response> {
  const asCaller = (path: string, token: string, init: RequestInit = {}) => callAs(options, path, token, init);
  const queue = (token: string, newsletter: string, subject: string | null, dryRun: boolean) =>
    asCaller('/rest/v1/rpc/admin_queue_newsletter', token, { method: 'POST', body: JSON.stringify({ p_newsletter: newsletter, p_subject: subject, p_dry_run: dryRun }) });
  /** The database's refusal, passed on with its own words. */
  const refused = (answer: Caller) => {
    const message = (answer.body as { message?: unknown } | null)?.message;
    const status = answer.status === 401 || answer.status === 403 || answer.status === 400 ? answer.status : 502;
    return reply(status, { error: typeof message === 'string' ? message : `the database answered ${answer.status}` });
  };

  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    if (request.method !== 'POST') return reply(405, { error: 'only POST {"newsletter": "<slug>"} with an admin\'s token' });
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    if (!token) return reply(401, { error: 'sign in as the admin (with your second factor) to send a newsletter' });
    let body: { newsletter?: unknown; test?: unknown; drain?: unknown };
    try {
      body = (await request.json()) as typeof body;
    } catch {
      return reply(400, { error: 'the body is not JSON: send {"newsletter": "<slug>"}' });
    }
    if (body === null || typeof body !== 'object') return reply(400, { error: 'send {"newsletter": "<slug>"}' });

    if (body.drain === true && options.serviceKey && token === options.serviceKey) return drainOnly(options);

    const newsletter = body.newsletter;
    if (typeof newsletter !== 'string' || !SLUG.test(newsletter)) return reply(400, { error: 'newsletter must be the slug of a newsletter (newsletters/<slug>.yaml)' });
    // The database says who may, before anything else is read or sent.
    const dry = await queue(token, newsletter, null, true);
    if (dry.status !== 200) return refused(dry);
    const recipients = typeof dry.body === 'number' ? dry.body : 0;
    let mail: MailContent;
    let mailer: Mailer;
    try {
      // The provider first: without one, saying the mail is missing would point the owner the wrong way.
      mailer = options.mailer();
      mail = await options.content(newsletter);
    } catch (e) {
      if (e instanceof MailContentMissing) return reply(404, { error: e.message });
      if (e instanceof MailConfigError) return reply(503, { error: e.message });
      throw e;
    }

    if (body.test === true) {
      const user = await asCaller('/auth/v1/user', token);
      const to = (user.body as { email?: unknown } | null)?.email;
      if (user.status !== 200 || typeof to !== 'string' || !to) return reply(401, { error: 'your session has no e-mail address to send the test to' });
      const sent = await mailer.sendTest(to, newsletter);
      if (!sent.ok) return reply(502, { error: `the test was not sent: ${sent.error}` });
      return reply(200, { newsletter, test: true, to });
    }

    const queued = await queue(token, newsletter, mail.subject, false);
    if (queued.status !== 200) return refused(queued);
    options.startDrain();
    return reply(200, { newsletter, queued: typeof queued.body === 'number' ? queued.body : 0, recipients });
  };
}
