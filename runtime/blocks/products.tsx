// The catalogue: countdown banner, featured bundle card with its value list, platform cards, guarantee.
import type { BlockOf } from '../../model/page.ts';
import { bonusValue, bundledProducts, coreValue, discountPercent, gradient, gradientInk, money, productById, selectProducts } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { Island } from '../island.tsx';
import { PriceParts, Savings } from './price-tag.tsx';
import { cardGrid } from './card-grid.ts';
import { ProductCard } from './product-card.tsx';
import { HeadedSection } from './section-shell.tsx';

export function Products({ block }: { block: BlockOf<'products'> }) {
  const { site } = useRender();
  const featured = productById(site, block.featured);
  // Without a list, every product but the featured one, so a product added to the catalogue shows by itself.
  const cards = selectProducts(site, block.products, () => site.products.filter((p) => p.id !== featured.id));
  const grid = cardGrid(cards.length, 4);
  return (
    <HeadedSection block={block} type="products" className="bg-white">
      {block.countdown && (
        <div className="mx-auto mb-10 flex max-w-3xl flex-col items-center gap-3 rounded-2xl bg-gradient-to-r from-red-600 to-orange-500 p-5 text-center text-white shadow-lg">
          <p className="font-bold"><Inline text={block.countdown} /></p>
          <Island name="countdown" props={{ start: site.countdowns.landing, tone: 'light' }} />
        </div>
      )}
      <article className="mx-auto mb-12 max-w-4xl overflow-hidden rounded-3xl shadow-2xl" style={{ background: gradient(featured), color: gradientInk(featured) }} data-product={featured.id} data-testid="on-gradient">
        <div className="grid gap-8 p-8 md:grid-cols-2">
          <div>
            <span className="inline-block rounded-full bg-white px-3 py-1 text-xs font-extrabold text-gray-900">{featured.badge}</span>
            <h3 className="mt-4 text-3xl font-extrabold"><span aria-hidden="true">{featured.emoji} </span>{featured.title}</h3>
            <p className="mt-3">{featured.description}</p>
            <p className="mt-6 flex flex-wrap items-baseline gap-3">
              <PriceParts product={featured} look="gradient" />
            </p>
            <p className="mt-2 font-bold"><Savings product={featured} limited /> <span className="ml-2 rounded bg-yellow-300 px-2 py-0.5 text-sm text-gray-900">{discountPercent(site, featured)}% off</span></p>
            <a href={featured.route} className="mt-6 inline-block rounded-xl bg-white px-8 py-4 text-lg font-extrabold text-violet-700 shadow hover:bg-violet-50">{block.featuredButton}</a>
          </div>
          <div className="rounded-2xl border-2 border-current/30 p-6">
            <p className="font-bold">Everything included:</p>
            <ul className="mt-3 space-y-2 text-sm">
              <li className="flex justify-between gap-3"><span>✓ All {bundledProducts(site, featured).length} platform guides</span><span className="font-semibold">{money(coreValue(site, featured))}</span></li>
              {(featured.bonuses ?? []).map((b) => (
                <li key={b.title} className="flex justify-between gap-3"><span>✓ {b.title}</span><span className="font-semibold">{b.value !== undefined ? money(b.value) : b.valueLabel}</span></li>
              ))}
            </ul>
            <p className="mt-4 border-t border-current/30 pt-3 text-sm">Core Value: {money(coreValue(site, featured))} • Bonus value: {money(bonusValue(featured))}</p>
          </div>
        </div>
      </article>
      <ul className={`${grid.list} gap-6`}>
        {cards.map((p, i) => <li key={p.id} className={`flex ${grid.item(i)}`}><ProductCard product={p} buttonLabel={block.cardButton} /></li>)}
      </ul>
      {block.guarantee && (
        <div className="mx-auto mt-12 flex max-w-2xl items-center gap-4 rounded-2xl border-2 border-emerald-500 bg-emerald-50 p-6">
          <span className="text-4xl" aria-hidden="true">🛡️</span>
          <div>
            <p className="text-lg font-extrabold text-emerald-900">{block.guarantee.title}</p>
            <p className="text-emerald-900"><Inline text={block.guarantee.text} /></p>
          </div>
        </div>
      )}
      <p className="mt-6 text-center text-sm text-gray-600">🔒 Secure checkout via {site.checkout.provider}</p>
    </HeadedSection>
  );
}
