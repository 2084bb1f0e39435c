// Price, struck-through original and savings, shared by the hero and the price box.
import type { Product } from '../../model/schema.generated.ts';
import { money, savings } from '../../model/catalogue.ts';

export function PriceTag({ product, light = false }: { product: Product; light?: boolean }) {
  return (
    <p className="flex flex-wrap items-baseline justify-center gap-3" data-testid="price">
      <span className={`text-5xl font-extrabold ${light ? 'text-white' : 'text-gray-900'}`}>{money(product.price)}</span>
      <s className={`text-2xl ${light ? 'text-white/70' : 'text-gray-500'}`}>{money(product.originalPrice)}</s>
      <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-800">Save {money(savings(product))}</span>
    </p>
  );
}
