// A whole page: header, the sections through the registry, footer.
import type { PageDefinition } from '../../model/page.ts';
import { Fragment } from 'react';
import { articleOutline, HeadingIdsProvider, TableOfContents } from '../outline.tsx';
import { RenderBlock } from '../registry.tsx';
import { SiteFooter } from '../layout/footer.tsx';
import { BackHomeHeader, MenuCloser, SiteHeader } from '../layout/header.tsx';
import { PublicationRibbon } from '../layout/publication-ribbon.tsx';

const PROSE = new Set(['heading', 'paragraph', 'list', 'callout', 'quote', 'alarm-banner', 'markdown']);

export function PageView({ page }: { page: PageDefinition }) {
  // A long article's table of contents follows its header (the template's first block).
  const outline = articleOutline(page);
  const body = page.sections.map((block, i) => (
    <Fragment key={i}>
      <RenderBlock block={block} />
      {i === 0 && outline && <TableOfContents entries={outline.entries} />}
    </Fragment>
  ));
  // Prose blocks carry no section padding; leave room before the footer when a page ends with one.
  const endsWithProse = PROSE.has(page.sections[page.sections.length - 1]?.type ?? '');
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">Skip to content</a>
      {page.header === 'back-home' ? <BackHomeHeader /> : <SiteHeader />}
      <main id="main" className={endsWithProse ? 'pb-16' : undefined}>
        <HeadingIdsProvider value={outline?.ids ?? new Map()}>{page.template === 'article' ? <article className="pb-8">{body}</article> : body}</HeadingIdsProvider>
      </main>
      <SiteFooter />
      <PublicationRibbon />
      {page.header === 'back-home' ? null : <MenuCloser />}
    </>
  );
}
