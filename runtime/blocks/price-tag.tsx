// Price markup shared by the blocks: the price, the struck-through original and the savings, in the
// looks the site uses, and PriceTag, all three on one centred line (platform hero and price box).
import type { Product } from '../../model/schema.generated.ts';
import { money, originalPrice, savings } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';

// Classes of the price and of the struck-through original per look, written out in full so that
// Tailwind finds them. A look without price classes leaves the price as bare text that takes its
// size from the surrounding element.
const priceLooks = {
  /** Bundle hero: the largest, dark on white. */
  hero: 'text-6xl font-extrabold text-gray-900',
  /** PriceTag: dark on white. */
  tag: 'text-5xl font-extrabold text-gray-900',
  /** Product cards. */
  card: 'text-3xl font-extrabold text-gray-900',
  /** Within a line of small text (platform tiles); shown without the original. */
  inline: 'font-bold text-gray-900',
  /** White on a gradient (the featured bundle card). */
  gradient: 'text-5xl font-extrabold',
  /** White on a gradient, sized by the surrounding element (upgrade box). */
  'gradient-bare': undefined,
} as const;

const originalLooks = {
  hero: 'text-2xl text-gray-500',
  tag: 'text-2xl text-gray-500',
  card: 'text-gray-500',
  gradient: 'text-xl',
  'gradient-bare': 'text-xl',
} as const;

const savingsLooks = {
  pill: 'rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-800',
  text: 'text-sm font-bold text-emerald-700',
} as const;

/** The product's price alone. */
export function Price({ product, look }: { product: Product; look: keyof typeof priceLooks }) {
  const className = priceLooks[look];
  return className ? <span className={className}>{money(product.price)}</span> : <>{money(product.price)}</>;
}

/** "Save $X", optionally followed by "• Limited Time"; bare text unless given a look. */
export function Savings({ product, look, limited = false }: { product: Product; look?: keyof typeof savingsLooks; limited?: boolean }) {
  const { site } = useRender();
  const text = <>Save {money(savings(site, product))}{limited && ' • Limited Time'}</>;
  return look ? <span className={savingsLooks[look]}>{text}</span> : text;
}

/** The price, the struck-through original and, with `save`, the savings: siblings for the caller's element. */
export function PriceParts({ product, look, save }: { product: Product; look: keyof typeof originalLooks; save?: keyof typeof savingsLooks }) {
  const { site } = useRender();
  return (
    <>
      <Price product={product} look={look} />
      {priceLooks[look] ? null : ' '}
      {/* Screen readers do not announce strikethrough: say what the second price is. */}
      <span className="sr-only">Original price: </span>
      <s className={originalLooks[look]}>{money(originalPrice(site, product))}</s>
      {save && <Savings product={product} look={save} />}
    </>
  );
}

export function PriceTag({ product }: { product: Product }) {
  return (
    <p className="flex flex-wrap items-baseline justify-center gap-3" data-testid="price">
      <PriceParts product={product} look="tag" save="pill" />
    </p>
  );
}
