// One verified webhook event, as public.record_checkout_event(p_event) takes it
// (supabase/schemas/public/functions/record_checkout_event.sql). Each provider's module (stripe.ts,
// lemonsqueezy.ts) reads its own payload into this; nothing else leaves the webhook: no e-mail, name,
// address or card, whatever the provider sends. Web APIs only: the Edge Function runs it in Deno, the
// stand-in in Node.

/** A provider as the database keys it (sales.orders.provider); checkout.provider's name is reference.ts's CheckoutProvider. */
export type ProviderKey = 'stripe' | 'lemonsqueezy' | 'polar';

export interface CheckoutEvent {
  provider: ProviderKey;
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

/** What is known of a delivery's event before it is refused: logged beside the reason. */
export type EventIds = Partial<Pick<CheckoutEvent, 'eventId' | 'type' | 'orderId'>>;

/** What a provider's module makes of a delivery: an event to record, one to acknowledge and ignore, or a refusal. */
export type Verdict =
  | { ok: true; event: CheckoutEvent }
  | { ok: true; ignored: string; ids: EventIds }
  | { ok: false; status: number; message: string; ids?: EventIds };

export const refuse = (status: number, message: string, ids?: EventIds): Verdict => ({ ok: false, status, message, ids });

/** A text field of a parsed payload, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * An amount as the provider wrote it, when it is a number; the database says whether it is a whole
 * number of minor units in range (public.record_checkout_event), and refuses the event naming it.
 */
export function minor(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Seconds since the epoch as ISO; undefined when absent or not a time JavaScript can write. */
export function isoFromSeconds(value: unknown): string | undefined {
  if (typeof value !== 'number') return undefined;
  const at = new Date(value * 1000);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

// PostgreSQL's text and jsonb cannot hold U+0000, nor UTF-16 halves without their pair: such text made
// the database fail, and the webhook answered 500 ("deliver it again") to the same event forever.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the database can store the text. */
export const storable = (value: string) => !UNSTORABLE.test(value);

/** The text with what the database cannot store replaced by U+FFFD (for the log's words, never for an id). */
export const storableText = (value: string) => value.replace(new RegExp(UNSTORABLE, 'g'), '\uFFFD');

/**
 * The event as the database can store it, or why not. A reference or a product the database cannot
 * hold is one no buy button made (a buyer edited the checkout address): it is left out, as the
 * database leaves out a reference of another form, and the paid order counts unattributed. Any other
 * field is the order's own: the event is refused.
 */
export function storableEvent(event: CheckoutEvent): { event: CheckoutEvent } | { problem: string } {
  const out = { ...event };
  for (const [field, value] of Object.entries(event) as [keyof CheckoutEvent, unknown][]) {
    if (typeof value !== 'string' || storable(value)) continue;
    if (field === 'reference' || field === 'product') delete out[field];
    else return { problem: `${field} holds U+0000 or half of a UTF-16 pair, which cannot be stored` };
  }
  return { event: out };
}

/** The providers the webhook verifies, by the name site.config.yaml's checkout.provider gives them. */
export const VERIFIED_PROVIDERS: Record<string, Exclude<ProviderKey, 'polar'>> = { stripe: 'stripe', lemonsqueezy: 'lemonsqueezy' };

/** checkout.provider's name ("Stripe", "Lemon Squeezy") as the webhook knows it, or undefined. */
export function providerOf(name: string | undefined): Exclude<ProviderKey, 'polar'> | undefined {
  const key = (name ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return Object.hasOwn(VERIFIED_PROVIDERS, key) ? VERIFIED_PROVIDERS[key] : undefined;
}
