// The checkout's webhook (issues 41 and 49): verifies a delivery with the provider's own signature
// scheme (model/sales/stripe.ts, model/sales/lemonsqueezy.ts), then records it through `record`
// (public.record_checkout_event, which only the service role may call). The same module serves a
// hosted project (index.ts, Deno) and the local stand-in (supabase/local/functions.ts, Node): Web APIs
// only, and the `stripe` package. The words are model/sales/README.md's.
//
// Answers: 200 once the event is stored (or was already: a replay changes nothing), when it is a kind
// this function does not count, or a refund of a payment this site never sold (so the provider stops
// retrying); 400 for a signature that does not verify, or a signed event that cannot be stored or is
// at odds with its order (its reason in the body); 405 for anything but POST; 413 past 1 MB; 503 when
// no secret or no known provider is configured (every delivery is refused, nothing is accepted
// unsigned); 500 only when the database failed, so the provider delivers again. A 2xx is sent only
// after the database committed: an acknowledged order is never lost.
//
// Every delivery it answers but a wrong method is logged (sales.webhook_deliveries) with its outcome
// and reason: by the database itself for an event it records, through `log` for the rest. The owner
// sees them on /admin/insights.
import type { Recorded, UnrecordedDelivery } from '../../../model/sales/delivery.ts';
import { providerOf, storableEvent, storableText, type CheckoutEvent, type EventIds, type Verdict } from '../../../model/sales/event.ts';
import { readLemonSqueezy } from '../../../model/sales/lemonsqueezy.ts';
import { readStripe } from '../../../model/sales/stripe.ts';

export interface WebhookOptions {
  /** CHECKOUT_WEBHOOK_SECRET: the signing secret the provider shows for this endpoint. */
  secret: string | undefined;
  /** checkout.provider ("Stripe", "Lemon Squeezy"), read at each delivery: a change needs no restart. */
  provider: () => string | undefined;
  /** Stores one verified event (and logs its delivery). */
  record(event: CheckoutEvent): Promise<Recorded>;
  /** Logs a delivery refused or ignored before any event was recorded. */
  log(delivery: UnrecordedDelivery): Promise<void>;
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

/** Why every delivery is refused with these settings, or undefined when they can verify one. */
export function configurationProblem(secret: string | undefined, providerName: string | undefined): string | undefined {
  if (!secret) return 'CHECKOUT_WEBHOOK_SECRET is not set: every webhook is refused';
  if (!providerOf(providerName)) return `checkout.provider ${JSON.stringify(providerName ?? '')} is not one this webhook verifies (Stripe, Lemon Squeezy)`;
  return undefined;
}

export function checkoutWebhook(options: WebhookOptions): (request: Request) => Promise<Response> {
  // A log that fails never changes the answer: the provider's delivery was handled; say so where the function's output goes.
  const log = async (delivery: UnrecordedDelivery) => {
    const clean = Object.fromEntries(Object.entries(delivery).map(([k, v]) => [k, typeof v === 'string' ? storableText(v) : v])) as unknown as UnrecordedDelivery;
    await options.log(clean).catch((e: unknown) => console.error('checkout-webhook: could not log a delivery:', e instanceof Error ? e.message : e));
  };
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'only POST: this address takes the checkout provider\'s webhooks' });
    const name = options.provider();
    const provider = providerOf(name);
    const refuse = async (status: number, reason: string, ids: EventIds = {}) => {
      await log({ provider, ...ids, outcome: 'refused', status, reason });
      return json(status, { error: reason });
    };
    const misconfigured = configurationProblem(options.secret, name);
    if (misconfigured || !provider || !options.secret) return refuse(503, misconfigured ?? 'not configured');
    const body = await rawBody(request);
    if (!body) return refuse(413, 'the body is larger than 1 MB');
    const verdict: Verdict = await READERS[provider](body, request.headers, options.secret);
    if (!verdict.ok) return refuse(verdict.status, verdict.message, verdict.ids);
    if ('ignored' in verdict) {
      await log({ provider, ...verdict.ids, outcome: 'ignored', status: 200, reason: `${verdict.ignored} is not a sale or a refund: acknowledged, not counted` });
      return json(200, { received: true, outcome: 'ignored', ignored: verdict.ignored });
    }
    const { eventId, type, orderId } = verdict.event;
    const storable = storableEvent(verdict.event);
    if ('problem' in storable) return refuse(400, storable.problem, { eventId, type, orderId });
    let recorded: Recorded;
    try {
      recorded = await options.record(storable.event);
    } catch (e) {
      // The provider delivers again later; the message names the failure, never the event's data.
      const failure = e instanceof Error ? e.message : String(e);
      console.error('checkout-webhook: could not record', provider, eventId, failure);
      await log({ provider, eventId, type, orderId, outcome: 'refused', status: 500, reason: `the database failed: ${failure.slice(0, 200)}` });
      return json(500, { error: 'the event could not be stored; deliver it again' });
    }
    const reason = recorded.reason ?? undefined;
    if (recorded.outcome === 'refused') return json(400, { error: reason ?? 'refused', outcome: 'refused' });
    return json(200, { received: true, outcome: recorded.outcome, replay: recorded.outcome === 'replay', ...(reason ? { reason } : {}) });
  };
}
