// 'Real Freedom Stories': the carousel island and the stats row.
import type { BlockOf } from '../../model/page.ts';
import { useRender } from '../context.tsx';
import { Island } from '../island.tsx';
import { SectionHeading, SectionShell } from './section-shell.tsx';

export function Testimonials({ block }: { block: BlockOf<'testimonials'> }) {
  const { site } = useRender();
  const headingId = `${block.id ?? 'testimonials'}-heading`;
  const stats: [string, string][] = [
    [site.stats.peopleHelped, 'People Helped'],
    [site.stats.averageRating, 'Average Rating'],
    [site.stats.timeToResults, 'Time to Results'],
  ];
  return (
    <SectionShell id={block.id} className="bg-gradient-to-br from-violet-700 to-pink-700" labelledBy={headingId}>
      <SectionHeading id={headingId} title={block.heading} subtitle={block.subheading} light />
      <Island name="carousel" hydrate="visible" props={{ items: block.items.map(({ name, role, content, platform }) => ({ name, role, content, platform })), intervalMs: block.intervalMs }} />
      <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-3 gap-4 text-center text-white">
        {stats.map(([value, label]) => (
          <div key={label}>
            <dt className="text-sm text-white/85">{label}</dt>
            <dd className="order-first text-3xl font-extrabold sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </SectionShell>
  );
}
