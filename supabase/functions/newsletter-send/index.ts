// The Supabase Edge Function `newsletter-send` (issue 51): <project>/functions/v1/newsletter-send.
// Deploy: `supabase functions deploy newsletter-send` (the gateway checks the caller's JWT; the
// database checks it is an admin at aal2). Settings and secrets: supabase/functions/_shared/hosted.ts.
// The queue is drained after the answer, within the function's time (EdgeRuntime.waitUntil); what is
// left is sent by the next call, or by a scheduled {"drain": true} with the service key.
import { newsletterSend } from './handler.ts';
import { anonKey, env, hostedMailer, siteUrl, supabaseUrl } from '../_shared/hosted.ts';
import { siteMailContent } from '../_shared/mail/content.ts';

declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

// Hosted functions stop after a few minutes of wall time: stop claiming well before.
const DRAIN_MS = 300_000;

Deno.serve(
  newsletterSend({
    supabaseUrl: supabaseUrl(),
    anonKey: anonKey(),
    serviceKey: env('SUPABASE_SERVICE_ROLE_KEY'),
    content: siteMailContent(siteUrl()),
    mailer: hostedMailer,
    startDrain() {
      const drained = hostedMailer()
        .drain({ until: Date.now() + DRAIN_MS })
        .then((report) => report.problems.forEach((p) => console.error(`newsletter-send: ${p}`)))
        .catch((e: unknown) => console.error('newsletter-send: the drain failed:', e instanceof Error ? e.message : e));
      if (typeof EdgeRuntime !== 'undefined') EdgeRuntime.waitUntil(drained);
    },
  }),
);
