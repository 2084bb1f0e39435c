// One verified webhook event, as public.record_checkout_event(p_event) takes it
// (supabase/migrations/20251230000000_sales.sql). Each provider's module reads its own payload into
// this; nothing else leaves the function: no e-mail, name, address or card, whatever the provider sends.

export type Provider = 'stripe' | 'lemonsqueezy' | 'polar';

export interface CheckoutEvent {
  provider: Provider;
  /** The provider's id of this delivery's event: a replay carries the same one. */
  eventId: string;
  type: string;
  /** The order's id at the provider, the same in its sale and in its refunds. */
  orderId: string;
  kind: 'sale' | 'refund';
  amountMinor?: number;
  currency?: string;
  paid?: boolean;
  /** The order's refunds so far (every provider sends the running total). */
  refundedMinor?: number;
  reference?: string;
  product?: string;
  /** When it was paid (ISO). */
  at?: string;
}

/** What a provider's module makes of a delivery: an event to record, one to acknowledge and ignore, or a refusal. */
export type Verdict =
  | { ok: true; event: CheckoutEvent }
  | { ok: true; ignored: string }
  | { ok: false; status: number; message: string };

export const refuse = (status: number, message: string): Verdict => ({ ok: false, status, message });

/** A text field of a parsed payload, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A whole, non-negative number of minor units, or undefined. */
export function minor(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** Seconds since the epoch as ISO, or undefined. */
export function isoFromSeconds(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000).toISOString() : undefined;
}

/** The providers this function verifies, by the name site.config.yaml's checkout.provider gives them. */
export const PROVIDERS: Record<string, Exclude<Provider, 'polar'>> = { stripe: 'stripe', lemonsqueezy: 'lemonsqueezy' };

/** checkout.provider's name ("Stripe", "Lemon Squeezy") as this function knows it, or undefined. */
export function providerOf(name: string | undefined): Exclude<Provider, 'polar'> | undefined {
  const key = (name ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return Object.hasOwn(PROVIDERS, key) ? PROVIDERS[key] : undefined;
}
