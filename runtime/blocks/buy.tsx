// A buy button for a product: an island that toasts, then goes to the product's checkout.
import type { Product } from '../../model/schema.generated.ts';
import { useRender } from '../context.tsx';
import { Island } from '../island.tsx';
import { money } from '../../model/catalogue.ts';

export function Buy({ product, label, tone }: { product: Product; label?: string; tone?: 'primary' | 'light' }) {
  const { site } = useRender();
  return (
    <Island
      name="buy-button"
      props={{ label: label ?? `Get Instant Access for ${money(product.price)}`, checkoutUrl: product.checkoutUrl, delayMs: site.checkout.redirectDelayMs, tone }}
    />
  );
}
