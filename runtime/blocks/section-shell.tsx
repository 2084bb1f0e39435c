// The common outer box of a block: its anchor id, spacing and width.
import type { ReactNode } from 'react';
import { Inline } from '../inline-text.tsx';
import { keepTogether } from '../keep-together.tsx';

export function SectionShell({ id, className = '', narrow = false, children, labelledBy }: { id?: string; className?: string; narrow?: boolean; children: ReactNode; labelledBy?: string }) {
  return (
    // data-tone names the background, so two neighbours on the same one share one padding (site.css).
    <section id={id} aria-labelledby={labelledBy} className={`scroll-mt-20 px-4 py-14 sm:py-20 ${className}`} data-tone={/\bbg-(white|gray-50)\b/.exec(className)?.[1]}>
      <div className={`mx-auto ${narrow ? 'max-w-3xl' : 'max-w-6xl'}`}>{children}</div>
    </section>
  );
}

export function SectionHeading({ id, title, subtitle, light = false }: { id?: string; title: string; subtitle?: ReactNode; light?: boolean }) {
  return (
    <div className="mx-auto mb-10 max-w-3xl text-center">
      <h2 id={id} className={`text-3xl font-extrabold tracking-tight sm:text-4xl ${light ? 'text-white' : 'text-gray-900'}`}>{keepTogether(title)}</h2>
      {subtitle && <p className={`mt-4 text-lg ${light ? 'text-white/85' : 'text-gray-600'}`}>{subtitle}</p>}
    </div>
  );
}

/**
 * A block's box headed by its `heading` and `subheading` (inline Markdown), which label the section:
 * the heading's id is `<block id>-heading`, or `<type>-heading` for a block without one.
 */
export function HeadedSection({ block, type, className, children }: { block: { id?: string; heading: string; subheading?: string }; type: string; className: string; children: ReactNode }) {
  const headingId = `${block.id ?? type}-heading`;
  return (
    <SectionShell id={block.id} className={className} labelledBy={headingId}>
      <SectionHeading id={headingId} title={block.heading} subtitle={block.subheading && <Inline text={block.subheading} />} />
      {children}
    </SectionShell>
  );
}
