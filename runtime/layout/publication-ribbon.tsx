// The dev server's mark on a page the live site does not have yet: 'Draft', or 'Scheduled' with the
// moment it goes live. A build leaves such pages out, so the mark never reaches visitors.
import { publicationOf, showMoment } from '../../model/publication.ts';
import { useRender } from '../context.tsx';

export function PublicationRibbon() {
  const { page, now } = useRender();
  const p = publicationOf(page, now);
  if (p.state === 'published') return null;
  const [label, detail] = p.state === 'draft' ? ['Draft', 'not on the live site'] : ['Scheduled', `publishes ${showMoment(p.publishAt)}`];
  return (
    <p
      data-testid="publication-ribbon"
      className="pointer-events-none fixed bottom-3 left-3 z-50 flex items-baseline gap-2 rounded-full bg-amber-400 px-4 py-1.5 text-sm text-amber-950 shadow-lg ring-2 ring-white"
    >
      <strong className="font-bold uppercase tracking-wide">{label}</strong>
      <span>{detail}</span>
    </p>
  );
}
