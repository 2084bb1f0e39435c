// The buy click's reference and how each checkout provider carries it (issue 41). The contract between
// the buy button (runtime/islands/buy-button.island.tsx), which adds the reference to the checkout's
// address, the beacon's buy event that stores it beside the click, and the webhook
// (supabase/functions/checkout-webhook, through stripe.ts and lemonsqueezy.ts here), which reads it
// back from the provider's event. No cookie, no
// storage, never the visitor's hash: a fresh random value per click, which only an order can claim.

/**
 * The reference a buy click sends with its event and to the checkout, as the database keeps it
 * (sales.orders.reference, analytics.buy_references): 22 of [A-Za-z0-9_-], 132 bits (mintReference fills 128).
 */
export const REFERENCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A new reference: 16 random bytes (128 bits) from the platform's cryptographic source, base64url without padding. */
export function mintReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // btoa over the bytes as Latin-1, then the URL-safe alphabet (Stripe's client_reference_id allows
  // letters, digits, '-' and '_' only; a '/' would make it null).
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Per provider (site.config.yaml's checkout.provider, spelt as here): the query parameter the hosted
 * checkout keeps and hands back with the order, and where its webhook returns it.
 */
export const CHECKOUT_PROVIDERS = {
  // Payment Links: client_reference_id, letters, digits, '-' and '_' only, up to 200 characters.
  Stripe: { parameter: 'client_reference_id', returnedAs: 'data.object.client_reference_id' },
  // Checkout links: custom data in checkout[custom][...]; returned in meta.custom_data.
  'Lemon Squeezy': { parameter: 'checkout[custom][ref]', returnedAs: 'meta.custom_data.ref' },
  // Hosted checkouts: custom_data, a JSON object; returned in the transaction's custom_data.
  Paddle: { parameter: 'custom_data', json: 'ref', returnedAs: 'data.custom_data.ref' },
  // Checkout links: reference_id; returned in the order's metadata.
  Polar: { parameter: 'reference_id', returnedAs: 'data.metadata.reference_id' },
  // Product links: any URL parameter; the sale's ping returns them in url_params.
  Gumroad: { parameter: 'ref', returnedAs: 'url_params.ref' },
} as const satisfies Record<string, { parameter: string; json?: string; returnedAs: string }>;

export type CheckoutProvider = keyof typeof CHECKOUT_PROVIDERS;

export const checkoutProviders = Object.keys(CHECKOUT_PROVIDERS) as CheckoutProvider[];

export function isCheckoutProvider(name: string): name is CheckoutProvider {
  return Object.hasOwn(CHECKOUT_PROVIDERS, name);
}

/** The product's checkout address carrying `reference` the way `provider` expects; other parameters kept. */
export function checkoutAddress(address: string, provider: CheckoutProvider, reference: string): string {
  const way: { parameter: string; json?: string } = CHECKOUT_PROVIDERS[provider];
  const url = new URL(address);
  url.searchParams.set(way.parameter, way.json ? JSON.stringify({ [way.json]: reference }) : reference);
  return url.href;
}
