// The guides a bundle contains, one tile each (from the product's `bundles` list): emoji, title, plan
// length, claim and a link to the platform's own page. The title link covers the whole tile.
import type { BlockOf } from '../../model/page.ts';
import { bundledProducts, gradient, productById } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { cardGrid } from './card-grid.ts';
import { Price } from './price-tag.tsx';
import { HeadedSection } from './section-shell.tsx';

export function PlatformTiles({ block }: { block: BlockOf<'platform-tiles'> }) {
  const { site } = useRender();
  const bundle = productById(site, block.product);
  const parts = bundledProducts(site, bundle);
  const grid = cardGrid(parts.length, 4);
  return (
    <HeadedSection block={block} type="platform-tiles" className="bg-white">
      <ul className={`${grid.list} gap-5`}>
        {parts.map((p, i) => (
          <li key={p.id} className={`${grid.item(i)} group relative flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition focus-within:shadow-lg hover:-translate-y-0.5 hover:shadow-lg`} data-testid="platform-tile">
            <span className="flex h-16 w-16 items-center justify-center rounded-2xl text-3xl shadow-md" style={{ background: gradient(p) }} aria-hidden="true">{p.emoji}</span>
            <h3 className="mt-4 text-lg font-extrabold text-gray-900">
              <a href={p.route} className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none">{p.title}</a>
            </h3>
            <p className="mt-2 inline-flex w-fit rounded-full bg-violet-100 px-3 py-0.5 text-sm font-bold text-violet-800">{p.planDays}-day plan</p>
            {p.claim && <p className="mb-4 mt-3 text-sm text-gray-700">{p.claim}</p>}
            <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-t border-gray-100 pt-4 text-sm">
              <p className="text-gray-600">Sold alone: <Price product={p} look="inline" /></p>
              <p className="whitespace-nowrap font-bold text-violet-700 group-hover:underline" aria-hidden="true">{block.linkLabel} →</p>
            </div>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
