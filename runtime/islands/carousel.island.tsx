// The testimonial carousel: advances every intervalMs, wraps after the last, a dot jumps to its
// testimonial. It stays still for people who prefer reduced motion.
import { useEffect, useState } from 'react';

interface CarouselProps {
  items: { name: string; role: string; content: string; platform: string }[];
  intervalMs: number;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export default function Carousel({ items, intervalMs }: CarouselProps) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % items.length), intervalMs);
    return () => clearInterval(id);
  }, [items.length, intervalMs, index]);
  const t = items[index]!;
  return (
    <div className="mx-auto max-w-3xl" aria-roledescription="carousel" aria-label="Testimonials">
      <figure className="rounded-3xl bg-white p-8 text-center shadow-2xl" aria-live="polite" data-testid="carousel-slide" data-index={index}>
        <p className="text-yellow-500" aria-label="5 out of 5 stars">★★★★★</p>
        <blockquote className="mt-4 text-xl leading-relaxed text-gray-800">“{t.content}”</blockquote>
        <figcaption className="mt-6 flex flex-col items-center gap-2">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-pink-600 text-lg font-bold text-white" aria-hidden="true">{t.name[0]}</span>
          <span className="font-bold text-gray-900">{t.name}</span>
          <span className="text-sm text-gray-600">{t.role}</span>
          <span className="rounded-full bg-violet-100 px-3 py-1 text-xs font-bold text-violet-800" data-testid="platform-tag">{t.platform}</span>
        </figcaption>
      </figure>
      <div className="mt-6 flex flex-wrap justify-center gap-1">
        {items.map((item, i) => (
          <button key={item.name} type="button" onClick={() => setIndex(i)} aria-label={`Show testimonial ${i + 1} of ${items.length}`} aria-current={i === index} className="flex h-8 w-8 items-center justify-center" data-testid="carousel-dot">
            <span className={`block h-3 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-3 bg-white/50'}`} />
          </button>
        ))}
      </div>
    </div>
  );
}
