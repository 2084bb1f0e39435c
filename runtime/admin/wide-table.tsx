// A table wider than its screen (the admin's tables at 390 px) scrolls sideways inside its panel, and
// says so: a line above it ("Scroll sideways for all N columns") and a fade on the edge that has more,
// both only while there is more to see. No column is ever hidden to make a table fit. The region is
// focusable, so a keyboard scrolls it too.
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Which sides of the region have more table beyond them. */
function useMore(ref: React.RefObject<HTMLDivElement | null>): { left: boolean; right: boolean; columns: number } {
  const [more, setMore] = useState({ left: false, right: false, columns: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const right = el.scrollWidth - el.clientWidth - el.scrollLeft > 1;
      const left = el.scrollLeft > 1;
      const columns = el.querySelector('thead tr')?.children.length ?? 0;
      setMore((m) => (m.left === left && m.right === right && m.columns === columns ? m : { left, right, columns }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return more;
}

export function WideTable({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const more = useMore(ref);
  const scrolls = more.left || more.right;
  return (
    <div>
      {scrolls && (
        <p className="mb-1 text-xs font-semibold text-violet-800" data-testid="scroll-cue">
          Scroll sideways for all {more.columns} columns <span aria-hidden="true">{more.right ? '→' : '←'}</span>
        </p>
      )}
      <div className="relative">
        <div ref={ref} className={`overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label} data-testid="wide-table">
          {children}
        </div>
        {more.left && <div className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-white to-transparent" aria-hidden="true" />}
        {more.right && <div className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent" aria-hidden="true" />}
      </div>
    </div>
  );
}
