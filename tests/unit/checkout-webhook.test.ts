// The checkout webhook's verification (supabase/functions/checkout-webhook): Stripe's signatures are
// built with Stripe's own library (stripe.webhooks.generateTestHeaderString), Lemon Squeezy's with its
// own scheme (hex HMAC-SHA256 of the raw body). Valid ones are recorded; a wrong secret, a changed
// body, a signature outside the 300 s tolerance either side, a missing header, or no secret configured
// at all are refused and record nothing. Every delivery is logged with its outcome and reason, and a
// signed event that cannot be stored is refused (400) with its reason, never a 500 (issue 49).
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CheckoutEvent } from '../../model/sales/event.ts';
import type { Recorded, UnrecordedDelivery } from '../../model/sales/delivery.ts';
import { checkoutWebhook } from '../../supabase/functions/checkout-webhook/handler.ts';
import { STRIPE_TOLERANCE_SECONDS } from '../../model/sales/stripe.ts';
import { refundDelivery, saleDelivery } from '../../supabase/local/checkout-events.ts';

const SECRET = 'whsec_unit_test_secret';
const REFERENCE = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab';

function webhook(provider: string, opts: { secret?: string; answer?: (e: CheckoutEvent) => Recorded } = { secret: SECRET }) {
  const recorded: CheckoutEvent[] = [];
  const logged: UnrecordedDelivery[] = [];
  let current = provider;
  const handle = checkoutWebhook({
    secret: opts.secret,
    provider: () => current,
    record: async (e) => (recorded.push(e), opts.answer?.(e) ?? { outcome: 'counted' }),
    log: async (d) => void logged.push(d),
  });
  const post = (body: string, headers: Record<string, string>) =>
    handle(new Request('http://127.0.0.1/functions/v1/checkout-webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));
  return { recorded, logged, post, handle, setProvider: (p: string) => void (current = p) };
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

  it('refuses a signature made with another secret, and a body changed after signing, logging each refusal', async () => {
    const { post, recorded, logged } = webhook('Stripe');
    expect((await post(sale.body, stripeHeader(sale.body, 'whsec_someone_else'))).status).toBe(400);
    expect((await post(sale.body.replace('2900', '290000'), stripeHeader(sale.body))).status).toBe(400);
    expect((await post(sale.body, {})).status).toBe(400);
    expect(recorded).toEqual([]);
    expect(logged.map((d) => [d.provider, d.outcome, d.status])).toEqual(Array(3).fill(['stripe', 'refused', 400]));
    expect(logged[0]!.reason).toMatch(/signature does not verify/);
    expect(logged[2]!.reason).toBe('no Stripe-Signature header');
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

  it(`refuses a signature dated more than ${STRIPE_TOLERANCE_SECONDS} s ahead, accepts one just within it`, async () => {
    const { post, recorded, logged } = webhook('Stripe');
    const ahead = Math.floor(Date.now() / 1000) + STRIPE_TOLERANCE_SECONDS + 60;
    const answer = await post(sale.body, stripeHeader(sale.body, SECRET, ahead));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/ahead of this server's clock/);
    expect(recorded).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ outcome: 'refused', status: 400 })]);
    expect((await post(sale.body, stripeHeader(sale.body, SECRET, Math.floor(Date.now() / 1000) + STRIPE_TOLERANCE_SECONDS - 30))).status).toBe(200);
    expect(recorded).toHaveLength(1);
  });

  it('refuses a signed null body, and a created time JavaScript cannot write, with a 400 and its reason', async () => {
    const { post, recorded, logged } = webhook('Stripe');
    const empty = await post('null', stripeHeader('null'));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe('the body is not a Stripe event: an object with an id and a type');
    const event = JSON.parse(sale.body) as { id: string; created: number };
    const late = JSON.stringify({ ...event, created: 1e20 });
    const answer = await post(late, stripeHeader(late));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toBe('created 100000000000000000000 is not a time');
    expect(recorded).toEqual([]);
    // Logged with the event's id, so the owner can find it in the provider's dashboard.
    expect(logged[1]).toEqual(expect.objectContaining({ eventId: event.id, type: 'checkout.session.completed', outcome: 'refused', status: 400 }));
  });

  it('answers the database\'s refusal with a 400 and its reason, a replay or a refund not this site\'s with a 200', async () => {
    const answers: Recorded[] = [
      { outcome: 'refused', reason: 'currency USDX is not an ISO 4217 code' },
      { outcome: 'replay', reason: 'received before: changes nothing' },
      { outcome: 'ignored', reason: "not this site's: a refund of a payment no sale of this site made" },
    ];
    const { post } = webhook('Stripe', { secret: SECRET, answer: () => answers.shift()! });
    const refused = await post(sale.body, stripeHeader(sale.body));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'currency USDX is not an ISO 4217 code', outcome: 'refused' });
    expect(await (await post(sale.body, stripeHeader(sale.body))).json()).toEqual(expect.objectContaining({ outcome: 'replay', replay: true }));
    const notOurs = await post(sale.body, stripeHeader(sale.body));
    expect(notOurs.status).toBe(200);
    expect(await notOurs.json()).toEqual(expect.objectContaining({ outcome: 'ignored', reason: expect.stringMatching(/^not this site's/) }));
  });

  it('answers 500 only when the database failed, and logs that too', async () => {
    const { post, logged } = webhook('Stripe', { secret: SECRET, answer: () => { throw new Error('connection refused'); } });
    const answer = await post(sale.body, stripeHeader(sale.body));
    expect(answer.status).toBe(500);
    expect(logged).toEqual([expect.objectContaining({ outcome: 'refused', status: 500, reason: 'the database failed: connection refused' })]);
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

  it('acknowledges an event kind it does not count, recording nothing, logging it as ignored', async () => {
    const { post, recorded, logged } = webhook('Stripe');
    const body = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_1', email: 'a@example.com' } } });
    expect((await post(body, stripeHeader(body))).status).toBe(200);
    expect(recorded).toEqual([]);
    expect(logged).toEqual([{ provider: 'stripe', eventId: 'evt_other', type: 'customer.created', outcome: 'ignored', status: 200, reason: 'customer.created is not a sale or a refund: acknowledged, not counted' }]);
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

  it('counts an order whose custom data holds U+0000 or half a UTF-16 pair, leaving that reference out (unattributed)', async () => {
    for (const ref of ['Ab3_-Ab3_-Ab3_-Ab3_-A\u0000', '\ud800Ab3_-Ab3_-Ab3_-Ab3_-A']) {
      const { post, recorded } = webhook('Lemon Squeezy');
      const body = sale.body.replace(JSON.stringify(REFERENCE), JSON.stringify(ref));
      expect(body).toMatch(/\\u0000|\\ud800/);
      expect((await post(body, sign(body))).status).toBe(200);
      expect(recorded).toEqual([expect.objectContaining({ kind: 'sale', amountMinor: 8700 })]);
      expect(recorded[0]!.reference).toBeUndefined();
      // What reaches the database is text it can store.
      expect(JSON.stringify(recorded[0])).not.toMatch(/\\u0000|\\ud800/);
    }
  });

  it('refuses, with a 400 and its reason, an order id the database cannot store', async () => {
    const { post, recorded, logged } = webhook('Lemon Squeezy');
    const body = sale.body.replace(JSON.stringify(sale.orderId), JSON.stringify(`${sale.orderId}\u0000`));
    const answer = await post(body, sign(body));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toBe('orderId holds U+0000 or half of a UTF-16 pair, which cannot be stored');
    expect(recorded).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ provider: 'lemonsqueezy', type: 'order_created', outcome: 'refused', status: 400, orderId: `${sale.orderId}\uFFFD` })]);
  });

  it('refuses a signed null body with a 400', async () => {
    const { post } = webhook('Lemon Squeezy');
    const answer = await post('null', sign('null'));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/not a Lemon Squeezy event/);
  });

  it('passes a currency, a total and a created_at on as sent, for the database to judge', async () => {
    const { post, recorded } = webhook('Lemon Squeezy');
    const odd = JSON.parse(sale.body) as { data: { attributes: Record<string, unknown> } };
    Object.assign(odd.data.attributes, { currency: 'usdx', total: 1e15, created_at: 'yesterday' });
    const body = JSON.stringify(odd);
    await post(body, sign(body));
    expect(recorded).toEqual([expect.objectContaining({ currency: 'USDX', amountMinor: 1e15, at: 'yesterday' })]);
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

  it('refuses every webhook, even a correctly signed one, and logs each refusal', async () => {
    for (const secret of [undefined, '']) {
      const { post, recorded, logged } = webhook('Stripe', { secret });
      const answer = await post(sale.body, stripeHeader(sale.body));
      expect(answer.status).toBe(503);
      expect(JSON.stringify(await answer.json())).toContain('CHECKOUT_WEBHOOK_SECRET');
      expect(recorded).toEqual([]);
      expect(logged).toEqual([{ provider: 'stripe', outcome: 'refused', status: 503, reason: 'CHECKOUT_WEBHOOK_SECRET is not set: every webhook is refused' }]);
    }
  });

  it('reads the provider at each delivery: a changed checkout.provider needs no restart', async () => {
    const { post, setProvider } = webhook('Gumroad');
    expect((await post(sale.body, stripeHeader(sale.body))).status).toBe(503);
    setProvider('Stripe');
    expect((await post(sale.body, stripeHeader(sale.body))).status).toBe(200);
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
