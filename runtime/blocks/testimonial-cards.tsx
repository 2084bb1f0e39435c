// Testimonial cards with five stars, each cut to the block's maximum length.
import type { BlockOf } from '../../model/page.ts';
import { cutText } from '../text-cut.ts';
import { SectionHeading, SectionShell } from './section-shell.tsx';

export function TestimonialCards({ block }: { block: BlockOf<'testimonial-cards'> }) {
  return (
    <SectionShell id={block.id} className="bg-gray-50">
      {block.heading && <SectionHeading title={block.heading} />}
      <div className="grid gap-6 md:grid-cols-3">
        {block.items.map((t) => (
          <figure key={t.name} className="rounded-2xl bg-white p-6 shadow-sm" data-testid="testimonial-card">
            <p className="text-yellow-500" aria-label="5 out of 5 stars">★★★★★</p>
            <blockquote className="mt-3 text-gray-800">“{cutText(t.content, block.maxLength)}”</blockquote>
            <figcaption className="mt-4 flex items-center gap-3">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-violet-600 font-bold text-white" aria-hidden="true">{t.name[0]}</span>
              <span><span className="block font-bold text-gray-900">{t.name}</span><span className="text-sm text-gray-600">{t.role}</span></span>
            </figcaption>
          </figure>
        ))}
      </div>
    </SectionShell>
  );
}
