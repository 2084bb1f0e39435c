// The runtime's one render entry, the only runtime module the generator imports. It renders a page to
// a complete HTML document with react-dom/server: first the body (recording which islands it holds),
// then the document around it, <head> included. A mail's HTML and text come through here too
// (runtime/mail/render-mail.tsx).
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { CONTROL, experimentEntries } from '../../model/analytics/experiment.ts';
import { routeProducts } from '../../model/sales/catalogue.ts';
import { isAdminRoute, isUnlisted, NOT_FOUND_ROUTE, type CompiledSite, type PageDefinition } from '../../model/page.ts';
import { RenderProvider, type NewsletterEntry, type SiteImages } from '../context.tsx';
import { newsletterRoute } from '../../model/newsletter.ts';
import { registry } from '../registry.tsx';
import { trackEndpoint } from '../client/beacon.ts';
import { Document, ErrorDocument } from './document.tsx';
import { PageView } from './page.tsx';
import { jsonForScript, structuredData } from './structured-data.ts';

export type { SiteImages };
export { renderMail } from '../mail/render-mail.tsx';

/** Block types that have a component, for the generator's completeness check. */
export const blockComponents: readonly string[] = Object.keys(registry);

export interface PageAssets {
  /** The site's stylesheets: linked, or with `inlineCss`, inlined instead. */
  css: string[];
  /** A page's HTML with its classes as the stylesheet names them (the build's short names: model/class-names.ts). */
  renameClasses?: (html: string) => string;
  /** Given a page's HTML and its islands, the CSS the page needs, its islands' later states included, to
   * inline instead of linking `css` (the build; the dev server links). */
  inlineCss?: (html: string, islands: readonly string[]) => string;
  /** Module scripts, included only when the page has islands. */
  scripts: string[];
  /** Scripts every page loads whatever it holds (the dev server's client). */
  always?: string[];
}

export interface RenderOptions {
  compiled: CompiledSite;
  page: PageDefinition;
  assets: PageAssets;
  supabaseUrl: string;
  /** The anon key of that project, written into pages with islands (never bundled into scripts). */
  supabaseAnonKey?: string;
  now: Date;
  /** Images the build made: preview stills, social cards. */
  images?: SiteImages;
}

const DOCTYPE = '<!doctype html>\n';
/** Stands in the <style> until the page's classes are known: those of <body> are the document's own. */
const INLINE_CSS = '/*inline-css*/';

export function renderPage({ compiled, page, assets, supabaseUrl, supabaseAnonKey, now, images }: RenderOptions): { html: string; islands: string[] } {
  const islands = new Set<string>();
  const bodyHtml = renderToString(
    <RenderProvider value={{ site: compiled.site, articles: compiled.articles, page, supabaseUrl, now, islandSeq: { next: 0 }, islands, images, missingPreviews: compiled.missingPreviews, experiments: () => experimentEntries(compiled.pages, compiled.site.analytics?.goals ?? []), newsletters: () => newsletterEntries(compiled), routeProducts: () => routeProducts(compiled.pages) }}>
      <PageView page={page} />
    </RenderProvider>,
  );
  const site = compiled.site.site;
  const notFound = page.route === NOT_FOUND_ROUTE;
  // Pages search engines should not list: no canonical address, so the document marks them noindex.
  const unlisted = isUnlisted(page);
  const used = [...islands];
  // A page's own raster image wins; otherwise the card the build drew from its title (link previews
  // show no SVG).
  const image = (page.image && !page.image.endsWith('.svg') ? page.image : undefined) ?? images?.socialCards[page.route];
  const ogImage = image ? site.url.replace(/\/$/, '') + image : undefined;
  // Read as one flag, so editing goals or funnels re-renders no page (the store keys a page by what it read).
  const counted = compiled.site.analytics?.enabled === true && supabaseAnonKey && !isAdminRoute(page.route);
  const written = renderToStaticMarkup(
    <Document
      title={page.route === '/' ? page.title : `${page.title} | ${site.name}`}
      description={page.description}
      ogTitle={page.title}
      ogType={page.article ? 'article' : 'website'}
      ogImage={ogImage}
      ogImageAlt={page.title}
      icon={images?.icon}
      jsonLd={notFound ? [] : structuredData(compiled, page, ogImage).map(jsonForScript)}
      canonical={unlisted ? undefined : `${site.url.replace(/\/$/, '')}${page.route}`}
      css={assets.inlineCss ? [] : assets.css}
      inlineCss={assets.inlineCss ? INLINE_CSS : undefined}
      scripts={assets.always ?? []}
      islandScripts={used.length ? assets.scripts : undefined}
      bodyHtml={bodyHtml}
      experiment={page.experiment ? { id: page.experiment.id, variant: page.variant ?? CONTROL } : undefined}
      noindex={!!page.variant}
      backend={used.length && supabaseAnonKey ? { url: supabaseUrl, anonKey: supabaseAnonKey } : undefined}
      beacon={counted ? { endpoint: trackEndpoint(supabaseUrl, supabaseAnonKey), route: page.route, kind: notFound ? '404' : 'view' } : undefined}
    />,
  );
  const html = assets.renameClasses ? assets.renameClasses(written) : written;
  // "</style" cannot end the element early: CSS reads "<\/style" as the same text.
  const doc = assets.inlineCss ? html.replace(`<style>${INLINE_CSS}</style>`, () => `<style>${assets.inlineCss!(html, used).replace(/<\/(style)/gi, '<\\/$1')}</style>`) : html;
  return { html: `${DOCTYPE}${doc}\n`, islands: used };
}

/** The published newsletters the build writes a mail for (the list's own mails are not the admin's to send). */
function newsletterEntries(compiled: CompiledSite): NewsletterEntry[] {
  return (compiled.mails ?? []).filter((m) => m.kind === 'newsletter').map((m) => ({ slug: m.slug, subject: m.subject, route: m.route ?? newsletterRoute(m.slug) }));
}

export function renderErrorPage(report: string, scripts: string[]): string {
  return `${DOCTYPE}${renderToStaticMarkup(<ErrorDocument report={report} scripts={scripts} />)}\n`;
}
