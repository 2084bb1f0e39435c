// A buy button for a product: an island that toasts, then goes to the product's checkout.
import type { Product } from '../../model/schema.generated.ts';
import { useRender } from '../context.tsx';
import { Island, type Hydrate } from '../island.tsx';
import { money } from '../../model/catalogue.ts';
import type { CheckoutProvider } from '../../model/sales/reference.ts';
import { toMinor } from '../../model/sales/money.ts';

/** `hydrate`: 'load' in a hero, where the button is the first thing a visitor may press; idle further down. */
export function Buy({ product, label, tone, hydrate }: { product: Product; label?: string; tone?: 'primary' | 'light'; hydrate?: Hydrate }) {
  const { site } = useRender();
  // In the currency's minor units, as the database values the click (model/sales/money.ts); it refuses another figure.
  const priceCents = toMinor(product.price, site.checkout.currency ?? 'USD');
  // The product and the price shown, on the page for tests and tools; the island sends them with its reference.
  return (
    <div className="contents" data-buy={product.id} data-price={priceCents}>
      <Island
        name="buy-button"
        hydrate={hydrate}
        props={{
          label: label ?? `Get Instant Access for ${money(product.price)}`,
          checkoutUrl: product.checkoutUrl,
          // Checked against model/sales/reference.ts's providers by the site config's schema.
          provider: site.checkout.provider as CheckoutProvider,
          product: product.id,
          priceCents,
          delayMs: site.checkout.redirectDelayMs,
          tone,
        }}
      />
    </div>
  );
}
