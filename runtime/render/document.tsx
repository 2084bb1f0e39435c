// The whole HTML document as React: <html>, <head> with its meta tags, and the body's prerendered
// markup. Nothing here is assembled from strings, so every value is escaped by React.
import type { ReactNode } from 'react';
import { beaconScript, pixelAddress } from '../client/beacon.ts';
import { islandLoader } from '../client/loader.ts';

export interface DocumentProps {
  title: string;
  description: string;
  ogTitle: string;
  ogType: 'article' | 'website';
  /** Absolute address of the social image, if any. */
  ogImage?: string;
  /** Its text alternative (the page title it shows). */
  ogImageAlt?: string;
  /** Schema.org JSON-LD objects, each already serialised for a script element. */
  jsonLd?: readonly string[];
  /** Absolute canonical address; absent on pages kept out of search engines (the not-found page, the admin area), which are marked noindex instead. */
  canonical?: string;
  /** Stylesheets to link, render-blocking (the dev server's; a build inlines instead). */
  css: readonly string[];
  /** The page's CSS, its islands' later states included, written into a <style> in the head (a build's pages). */
  inlineCss?: string;
  /** The site's icon as a data: address, where the build made one (runtime/context.tsx's SiteImages.icon). */
  icon?: string;
  /** Module scripts to run. */
  scripts: readonly string[];
  /** On a page with islands, the modules that hydrate them: the islands' loader (client/loader.ts), a
   * small inline script, imports them when the first island is due. No script file is linked: one in
   * the head would be fetched at high priority beside the hero's image, before the first paint. */
  islandScripts?: readonly string[];
  /** The page body, prerendered by react-dom/server (islands inside are separate React roots). */
  bodyHtml: string;
  /** A page under an experiment: its id and the arm this file is, on <html> for the beacon (`v`). */
  experiment?: { id: string; variant: string };
  /** A variant's file: canonical to its page's route, yet kept out of search engines itself. */
  noindex?: boolean;
  /** The Supabase project the page's islands talk to; its address and public key live in the page, so
   * the script files are the same for every deployment and never carry a default. */
  backend?: { url: string; anonKey: string };
  /** The analytics beacon (client/beacon.ts) and its no-script pixel, when site.config.yaml enables them:
   * written after the body's markup, so nothing waits for them. */
  beacon?: { endpoint: string; route: string; kind: 'view' | '404' };
}

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The beacon's markup: a pixel for browsers without script, and the inline module (deferred: it runs once the page is parsed). */
function beaconMarkup({ endpoint, route, kind }: NonNullable<DocumentProps['beacon']>): string {
  const img = `<noscript><img src="${attribute(pixelAddress(route, kind))}" alt="" width="1" height="1" hidden></noscript>`;
  return `${img}<script type="module"${kind === '404' ? ' data-kind="404"' : ''}>${beaconScript(endpoint)}</script>`;
}

export function Document(p: DocumentProps): ReactNode {
  return (
    <html lang="en" data-experiment={p.experiment?.id} data-variant={p.experiment?.variant}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {p.backend && <meta name="supabase-url" content={p.backend.url} />}
        {p.backend && <meta name="supabase-anon-key" content={p.backend.anonKey} />}
        <title>{p.title}</title>
        <meta name="description" content={p.description} />
        <meta property="og:title" content={p.ogTitle} />
        <meta property="og:description" content={p.description} />
        <meta property="og:type" content={p.ogType} />
        {p.canonical && <meta property="og:url" content={p.canonical} />}
        {p.ogImage && <meta property="og:image" content={p.ogImage} />}
        {p.ogImage && p.ogImageAlt && <meta property="og:image:alt" content={p.ogImageAlt} />}
        {/* X reads the title, description and image from the og: tags when its own are absent: only the card's kind is its own. */}
        <meta name="twitter:card" content={p.ogImage ? 'summary_large_image' : 'summary'} />
        {p.canonical ? <link rel="canonical" href={p.canonical} /> : <meta name="robots" content="noindex" />}
        {p.canonical && p.noindex && <meta name="robots" content="noindex" />}
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href={p.icon ?? '/favicon.svg'} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="alternate" type="application/rss+xml" title="Blog" href="/rss.xml" />
        {p.inlineCss !== undefined && <style dangerouslySetInnerHTML={{ __html: p.inlineCss }} />}
        {p.css.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        {p.scripts.map((src) => <script key={src} type="module" src={src} />)}
        {p.islandScripts?.length ? <script dangerouslySetInnerHTML={{ __html: islandLoader(p.islandScripts) }} /> : null}
        {p.jsonLd?.map((json, i) => <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />)}
      </head>
      <body className="bg-white text-gray-900 antialiased" dangerouslySetInnerHTML={{ __html: p.beacon ? p.bodyHtml + beaconMarkup(p.beacon) : p.bodyHtml }} />
    </html>
  );
}

/** The dev server's page for validation errors: the report, as text, with Vite's client to reload. */
export function ErrorDocument({ report, scripts }: { report: string; scripts: readonly string[] }): ReactNode {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Validation errors</title>
        {scripts.map((src) => <script key={src} type="module" src={src} />)}
      </head>
      <body style={{ font: '14px/1.5 ui-monospace,monospace', padding: '2rem', background: '#1e1b2e', color: '#fde68a' }}>
        <h1 style={{ color: '#fca5a5' }}>The pages have validation errors</h1>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{report}</pre>
      </body>
    </html>
  );
}
