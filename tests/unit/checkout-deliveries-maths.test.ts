// The Sales panel's warnings about the checkout webhook (runtime/admin/checkout-deliveries-maths.ts,
// issue 49): the last delivery refused, said with its reason and what to do; buy clicks without an
// order past the count the site's own rate makes less likely than 1 in 100, said as the owner reads it
// ("14 buy clicks since the last order, 3 days ago"), and not one click earlier.
import { describe, expect, it } from 'vitest';
import type { CheckoutDeliveries, CheckoutDelivery } from '../../model/sales/delivery.ts';
import { ago, deliveryWarnings, orderRate, UNLIKELY, unlikelyClicks } from '../../runtime/admin/checkout-deliveries-maths.ts';

const NOW = Date.parse('2026-02-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

const delivery = (d: Partial<CheckoutDelivery>): CheckoutDelivery => ({
  at: hoursAgo(1), provider: 'stripe', eventId: 'evt_1', type: 'checkout.session.completed', orderId: 'pi_1', outcome: 'counted', status: 200, reason: null, ...d,
});
const data = (d: { deliveries?: CheckoutDelivery[]; clicks?: Partial<CheckoutDeliveries['clicks']> } = {}): CheckoutDeliveries => ({
  deliveries: d.deliveries ?? [],
  clicks: { lastOrderAt: hoursAgo(72), since: '2026-01-11', clicksSince: 0, firstClickSince: null, clicksBefore: 0, ordersBefore: 0, ...d.clicks },
});

describe('the rate of buy clicks to orders', () => {
  it('starts from one order in twenty clicks, and follows the site as its clicks grow', () => {
    expect(orderRate({ clicksBefore: 0, ordersBefore: 0 })).toBeCloseTo(0.05);
    expect(orderRate({ clicksBefore: 2000, ordersBefore: 600 })).toBeCloseTo(0.3, 2);
  });

  it('calls unlikely the fewest clicks in a row without an order whose chance is below 1 in 100', () => {
    for (const rate of [0.01, 0.05, 0.1, 0.2, 0.33, 0.5, 0.9]) {
      const n = unlikelyClicks(rate);
      expect((1 - rate) ** n).toBeLessThan(UNLIKELY);
      expect((1 - rate) ** (n - 1)).toBeGreaterThanOrEqual(UNLIKELY);
    }
  });
});

describe('the warnings above the deliveries', () => {
  it('says when the last delivery was refused, with its reason and what to do', () => {
    const [w] = deliveryWarnings(data({ deliveries: [delivery({ outcome: 'refused', status: 503, eventId: null, type: null, orderId: null, reason: 'CHECKOUT_WEBHOOK_SECRET is not set: every webhook is refused', at: hoursAgo(2) })] }), NOW);
    expect(w).toEqual({ kind: 'refused', title: 'The last delivery, 2 hours ago, was refused', text: expect.stringContaining('Stripe was answered 503: CHECKOUT_WEBHOOK_SECRET is not set') });
    expect(w!.text).toContain('set CHECKOUT_WEBHOOK_SECRET');
    const signature = deliveryWarnings(data({ deliveries: [delivery({ outcome: 'refused', status: 400, reason: 'the Stripe signature does not verify: No signatures found' })] }), NOW);
    expect(signature[0]!.text).toContain('signing secret the provider shows');
  });

  it('says nothing once a later delivery was counted', () => {
    expect(deliveryWarnings(data({ deliveries: [delivery({}), delivery({ outcome: 'refused', status: 400, reason: 'x' })] }), NOW)).toEqual([]);
  });

  it('warns of buy clicks without an order from the count the rate makes unlikely, not one earlier', () => {
    const history = { clicksBefore: 20, ordersBefore: 12 };
    const n = unlikelyClicks(orderRate(history));
    expect(n).toBeLessThanOrEqual(14);
    expect(deliveryWarnings(data({ clicks: { ...history, clicksSince: n - 1 } }), NOW)).toEqual([]);
    const [w] = deliveryWarnings(data({ clicks: { ...history, clicksSince: 14 } }), NOW);
    expect(w!.kind).toBe('clicks');
    expect(w!.title).toBe('14 buy clicks since the last order, 3 days ago');
    expect(w!.text).toContain('about 1 order in 3 buy clicks');
  });

  it('with no order ever, warns once the clicks are unlikely even at one order in twenty', () => {
    const none = { lastOrderAt: null, clicksBefore: 0, ordersBefore: 0 };
    expect(deliveryWarnings(data({ clicks: { ...none, clicksSince: unlikelyClicks(0.05) - 1 } }), NOW)).toEqual([]);
    expect(deliveryWarnings(data({ clicks: { ...none, clicksSince: unlikelyClicks(0.05) } }), NOW)[0]!.title).toBe(`${unlikelyClicks(0.05)} buy clicks and no order yet`);
  });
});

describe('times as the owner reads them', () => {
  it('says just now, minutes, hours and days ago', () => {
    expect(ago(hoursAgo(0.001), NOW)).toBe('just now');
    expect(ago(hoursAgo(0.5), NOW)).toBe('30 minutes ago');
    expect(ago(hoursAgo(1), NOW)).toBe('1 hour ago');
    expect(ago(hoursAgo(72), NOW)).toBe('3 days ago');
    expect(ago(hoursAgo(24), NOW)).toBe('yesterday');
  });
});
