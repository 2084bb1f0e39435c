// A platform product card: badge, emoji, title, description, price, features, button to its page.
import type { Product } from '../../model/schema.generated.ts';
import { gradient, gradientInk } from '../../model/catalogue.ts';
import { PriceParts } from './price-tag.tsx';

export function ProductCard({ product, buttonLabel }: { product: Product; buttonLabel: string }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-lg" data-product={product.id}>
      <div className="relative p-6" style={{ background: gradient(product), color: gradientInk(product) }} data-testid="on-gradient">
        <span className="absolute right-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-extrabold text-gray-900">{product.badge}</span>
        <span className="text-4xl" aria-hidden="true">{product.emoji}</span>
        <h3 className="mt-3 text-xl font-extrabold">{product.title}</h3>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-gray-700">{product.description}</p>
        <p className="mt-4 flex items-baseline gap-2">
          <PriceParts product={product} look="card" save="text" />
        </p>
        <ul className="mt-4 flex-1 space-y-2 text-sm text-gray-700">
          {product.features.map((f) => (
            <li key={f} className="flex gap-2"><span className="text-emerald-600" aria-hidden="true">✓</span>{f}</li>
          ))}
        </ul>
        <a href={product.route} className="mt-6 block rounded-xl bg-gray-900 px-4 py-3 text-center font-bold text-white hover:bg-gray-800">{buttonLabel}</a>
      </div>
    </article>
  );
}
