// A buy button for a product: an island that toasts, then goes to the product's checkout.
import type { Product } from '../../model/schema.generated.ts';
import { useRender } from '../context.tsx';
import { Island, type Hydrate } from '../island.tsx';
import { money } from '../../model/catalogue.ts';

/** `hydrate`: 'load' in a hero, where the button is the first thing a visitor may press; idle further down. */
export function Buy({ product, label, tone, hydrate }: { product: Product; label?: string; tone?: 'primary' | 'light'; hydrate?: Hydrate }) {
  const { site } = useRender();
  // The product and the price shown, for the analytics beacon's buy click (client/beacon.ts).
  return (
    <div className="contents" data-buy={product.id} data-price={Math.round(product.price * 100)}>
      <Island
        name="buy-button"
        hydrate={hydrate}
        props={{ label: label ?? `Get Instant Access for ${money(product.price)}`, checkoutUrl: product.checkoutUrl, delayMs: site.checkout.redirectDelayMs, tone }}
      />
    </div>
  );
}
