// A whole page: header, the sections through the registry, footer.
import { shownSections, type PageDefinition } from '../../model/page.ts';
import { Fragment } from 'react';
import { articleOutline, HeadingIdsProvider, TableOfContents, type OutlineEntry } from '../outline.tsx';
import { ContinueReading, PartHeader } from '../article-part-nav.tsx';
import { RenderBlock } from '../registry.tsx';
import { SiteFooter } from '../layout/footer.tsx';
import { BackHomeHeader, MenuCloser, SiteHeader } from '../layout/header.tsx';
import { PublicationRibbon } from '../layout/publication-ribbon.tsx';

const PROSE = new Set(['heading', 'paragraph', 'list', 'callout', 'quote', 'alarm-banner', 'markdown']);

export function PageView({ page }: { page: PageDefinition }) {
  // A long article's table of contents follows its header (the template's first block), on its first
  // part; it is the whole article's, each entry linking to the part its heading is in.
  const outline = articleOutline(page);
  const { sections, from } = shownSections(page);
  const part = page.part;
  const partOf = (section: number) => (part ? part.parts.findLastIndex((p) => p.from <= section) : 0);
  const hrefOf = (e: OutlineEntry) => (partOf(e.section) === (part?.index ?? 0) ? `#${e.id}` : `${part!.parts[partOf(e.section)]!.route}#${e.id}`);
  const body = sections.map((block, i) => (
    <Fragment key={from + i}>
      <RenderBlock block={block} />
      {from + i === 0 && outline && <TableOfContents entries={outline.entries} hrefOf={hrefOf} />}
    </Fragment>
  ));
  // A part that opens inside a chapter names it again, so its headings follow its title in order.
  const chapter = sections[0]?.type === 'heading' && sections[0].level === 2 ? undefined : outline?.entries.findLast((e) => e.section < from)?.text;
  if (part && part.index > 0) body.unshift(<PartHeader key="part" part={part} chapter={chapter} />);
  if (part) body.push(<ContinueReading key="next" part={part} />);
  // Prose blocks carry no section padding; leave room before the footer when a page ends with one.
  const endsWithProse = PROSE.has(sections[sections.length - 1]?.type ?? '');
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
