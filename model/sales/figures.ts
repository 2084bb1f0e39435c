// The figures the admin reads of sales (issue 41): what public.admin_sales, public.admin_orders,
// public.admin_order_visits and public.admin_funnel_sales answer, keys as the functions write them.
// Orders, revenue and refunds come only from the checkout's verified webhooks. Money is in minor units
// with its ISO currency (money.ts), and a figure is one currency's: sums never mix currencies.
// runtime/backend/sales.ts calls the functions; runtime/admin/insights-sales-maths.ts lays them out.

/** One currency's figures: its orders and their money. */
export interface CurrencyFigures {
  currency: string;
  orders: number;
  /** Orders with any refund (partial or full). */
  refundedOrders: number;
  grossMinor: number;
  refundedMinor: number;
  netMinor: number;
}
export interface SalesDay extends CurrencyFigures { day: string }
/** The click's product, else the one the provider named; attributed false (product null): neither is known. */
export interface SalesByProduct extends CurrencyFigures { product: string | null; attributed: boolean }
export interface SalesByRoute extends CurrencyFigures { route: string | null; attributed: boolean }
/** The call to action clicked: the buy button's block on its route. */
export interface SalesByBlock extends CurrencyFigures { route: string | null; blockId: string | null; blockType: string | null; attributed: boolean }
/** The visitor-day's first utm triplet (all null and attributed: none). */
export interface SalesByCampaign extends CurrencyFigures { source: string | null; medium: string | null; campaign: string | null; attributed: boolean }
/** The visitor-day's first referrer host (null and attributed: direct). */
export interface SalesByReferrer extends CurrencyFigures { host: string | null; attributed: boolean }
/** Orders whose visitor-day saw this variant of the route first (experiment null: no longer declared). */
export interface SalesByVariant extends CurrencyFigures { route: string; experiment: string | null; variant: string }

/** public.admin_sales(p_from, p_to): orders paid in the period, inclusive UTC days. */
export interface Sales {
  totals: CurrencyFigures[];
  daily: SalesDay[];
  products: SalesByProduct[];
  routes: SalesByRoute[];
  blocks: SalesByBlock[];
  campaigns: SalesByCampaign[];
  referrers: SalesByReferrer[];
  variants: SalesByVariant[];
}

export interface OrderRow {
  provider: string;
  orderId: string;
  status: 'paid' | 'partially_refunded' | 'refunded';
  paidAt: string;
  currency: string;
  grossMinor: number;
  refundedMinor: number;
  netMinor: number;
  product: string | null;
  attributed: boolean;
  route: string | null;
  blockId: string | null;
  variant: string | null;
  experiment: string | null;
  referrerHost: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/**
 * public.admin_order_visits: per route and product of the buy click, the period's orders from visitors counted on
 * that page (the click followed a view of it by the same visitor that day) and from clicks without such
 * a view; and the orders no click claims. Only counted orders are divided by visitors.
 */
export interface OrderVisits {
  /** product: the click's product. */
  routes: { route: string; product: string; counted: number; unviewed: number }[];
  unattributed: number;
}
