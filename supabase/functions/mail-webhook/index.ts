// The Supabase Edge Function `mail-webhook` (issue 51): Resend's webhook endpoint for email.bounced
// and email.complained. Deploy with `--no-verify-jwt` (Resend sends no Supabase key; its signature is
// the check) and `supabase secrets set MAIL_WEBHOOK_SECRET=whsec_...` (Resend's dashboard, Webhooks).
import { mailWebhook } from './handler.ts';
import { env, serviceSql } from '../_shared/hosted.ts';
import { listDb } from '../_shared/mail/list-db.ts';

declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };

const db = listDb(serviceSql);

Deno.serve(
  mailWebhook({
    secret: env('MAIL_WEBHOOK_SECRET'),
    async record(event) {
      await db.recordMailEvent(event.email, event.kind, event.providerId);
    },
  }),
);
