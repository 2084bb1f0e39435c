// Stripe: the Stripe-Signature header verified on the raw body by the official package
// (constructEventAsync with its Web Crypto provider, which runs in Deno and in Node), tolerance 300 s
// either side: the package refuses a signature older than that, and this module one dated further
// ahead (the package takes any future time).
// - checkout.session.completed counts when payment_status is paid (or no payment was required); an
//   unpaid one (a delayed method) is kept as pending, and checkout.session.async_payment_succeeded
//   marks it paid;
// - charge.refunded, full or partial, carries the charge's refunds so far (amount_refunded).
// An order is its payment intent, which the session and the charge both name, so a refund finds its
// sale whichever comes first. Web APIs and the `stripe` package only: the Edge Function runs it in Deno
// (supabase/functions/checkout-webhook/deno.json maps the package), the stand-in in Node.
import Stripe from 'stripe';
import { isoFromSeconds, minor, refuse, text, type Verdict } from './event.ts';

export const STRIPE_TOLERANCE_SECONDS = 300;

const crypto = Stripe.createSubtleCryptoProvider();

interface StripeObject {
  id?: unknown;
  object?: unknown;
  payment_intent?: unknown;
  payment_status?: unknown;
  amount_total?: unknown;
  amount?: unknown;
  amount_refunded?: unknown;
  currency?: unknown;
  client_reference_id?: unknown;
  metadata?: Record<string, unknown> | null;
  paid?: unknown;
  status?: unknown;
  created?: unknown;
}

/** A payment intent as Stripe writes it in a session or a charge: its id, or the expanded object. */
function intentId(value: unknown): string | undefined {
  return text(value) ?? (value && typeof value === 'object' ? text((value as { id?: unknown }).id) : undefined);
}

export async function readStripe(body: Uint8Array<ArrayBuffer>, headers: Headers, secret: string): Promise<Verdict> {
  const signature = headers.get('stripe-signature');
  if (!signature) return refuse(400, 'no Stripe-Signature header');
  let event: unknown;
  try {
    event = await Stripe.webhooks.constructEventAsync(body, signature, secret, STRIPE_TOLERANCE_SECONDS, crypto);
  } catch (e) {
    return refuse(400, `the Stripe signature does not verify: ${e instanceof Error ? e.message.split('\n')[0] : 'invalid'}`);
  }
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  const ahead = signedAt - Math.floor(Date.now() / 1000);
  if (ahead > STRIPE_TOLERANCE_SECONDS) {
    return refuse(400, `the Stripe signature is dated ${ahead} s ahead of this server's clock, beyond the tolerance of ${STRIPE_TOLERANCE_SECONDS} s`);
  }
  // Signed, but not an event (a `null` body once made this a TypeError, and a 500).
  const e = event as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } } | null;
  if (!e || typeof e !== 'object' || !text(e.id) || !text(e.type)) return refuse(400, 'the body is not a Stripe event: an object with an id and a type');
  const ids = { eventId: e.id as string, type: e.type as string };
  const o = (e.data?.object && typeof e.data.object === 'object' ? e.data.object : {}) as StripeObject;
  const currency = typeof o.currency === 'string' ? o.currency.toUpperCase() : undefined;
  const created = e.type === 'charge.refunded' ? o.created : e.created;
  const at = isoFromSeconds(created);
  if (created !== undefined && created !== null && !at) return refuse(400, `created ${JSON.stringify(created)} is not a time`, ids);
  switch (e.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const orderId = intentId(o.payment_intent) ?? text(o.id);
      if (!orderId) return refuse(400, 'the checkout session has no id', ids);
      const paid = e.type === 'checkout.session.async_payment_succeeded' || o.payment_status === 'paid' || o.payment_status === 'no_payment_required';
      return {
        ok: true,
        event: {
          ...ids, provider: 'stripe', orderId, kind: 'sale', paid,
          amountMinor: minor(o.amount_total), currency, reference: text(o.client_reference_id),
          product: text(o.metadata?.product), at,
        },
      };
    }
    case 'charge.refunded': {
      const orderId = intentId(o.payment_intent) ?? text(o.id);
      if (!orderId) return refuse(400, 'the charge has no id', ids);
      return {
        ok: true,
        event: {
          ...ids, provider: 'stripe', orderId, kind: 'refund',
          paid: o.paid === true, amountMinor: minor(o.amount), currency, refundedMinor: minor(o.amount_refunded), at,
        },
      };
    }
    default:
      return { ok: true, ignored: ids.type, ids };
  }
}
