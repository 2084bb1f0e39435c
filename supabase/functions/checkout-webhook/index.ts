// The Supabase Edge Function `checkout-webhook` (issue 41): <project>/functions/v1/checkout-webhook.
// Deploy: `supabase functions deploy checkout-webhook --no-verify-jwt` (the provider sends no
// Supabase key; the provider's signature is the check). Secrets: `supabase secrets set
// CHECKOUT_WEBHOOK_SECRET=... CHECKOUT_PROVIDER=Stripe` (docs/deploying/checkout.md);
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set by Supabase in every function. The verifying
// and the answers are handler.ts's, which the local stand-in serves too.
import type { Recorded } from '../../../model/sales/delivery.ts';
import { checkoutWebhook } from './handler.ts';

declare const Deno: { env: { get(name: string): string | undefined }; serve(handler: (request: Request) => Promise<Response>): unknown };

const url = Deno.env.get('SUPABASE_URL') ?? '';
const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

/** A database function through PostgREST as the service role: the only role that may call the checkout's writers. */
async function rpc(fn: string, args: object): Promise<unknown> {
  const response = await fetch(`${url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`${fn} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response.status === 204 ? undefined : response.json();
}

Deno.serve(
  checkoutWebhook({
    secret: Deno.env.get('CHECKOUT_WEBHOOK_SECRET'),
    // Read at each delivery, as the stand-in reads site.config.yaml's checkout.provider.
    provider: () => Deno.env.get('CHECKOUT_PROVIDER'),
    record: async (event) => (await rpc('record_checkout_event', { p_event: event })) as Recorded,
    log: async (delivery) => void (await rpc('log_checkout_delivery', { p_delivery: delivery })),
  }),
);
