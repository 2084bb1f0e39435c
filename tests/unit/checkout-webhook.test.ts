// The checkout webhook's verification (supabase/functions/checkout-webhook): Stripe's signatures are
// built with Stripe's own library (stripe.webhooks.generateTestHeaderString), Lemon Squeezy's with its
// own scheme (hex HMAC-SHA256 of the raw body). Valid ones are recorded; a wrong secret, a changed
// body, a signature older than the 300 s tolerance, a missing header, or no secret configured at all
// are refused and record nothing.
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CheckoutEvent } from '../../supabase/functions/checkout-webhook/event.ts';
import { checkoutWebhook } from '../../supabase/functions/checkout-webhook/handler.ts';
import { STRIPE_TOLERANCE_SECONDS } from '../../supabase/functions/checkout-webhook/stripe.ts';
import { refundDelivery, saleDelivery } from '../../supabase/local/checkout-events.ts';

const SECRET = 'whsec_unit_test_secret';
const REFERENCE = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab';

function webhook(provider: string, opts: { secret?: string } = { secret: SECRET }) {
  const recorded: CheckoutEvent[] = [];
  const handle = checkoutWebhook({ secret: opts.secret, provider, record: async (e) => (recorded.push(e), true) });
  const post = (body: string, headers: Record<string, string>) =>
    handle(new Request('http://127.0.0.1/functions/v1/checkout-webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));
  return { recorded, post, handle };
}

const stripeHeader = (payload: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  ({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) });

describe('Stripe', () => {
  const sale = saleDelivery('Stripe', { reference: REFERENCE, product: 'tiktok', amountMinor: 2900, currency: 'USD' });

  it('records a paid checkout session signed by Stripe, with its reference, amount and currency', async () => {
    const { post, recorded } = webhook('Stripe');
    const answer = await post(sale.body, stripeHeader(sale.body));
    expect(answer.status).toBe(200);
    expect(recorded).toEqual([expect.objectContaining({ provider: 'stripe', kind: 'sale', orderId: sale.orderId, paid: true, amountMinor: 2900, currency: 'USD', reference: REFERENCE, product: 'tiktok' })]);
  });

  it('refuses a signature made with another secret, and a body changed after signing', async () => {
    const { post, recorded } = webhook('Stripe');
    expect((await post(sale.body, stripeHeader(sale.body, 'whsec_someone_else'))).status).toBe(400);
    expect((await post(sale.body.replace('2900', '290000'), stripeHeader(sale.body))).status).toBe(400);
    expect((await post(sale.body, {})).status).toBe(400);
    expect(recorded).toEqual([]);
  });

  it(`refuses a signature older than the tolerance (${STRIPE_TOLERANCE_SECONDS} s), accepts one just within it`, async () => {
    const { post, recorded } = webhook('Stripe');
    const old = Math.floor(Date.now() / 1000) - STRIPE_TOLERANCE_SECONDS - 5;
    const answer = await post(sale.body, stripeHeader(sale.body, SECRET, old));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toMatch(/tolerance/i);
    expect((await post(sale.body, stripeHeader(sale.body, SECRET, Math.floor(Date.now() / 1000) - STRIPE_TOLERANCE_SECONDS + 30))).status).toBe(200);
    expect(recorded).toHaveLength(1);
  });

  it('keeps an unpaid session as pending, and counts its later payment', async () => {
    const { post, recorded } = webhook('Stripe');
    const unpaid = JSON.parse(sale.body) as { data: { object: Record<string, unknown> }; type: string; id: string };
    unpaid.data.object.payment_status = 'unpaid';
    const body = JSON.stringify(unpaid);
    await post(body, stripeHeader(body));
    const later = JSON.stringify({ ...unpaid, id: 'evt_later', type: 'checkout.session.async_payment_succeeded' });
    await post(later, stripeHeader(later));
    expect(recorded.map((e) => [e.type, e.paid])).toEqual([['checkout.session.completed', false], ['checkout.session.async_payment_succeeded', true]]);
  });

  it('reads a refund as the running total refunded on the payment intent of the sale', async () => {
    const { post, recorded } = webhook('Stripe');
    const refund = refundDelivery('Stripe', { orderId: sale.orderId, amountMinor: 2900, refundedMinor: 1000, currency: 'USD' });
    expect((await post(refund.body, stripeHeader(refund.body))).status).toBe(200);
    expect(recorded).toEqual([expect.objectContaining({ kind: 'refund', orderId: sale.orderId, refundedMinor: 1000, currency: 'USD' })]);
  });

  it('acknowledges an event kind it does not count, recording nothing', async () => {
    const { post, recorded } = webhook('Stripe');
    const body = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_1', email: 'a@example.com' } } });
    expect((await post(body, stripeHeader(body))).status).toBe(200);
    expect(recorded).toEqual([]);
  });

  it('never keeps what the buyer typed: no e-mail, name or address leaves the function', async () => {
    const { post, recorded } = webhook('Stripe');
    const withBuyer = JSON.parse(sale.body) as { data: { object: Record<string, unknown> } };
    withBuyer.data.object.customer_details = { email: 'buyer@example.com', name: 'Ann Buyer', address: { line1: '1 Main St' } };
    const body = JSON.stringify(withBuyer);
    await post(body, stripeHeader(body));
    expect(JSON.stringify(recorded)).not.toMatch(/buyer@example\.com|Ann Buyer|Main St/);
  });
});

describe('Lemon Squeezy', () => {
  const sale = saleDelivery('Lemon Squeezy', { reference: REFERENCE, amountMinor: 8700, currency: 'USD' });
  const sign = (body: string, secret = SECRET) => ({ 'x-signature': createHmac('sha256', secret).update(body).digest('hex') });

  it('records an order signed with the hex HMAC-SHA256 of its body, with the reference from its custom data', async () => {
    const { post, recorded } = webhook('Lemon Squeezy');
    expect((await post(sale.body, sign(sale.body))).status).toBe(200);
    expect(recorded).toEqual([expect.objectContaining({ provider: 'lemonsqueezy', kind: 'sale', paid: true, amountMinor: 8700, reference: REFERENCE })]);
  });

  it('refuses another secret, a changed body, and a Stripe signature', async () => {
    const { post, recorded } = webhook('Lemon Squeezy');
    expect((await post(sale.body, sign(sale.body, 'another'))).status).toBe(400);
    expect((await post(sale.body.replace('8700', '1'), sign(sale.body))).status).toBe(400);
    expect((await post(sale.body, stripeHeader(sale.body))).status).toBe(400);
    expect(recorded).toEqual([]);
  });

  it('gives a replayed delivery (the same bytes) the same event id, and a refund another', async () => {
    const { post, recorded } = webhook('Lemon Squeezy');
    await post(sale.body, sign(sale.body));
    await post(sale.body, sign(sale.body));
    const refund = refundDelivery('Lemon Squeezy', { orderId: sale.orderId, amountMinor: 8700, refundedMinor: 8700, currency: 'USD' });
    await post(refund.body, sign(refund.body));
    expect(recorded[0]!.eventId).toBe(recorded[1]!.eventId);
    expect(recorded[2]).toEqual(expect.objectContaining({ kind: 'refund', orderId: sale.orderId, refundedMinor: 8700 }));
    expect(recorded[2]!.eventId).not.toBe(recorded[0]!.eventId);
  });
});

describe('without a secret or a known provider', () => {
  const sale = saleDelivery('Stripe', { amountMinor: 2900, currency: 'USD' });

  it('refuses every webhook, even a correctly signed one', async () => {
    for (const secret of [undefined, '']) {
      const { post, recorded } = webhook('Stripe', { secret });
      const answer = await post(sale.body, stripeHeader(sale.body));
      expect(answer.status).toBe(503);
      expect(JSON.stringify(await answer.json())).toContain('CHECKOUT_WEBHOOK_SECRET');
      expect(recorded).toEqual([]);
    }
  });

  it('refuses a provider it does not verify, naming it', async () => {
    const { post } = webhook('Gumroad');
    const answer = await post(sale.body, stripeHeader(sale.body));
    expect(answer.status).toBe(503);
    expect(JSON.stringify(await answer.json())).toContain('Gumroad');
  });

  it('answers 405 to anything but POST', async () => {
    const { handle } = webhook('Stripe');
    expect((await handle(new Request('http://127.0.0.1/functions/v1/checkout-webhook'))).status).toBe(405);
  });
});
