// The bundle's bonuses as cards with their values (from the product's `bonuses` list), and the value
// summary: core value, bonus value, total and today's price, all computed from site.config.yaml.
import type { BlockOf } from '../../model/page.ts';
import { bonusValue, coreValue, money, productById } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { cardGrid } from './card-grid.ts';
import { HeadedSection } from './section-shell.tsx';

export function BonusCards({ block }: { block: BlockOf<'bonus-cards'> }) {
  const { site } = useRender();
  const bundle = productById(site, block.product);
  const core = coreValue(site, bundle);
  const bonus = bonusValue(bundle);
  const bonuses = bundle.bonuses ?? [];
  const grid = cardGrid(bonuses.length, 3);
  return (
    <HeadedSection block={block} type="bonus-cards" className="bg-gradient-to-br from-violet-50 to-pink-50">
      <ul className={`${grid.list} gap-5`}>
        {bonuses.map((b, i) => (
          <li key={b.title} className={`${grid.item(i)} flex flex-col rounded-2xl border border-violet-100 bg-white p-6 shadow-sm`} data-testid="bonus-card">
            <div className="flex items-start justify-between gap-3">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-violet-100 text-2xl" aria-hidden="true">{b.emoji}</span>
              <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-extrabold text-emerald-800" data-testid="bonus-value">
                {b.value !== undefined ? `${money(b.value)} value` : b.valueLabel}
              </span>
            </div>
            <p className="mt-4 text-xs font-bold uppercase tracking-wide text-pink-700">Bonus #{i + 1}</p>
            <h3 className="mt-1 text-lg font-extrabold text-gray-900">{b.title}</h3>
            <p className="mt-2 text-gray-700">{b.description}</p>
          </li>
        ))}
      </ul>
      <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-2 gap-px overflow-hidden rounded-2xl border border-violet-200 bg-violet-200 text-center sm:grid-cols-4" data-testid="value-summary">
        {([
          ['Core Value', money(core)],
          ['Bonus Value', money(bonus)],
          ['Total Value', money(core + bonus)],
          ['Your Price', money(bundle.price)],
        ] as const).map(([label, value], i) => (
          <div key={label} className={`flex flex-col p-4 ${i === 3 ? 'bg-violet-700 text-white' : 'bg-white text-gray-900'}`}>
            <dt className={`text-sm font-semibold ${i === 3 ? 'text-white' : 'text-gray-600'}`}>{label}</dt>
            <dd className="order-first text-2xl font-extrabold">{value}</dd>
          </div>
        ))}
      </dl>
    </HeadedSection>
  );
}
