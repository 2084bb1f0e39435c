// The runtime's one render entry, the only runtime module the generator imports. It renders a page to
// a complete HTML document with react-dom/server: first the body (recording which islands it holds),
// then the document around it, <head> included.
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { NOT_FOUND_ROUTE, type CompiledSite, type PageDefinition } from '../../model/page.ts';
import { RenderProvider } from '../context.tsx';
import { registry } from '../registry.tsx';
import { Document, ErrorDocument } from './document.tsx';
import { PageView } from './page.tsx';

/** Block types that have a component, for the generator's completeness check. */
export const blockComponents: readonly string[] = Object.keys(registry);

export interface PageAssets {
  /** Stylesheets to link. */
  css: string[];
  /** Module scripts, included only when the page has islands. */
  scripts: string[];
  /** Island chunk address by island name, preloaded when the page uses that island. */
  islandChunks: Record<string, string>;
  /** Scripts every page loads whatever it holds (the dev server's client). */
  always?: string[];
}

export interface RenderOptions {
  compiled: CompiledSite;
  page: PageDefinition;
  assets: PageAssets;
  supabaseUrl: string;
  now: Date;
}

const DOCTYPE = '<!doctype html>\n';

export function renderPage({ compiled, page, assets, supabaseUrl, now }: RenderOptions): { html: string; islands: string[] } {
  const islands = new Set<string>();
  const bodyHtml = renderToString(
    <RenderProvider value={{ site: compiled.site, articles: compiled.articles, page, supabaseUrl, now, islandSeq: { next: 0 }, islands }}>
      <PageView page={page} />
    </RenderProvider>,
  );
  const site = compiled.site.site;
  const notFound = page.route === NOT_FOUND_ROUTE;
  const used = [...islands];
  const html = renderToStaticMarkup(
    <Document
      title={page.route === '/' ? page.title : `${page.title} | ${site.name}`}
      description={page.description}
      ogTitle={page.title}
      ogType={page.article ? 'article' : 'website'}
      ogImage={page.image ? site.url + page.image : undefined}
      canonical={notFound ? undefined : `${site.url.replace(/\/$/, '')}${page.route}`}
      css={assets.css}
      scripts={[...(assets.always ?? []), ...(used.length ? assets.scripts : [])]}
      preloads={used.flatMap((n) => (assets.islandChunks[n] ? [assets.islandChunks[n]] : []))}
      bodyHtml={bodyHtml}
    />,
  );
  return { html: `${DOCTYPE}${html}\n`, islands: used };
}

export function renderErrorPage(report: string, scripts: string[]): string {
  return `${DOCTYPE}${renderToStaticMarkup(<ErrorDocument report={report} scripts={scripts} />)}\n`;
}
