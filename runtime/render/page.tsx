// A whole page: header, the sections through the registry, footer.
import type { PageDefinition } from '../../generator/model.ts';
import { RenderBlock } from '../registry.tsx';
import { SiteFooter } from '../layout/footer.tsx';
import { BackHomeHeader, SiteHeader } from '../layout/header.tsx';

export function PageView({ page }: { page: PageDefinition }) {
  const body = page.sections.map((block, i) => <RenderBlock key={i} block={block} />);
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">Skip to content</a>
      {page.header === 'back-home' ? <BackHomeHeader /> : <SiteHeader />}
      <main id="main">{page.template === 'article' ? <article className="pb-8">{body}</article> : body}</main>
      <SiteFooter />
    </>
  );
}
