// Signed test deliveries for the checkout webhook, as `stripe trigger` sends them: a sale on a
// reference, its replay, a refund. Used by `npm run checkout:trigger`, the webhook bench and the
// tests. Stripe's are signed by the official package
// (webhooks.generateTestHeaderStringAsync); Lemon Squeezy's with its own scheme (hex HMAC-SHA256 of
// the body). The payloads carry only the fields the webhook reads, in the providers' own shapes.
import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { providerOf } from '../../model/sales/event.ts';
import { answerBody } from '../functions/_shared/answer-body.ts';

/** One delivery: its body, as sent, and the headers that sign it (signed again at each send). */
export interface Delivery {
  provider: 'stripe' | 'lemonsqueezy';
  body: string;
  /** The order this delivery is about, as the webhook keys it. */
  orderId: string;
}

export interface SaleOptions {
  reference?: string;
  product?: string;
  amountMinor: number;
  currency: string;
  /** An existing order id (a second delivery about it); new otherwise. */
  orderId?: string;
  /** Seconds since the epoch; now by default. */
  created?: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function provider(name: string | undefined): 'stripe' | 'lemonsqueezy' {
  const p = providerOf(name);
  if (!p) throw new Error(`checkout.provider ${JSON.stringify(name ?? '')} has no test events (Stripe, Lemon Squeezy)`);
  return p;
}

/** A paid sale: Stripe's checkout.session.completed, Lemon Squeezy's order_created. */
export function saleDelivery(providerName: string | undefined, o: SaleOptions): Delivery {
  const p = provider(providerName);
  const created = o.created ?? now();
  if (p === 'stripe') {
    const orderId = o.orderId ?? id('pi');
    const session = {
      id: id('cs_test'), object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete',
      payment_intent: orderId, amount_total: o.amountMinor, currency: o.currency.toLowerCase(),
      client_reference_id: o.reference ?? null, metadata: o.product ? { product: o.product } : {}, created,
    };
    return { provider: p, orderId, body: JSON.stringify({ id: id('evt'), object: 'event', type: 'checkout.session.completed', created, livemode: false, data: { object: session } }) };
  }
  const orderId = o.orderId ?? String(1_000_000 + Math.floor(Math.random() * 8_000_000));
  return { provider: p, orderId, body: lemonBody('order_created', orderId, o, 0, created) };
}

/** A refund of `refundedMinor` so far (cumulative, as the providers send it) on a sale's order. */
export function refundDelivery(providerName: string | undefined, o: SaleOptions & { orderId: string; refundedMinor: number }): Delivery {
  const p = provider(providerName);
  const created = o.created ?? now();
  if (p === 'stripe') {
    const charge = {
      id: id('ch'), object: 'charge', payment_intent: o.orderId, amount: o.amountMinor, amount_refunded: o.refundedMinor,
      currency: o.currency.toLowerCase(), paid: true, refunded: o.refundedMinor >= o.amountMinor, status: 'succeeded', created,
    };
    return { provider: p, orderId: o.orderId, body: JSON.stringify({ id: id('evt'), object: 'event', type: 'charge.refunded', created: now(), livemode: false, data: { object: charge } }) };
  }
  return { provider: p, orderId: o.orderId, body: lemonBody('order_refunded', o.orderId, o, o.refundedMinor, created) };
}

function lemonBody(event: string, orderId: string, o: SaleOptions, refunded: number, created: number): string {
  const attributes = {
    status: refunded === 0 ? 'paid' : refunded >= o.amountMinor ? 'refunded' : 'partial_refund',
    currency: o.currency, total: o.amountMinor, refunded: refunded >= o.amountMinor, refunded_amount: refunded,
    created_at: new Date(created * 1000).toISOString(), updated_at: new Date().toISOString(),
  };
  const custom: Record<string, string> = {};
  if (o.reference) custom.ref = o.reference;
  if (o.product) custom.product = o.product;
  return JSON.stringify({ meta: { event_name: event, test_mode: true, custom_data: custom }, data: { type: 'orders', id: orderId, attributes } });
}

/** The headers that sign `body` for the provider now (Stripe's timestamp is part of its signature). */
export async function signatureHeaders(d: Pick<Delivery, 'provider' | 'body'>, secret: string, timestamp = now()): Promise<Record<string, string>> {
  if (d.provider === 'stripe') {
    return { 'stripe-signature': await Stripe.webhooks.generateTestHeaderStringAsync({ payload: d.body, secret, timestamp, cryptoProvider: Stripe.createSubtleCryptoProvider() }) };
  }
  return { 'x-signature': createHmac('sha256', secret).update(d.body).digest('hex'), 'x-event-name': (JSON.parse(d.body) as { meta: { event_name: string } }).meta.event_name };
}

/** Sends one delivery to `<base>/functions/v1/checkout-webhook`, signed now; resolves to the answer. */
export async function deliver(base: string, d: Delivery, secret: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL('/functions/v1/checkout-webhook', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await signatureHeaders(d, secret)) },
    body: d.body,
  });
  return { status: response.status, body: await answerBody(response) };
}
