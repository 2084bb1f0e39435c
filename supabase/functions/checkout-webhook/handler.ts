// The checkout's webhook (issue 41): verifies a delivery with the provider's own signature scheme,
// then records it through `record` (public.record_checkout_event, which only the service role may
// call). The same module serves a hosted project (index.ts, Deno) and the local stand-in
// (supabase/local/functions.ts, Node): Web APIs only, and the `stripe` package.
//
// Answers: 200 once the event is stored (or was already: a replay changes nothing), or when it is a
// kind this function does not count; 400 for a signature that does not verify or a malformed event;
// 405 for anything but POST; 413 past 1 MB; 503 when no secret or no known provider is configured
// (every delivery is refused, nothing is accepted unsigned); 500 when the database failed, so the
// provider delivers again. A 2xx is sent only after the database committed: an acknowledged order is
// never lost.
import { providerOf, type CheckoutEvent, type Verdict } from './event.ts';
import { readLemonSqueezy } from './lemonsqueezy.ts';
import { readStripe } from './stripe.ts';

export type { CheckoutEvent } from './event.ts';

export interface WebhookOptions {
  /** CHECKOUT_WEBHOOK_SECRET: the signing secret the provider shows for this endpoint. */
  secret: string | undefined;
  /** site.config.yaml's checkout.provider ("Stripe", "Lemon Squeezy"). */
  provider: string | undefined;
  /** Stores one verified event; resolves to false when it was recorded before (a replay). */
  record(event: CheckoutEvent): Promise<boolean>;
}

const MAX_BODY_BYTES = 1024 * 1024;

const READERS = { stripe: readStripe, lemonsqueezy: readLemonSqueezy } as const;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });

async function rawBody(request: Request): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) return undefined;
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > MAX_BODY_BYTES ? undefined : bytes;
}

export function checkoutWebhook(options: WebhookOptions): (request: Request) => Promise<Response> {
  const provider = providerOf(options.provider);
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'only POST: this address takes the checkout provider\'s webhooks' });
    if (!options.secret) return json(503, { error: 'CHECKOUT_WEBHOOK_SECRET is not set: every webhook is refused' });
    if (!provider) return json(503, { error: `checkout.provider ${JSON.stringify(options.provider ?? '')} is not one this webhook verifies (Stripe, Lemon Squeezy)` });
    const body = await rawBody(request);
    if (!body) return json(413, { error: 'the body is larger than 1 MB' });
    const verdict: Verdict = await READERS[provider](body, request.headers, options.secret);
    if (!verdict.ok) return json(verdict.status, { error: verdict.message });
    if ('ignored' in verdict) return json(200, { received: true, ignored: verdict.ignored });
    let recorded: boolean;
    try {
      recorded = await options.record(verdict.event);
    } catch (e) {
      // The provider delivers again later; the message names the failure, never the event's data.
      console.error('checkout-webhook: could not record', verdict.event.provider, verdict.event.eventId, e instanceof Error ? e.message : e);
      return json(500, { error: 'the event could not be stored; deliver it again' });
    }
    return json(200, { received: true, replay: !recorded });
  };
}
