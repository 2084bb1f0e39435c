// The checkout webhook's deliveries, as the owner reads them on /admin/insights (issue 49): the latest
// ones with their outcome and reason, and the buy clicks since the last paid order beside the rate at
// which clicks became orders before it. public.admin_checkout_deliveries
// (supabase/schemas/public/functions/admin_checkout_deliveries.sql); admins at aal2 read them, anyone else
// reads none, and anon may not call it.
import { AdminDataError } from './admin.ts';
import { getSupabase } from './client.ts';

export type DeliveryOutcome = 'counted' | 'replay' | 'ignored' | 'refused';

/** One delivery the webhook answered. Nothing of the payload but its ids. */
export interface CheckoutDelivery {
  at: string;
  /** stripe, lemonsqueezy, polar; null when no known provider was configured. */
  provider: string | null;
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

export interface CheckoutDeliveries {
  deliveries: CheckoutDelivery[];
  clicks: ClicksSinceOrder;
}

/** The latest `limit` deliveries (1 to 100), newest first, and the clicks since the last order. */
export async function loadCheckoutDeliveries(limit = 10): Promise<CheckoutDeliveries> {
  const { data, error } = await (await getSupabase()).rpc('admin_checkout_deliveries', { p_limit: limit });
  if (error) throw new AdminDataError(error.message || 'Could not load the checkout deliveries.', error.code);
  return data as CheckoutDeliveries;
}
