// What the Sales panel says of the checkout webhook's deliveries (issue 49), apart from React: a
// warning when the last delivery was refused, and one when buy clicks kept coming with no paid order
// for longer than the site's own rate of clicks to orders makes likely. Sales that stop arriving leave
// no other trace: the provider's retries fail quietly, and the screen shows only an empty period.
//
// The rate is the share of buy clicks that became paid orders before the last order, with a weak
// prior (one order in twenty clicks) so that a new site with a handful of clicks does not judge from
// them alone. With that rate p, n clicks in a row without an order happen with chance (1 - p)^n; the
// warning shows when that is below 1 in 100.
import type { CheckoutDeliveries, CheckoutDelivery, ClicksSinceOrder } from '../../model/sales/delivery.ts';

/** Below this chance, clicks without an order are called unlikely. */
export const UNLIKELY = 0.01;
const PRIOR = { orders: 1, clicks: 20 };

/** The share of buy clicks that become paid orders here, as far as the clicks before the last order tell. */
export function orderRate(c: Pick<ClicksSinceOrder, 'clicksBefore' | 'ordersBefore'>): number {
  return Math.min(0.95, (c.ordersBefore + PRIOR.orders) / (c.clicksBefore + PRIOR.clicks));
}

/** The fewest buy clicks in a row without an order that `rate` makes less likely than UNLIKELY. */
export function unlikelyClicks(rate: number): number {
  return Math.floor(Math.log(UNLIKELY) / Math.log(1 - rate)) + 1;
}

const PROVIDERS: Record<string, string> = { stripe: 'Stripe', lemonsqueezy: 'Lemon Squeezy', polar: 'Polar' };

/** The provider as the owner knows it. */
export const providerName = (p: string | null) => (p ? (PROVIDERS[p] ?? p) : 'no known provider');

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "3 days ago". */
export function ago(iso: string, now: number): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of [['day', 86_400], ['hour', 3_600], ['minute', 60]] as const) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

const clicks = (n: number) => `${n.toLocaleString('en-US')} buy ${n === 1 ? 'click' : 'clicks'}`;

export interface DeliveryWarning {
  kind: 'refused' | 'clicks';
  title: string;
  text: string;
}

/** What to do about a refused delivery, by why it was refused. */
function advice(d: CheckoutDelivery): string {
  if (d.status === 503) return 'Every sale is refused until the webhook has its secret and a provider it verifies: set CHECKOUT_WEBHOOK_SECRET, and checkout.provider (CHECKOUT_PROVIDER on a hosted project).';
  if (/signature/i.test(d.reason ?? '')) return 'If your provider sent it, the webhook checks it with another secret than the provider signs with: set CHECKOUT_WEBHOOK_SECRET to the signing secret the provider shows for this endpoint.';
  if (d.status >= 500) return 'The database failed; the provider delivers it again.';
  return 'The provider may deliver it again; its webhook page shows the delivery. The deliveries below say more.';
}

/** The warnings the panel shows above the deliveries, if any. */
export function deliveryWarnings(d: CheckoutDeliveries, now: number): DeliveryWarning[] {
  const out: DeliveryWarning[] = [];
  const last = d.deliveries[0];
  if (last?.outcome === 'refused') {
    out.push({
      kind: 'refused',
      title: `The last delivery, ${ago(last.at, now)}, was refused`,
      text: `${providerName(last.provider)}${last.type ? `'s ${last.type}` : ''} was answered ${last.status}: ${last.reason ?? 'no reason given'}. ${advice(last)}`,
    });
  }
  const c = d.clicks;
  const rate = orderRate(c);
  if (c.clicksSince >= unlikelyClicks(rate)) {
    out.push({
      kind: 'clicks',
      title: c.lastOrderAt ? `${clicks(c.clicksSince)} since the last order, ${ago(c.lastOrderAt, now)}` : `${clicks(c.clicksSince)} and no order yet`,
      text: `At this site's rate, about 1 order in ${Math.max(1, Math.round(1 / rate))} buy clicks, that many in a row without an order happens less than once in ${Math.round(1 / UNLIKELY)} times. Check that your provider's webhook reaches this site: its deliveries are below, and its own dashboard lists failed ones.`,
    });
  }
  return out;
}
