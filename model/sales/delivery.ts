// A delivery: one request the checkout's webhook answered (issue 49), as it is written to the delivery
// log (sales.webhook_deliveries) and as the owner reads it back on /admin/insights. The webhook
// (supabase/functions/checkout-webhook/handler.ts) writes, runtime/backend/checkout-deliveries.ts reads
// public.admin_checkout_deliveries; both name the outcome with the one type below.
import type { EventIds, ProviderKey } from './event.ts';

/** What became of a delivery: its event counted, a replay of one already counted, a kind not counted, or refused. */
export type DeliveryOutcome = 'counted' | 'replay' | 'ignored' | 'refused';

/** What public.record_checkout_event made of an event. */
export interface Recorded {
  outcome: DeliveryOutcome;
  reason?: string | null;
}

/** A delivery answered without an event recorded, as public.log_checkout_delivery takes it. */
export interface UnrecordedDelivery extends EventIds {
  provider?: ProviderKey;
  outcome: 'ignored' | 'refused';
  status: number;
  reason: string;
}

/** One delivery of the log, as the admin reads it. Nothing of the payload but its ids. */
export interface CheckoutDelivery {
  at: string;
  /** stripe, lemonsqueezy, polar; null when no known provider was configured. */
  provider: ProviderKey | null;
  eventId: string | null;
  type: string | null;
  orderId: string | null;
  outcome: DeliveryOutcome;
  /** The HTTP status the provider was answered. */
  status: number;
  reason: string | null;
}

/** Buy clicks since the last paid order, and how often clicks became orders before it. */
export interface ClicksSinceOrder {
  /** When the last paid order was paid; null: none yet. */
  lastOrderAt: string | null;
  /** The first day whose clicks are all still kept (the raw events' window). */
  since: string | null;
  clicksSince: number;
  firstClickSince: string | null;
  clicksBefore: number;
  ordersBefore: number;
}

/** public.admin_checkout_deliveries(p_limit): the latest deliveries, newest first, and the clicks since the last order. */
export interface CheckoutDeliveries {
  deliveries: CheckoutDelivery[];
  clicks: ClicksSinceOrder;
}
