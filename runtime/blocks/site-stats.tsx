// A row of the site's marketing figures, read from `stats` in site.config.yaml (never typed here).
import type { BlockOf } from '../../model/page.ts';
import { useRender } from '../context.tsx';

type StatKey = BlockOf<'site-stats'>['items'][number];

const LABELS: Record<StatKey, string> = {
  peopleHelped: 'People Helped',
  successRate: 'Success Rate',
  averageRating: 'Average Rating',
  timeToResults: 'Time to Results',
};

// Literal class names, so Tailwind finds them.
const COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-2 sm:grid-cols-4'];

export function SiteStats({ block }: { block: BlockOf<'site-stats'> }) {
  const { site } = useRender();
  const headingId = block.heading ? `${block.id ?? 'site-stats'}-heading` : undefined;
  return (
    <section id={block.id} aria-labelledby={headingId} className="prose-width my-10 scroll-mt-20">
      {block.heading && <h2 id={headingId} className="mb-6 text-2xl font-extrabold text-gray-900 sm:text-3xl">{block.heading}</h2>}
      <dl className={`grid gap-3 sm:gap-4 ${COLUMNS[block.items.length]}`}>
        {block.items.map((key) => (
          <div key={key} className="flex flex-col rounded-2xl bg-gradient-to-br from-violet-50 to-pink-50 px-2 py-4 text-center ring-1 ring-violet-100 sm:p-6">
            <dt className="mt-1 text-xs font-semibold uppercase tracking-wide text-gray-600 sm:text-sm">{LABELS[key]}</dt>
            <dd className="order-first bg-gradient-to-r from-violet-700 to-pink-700 bg-clip-text text-3xl font-extrabold text-transparent sm:text-4xl">{site.stats[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
