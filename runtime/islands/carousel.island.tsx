// The testimonial carousel: advances every intervalMs, wraps after the last, a dot jumps to its
// testimonial. Every testimonial is laid out in one grid cell, only the current one visible, so the
// carousel is always as tall as its tallest testimonial at the current width and nothing below it
// moves (before hydration too). It pauses with its button, while the pointer is on the testimonial and
// while keyboard focus is inside; it starts paused for people who prefer reduced motion.
import { useEffect, useState, type FocusEvent } from 'react';

interface CarouselProps {
  items: { name: string; role: string; content: string; platform: string }[];
  intervalMs: number;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export default function Carousel({ items, intervalMs }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (prefersReducedMotion()) setPaused(true);
  }, []);
  const running = !paused && !hovered && !focused;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % items.length), intervalMs);
    return () => clearInterval(id);
  }, [items.length, intervalMs, index, running]);
  // Keyboard focus pauses; a mouse click on a dot does not (the pointer is not on the testimonial).
  const onFocus = (e: FocusEvent) => setFocused(e.target instanceof HTMLElement && e.target.matches(':focus-visible'));
  const onBlur = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  return (
    <div className="mx-auto max-w-3xl" role="group" aria-roledescription="carousel" aria-label="Testimonials" onFocus={onFocus} onBlur={onBlur}>
      <div
        className="grid"
        // Announce changes only when the visitor, not the timer, changes the testimonial.
        aria-live={running ? 'off' : 'polite'}
        data-testid="carousel-slide"
        data-index={index}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
      >
        {items.map((t, i) => {
          const current = i === index;
          return (
            <figure
              key={t.name}
              aria-hidden={!current}
              className={`col-start-1 row-start-1 flex flex-col rounded-3xl bg-white p-8 text-center shadow-2xl transition-[opacity,visibility] duration-500 motion-reduce:transition-none ${current ? 'visible opacity-100' : 'invisible opacity-0'}`}
            >
              <p className="text-yellow-500" aria-label="5 out of 5 stars">★★★★★</p>
              <blockquote className="mt-4 text-xl leading-relaxed text-gray-800">“{t.content}”</blockquote>
              <figcaption className="mt-auto flex flex-col items-center gap-2 pt-6">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-pink-600 text-lg font-bold text-white" aria-hidden="true">{t.name[0]}</span>
                <span className="font-bold text-gray-900">{t.name}</span>
                <span className="text-sm text-gray-600">{t.role}</span>
                <span className="rounded-full bg-violet-100 px-3 py-1 text-xs font-bold text-violet-800" data-testid={current ? 'platform-tag' : undefined}>{t.platform}</span>
              </figcaption>
            </figure>
          );
        })}
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-1">
        <button
          type="button"
          onClick={() => setPaused(!paused)}
          className="mr-2 inline-flex h-10 items-center gap-2 rounded-full bg-white/15 px-4 text-sm font-semibold text-white hover:bg-white/25"
          data-testid="carousel-pause"
        >
          {paused ? (
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor"><path d="M3 1.5v11l9-5.5z" /></svg>
          ) : (
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor"><path d="M3 1.5h3v11H3zM8 1.5h3v11H8z" /></svg>
          )}
          {paused ? 'Play' : 'Pause'}
          <span className="sr-only"> testimonials</span>
        </button>
        {items.map((item, i) => (
          <button key={item.name} type="button" onClick={() => setIndex(i)} aria-label={`Testimonial ${i + 1} of ${items.length}: ${item.name}`} aria-current={i === index} className="flex h-8 w-8 items-center justify-center" data-testid="carousel-dot">
            {/* One width, scaled: a dot that changes its width would move, and count as a layout shift. */}
            <span className={`block h-3 w-8 rounded-full transition-transform motion-reduce:transition-none ${i === index ? 'bg-white' : 'scale-x-[0.375] bg-white/60'}`} />
          </button>
        ))}
      </div>
    </div>
  );
}
