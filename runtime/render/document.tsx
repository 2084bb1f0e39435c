// The whole HTML document as React: <html>, <head> with its meta tags, and the body's prerendered
// markup. Nothing here is assembled from strings, so every value is escaped by React.
import type { ReactNode } from 'react';

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
  /** Absolute canonical address; absent on the not-found page, which is marked noindex instead. */
  canonical?: string;
  /** Stylesheets to link, render-blocking (the dev server's; a build inlines instead). */
  css: readonly string[];
  /** The page's CSS, its islands' later states included, written into a <style> in the head (a build's pages). */
  inlineCss?: string;
  /** The SVG site icon's address: a data: address where the build made one (no request while the page
   * paints), else /favicon.svg. */
  icon?: string;
  /** Module scripts to run. */
  scripts: readonly string[];
  /** Module scripts imported once the page has loaded, by a few bytes of inline script: no request for
   * them is made, nor waits, while the page's first paint is on its way (a script file linked in the
   * head is fetched at high priority beside the hero's image, and Lighthouse counts it before the paint). */
  afterLoad?: readonly string[];
  /** The page body, prerendered by react-dom/server (islands inside are separate React roots). */
  bodyHtml: string;
  /** The Supabase project the page's islands talk to; its address and public key live in the page, so
   * the script files are the same for every deployment and never carry a default. */
  backend?: { url: string; anonKey: string };
}

export function Document(p: DocumentProps): ReactNode {
  return (
    <html lang="en">
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
        <meta name="twitter:card" content={p.ogImage ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={p.ogTitle} />
        <meta name="twitter:description" content={p.description} />
        {p.ogImage && <meta name="twitter:image" content={p.ogImage} />}
        {p.canonical ? <link rel="canonical" href={p.canonical} /> : <meta name="robots" content="noindex" />}
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href={p.icon ?? '/favicon.svg'} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="alternate" type="application/rss+xml" title="Blog" href="/rss.xml" />
        {p.inlineCss !== undefined && <style dangerouslySetInnerHTML={{ __html: p.inlineCss }} />}
        {p.css.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        {p.scripts.map((src) => <script key={src} type="module" src={src} />)}
        {p.afterLoad?.length ? <script type="module" dangerouslySetInnerHTML={{ __html: afterLoadScript(p.afterLoad) }} /> : null}
        {p.jsonLd?.map((json, i) => <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />)}
      </head>
      <body className="bg-white text-gray-900 antialiased" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
    </html>
  );
}

/** How long the screen must go without a larger paint before the modules are imported: an image loaded
 * at the load event is drawn a frame or two later, and a busy machine's frames are far apart. */
export const LARGEST_PAINT_WAIT_MS = 200;

/** How long to wait for a page's first paint when the load event came before it (a static page on a
 * busy machine): the wait above starts at that paint, or after this. */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Imports the modules once the window has loaded (an inline module runs before it: the document is
 * parsed, its images may still be loading) and the first screen's largest paint has reached the screen:
 * two frames after the load event, then LARGEST_PAINT_WAIT_MS without a new largest-contentful-paint
 * entry (each one starts the wait again; FIRST_PAINT_WAIT_MS while none has been reported, the page not
 * painted yet), then a frame. Whether it has painted is read from the entries themselves (buffered), not
 * from performance.getEntries…, which a test's fake clock (page.clock) empties. Lighthouse's simulation
 * counts every request that ends before the largest paint as one the paint waited for. Where no such
 * entry exists (Safari) or the tab is hidden, at the load event. The same text on every page, so one hash
 * in the CSP.
 */
export function afterLoadScript(modules: readonly string[]): string {
  // JSON, with "<" escaped so no address can end the script element.
  const list = JSON.stringify(modules).replace(/</g, '\\u003c');
  return (
    `const go=()=>${list}.forEach(m=>import(m)),w=()=>{` +
    `if(typeof PerformanceObserver!="function"||!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")||document.hidden)return go();` +
    `let s=0,f=0,p=0,t;const d=()=>{if(s++)return;o.disconnect();requestAnimationFrame(()=>setTimeout(go))},` +
    `q=()=>{clearTimeout(t);t=setTimeout(d,p?${LARGEST_PAINT_WAIT_MS}:${FIRST_PAINT_WAIT_MS})},` +
    `o=new PerformanceObserver(()=>{p=1;f&&q()});` +
    `o.observe({type:"largest-contentful-paint",buffered:!0});` +
    `requestAnimationFrame(()=>requestAnimationFrame(()=>{f=1;q()}))};` +
    `document.readyState==="complete"?w():addEventListener("load",w,{once:true})`
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
