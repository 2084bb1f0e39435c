// A whole page: header, the sections through the registry, footer.
import type { PageDefinition } from '../../model/page.ts';
import { RenderBlock } from '../registry.tsx';
import { SiteFooter } from '../layout/footer.tsx';
import { BackHomeHeader, SiteHeader } from '../layout/header.tsx';

const PROSE = new Set(['heading', 'paragraph', 'list', 'callout', 'quote', 'alarm-banner', 'markdown']);

export function PageView({ page }: { page: PageDefinition }) {
  const body = page.sections.map((block, i) => <RenderBlock key={i} block={block} />);
  // Prose blocks carry no section padding; leave room before the footer when a page ends with one.
  const endsWithProse = PROSE.has(page.sections[page.sections.length - 1]?.type ?? '');
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">Skip to content</a>
      {page.header === 'back-home' ? <BackHomeHeader /> : <SiteHeader />}
      <main id="main" className={endsWithProse ? 'pb-16' : undefined}>{page.template === 'article' ? <article className="pb-8">{body}</article> : body}</main>
      <SiteFooter />
    </>
  );
}
