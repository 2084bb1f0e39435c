// The checkout webhook's deliveries, as the owner reads them on /admin/insights (issue 49): the latest
// ones with their outcome and reason, and the buy clicks since the last paid order beside the rate at
// which clicks became orders before it (model/sales/delivery.ts). public.admin_checkout_deliveries
// (supabase/schemas/public/functions/admin_checkout_deliveries.sql); admins at aal2 read them, anyone
// else reads none, and anon may not call it.
import type { CheckoutDeliveries } from '../../model/sales/delivery.ts';
import { AdminDataError } from './admin.ts';
import { getSupabase } from './client.ts';

/** The latest `limit` deliveries (1 to 100), newest first, and the clicks since the last order. */
export async function loadCheckoutDeliveries(limit = 10): Promise<CheckoutDeliveries> {
  const { data, error } = await (await getSupabase()).rpc('admin_checkout_deliveries', { p_limit: limit });
  if (error) throw new AdminDataError(error.message || 'Could not load the checkout deliveries.', error.code);
  return data as CheckoutDeliveries;
}
