// Renders one page to a complete HTML document with react-dom/server inside react-router's static router.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { CompiledSite, PageDefinition } from '../../model/page.ts';
import { RenderProvider } from '../context.tsx';
import { PageView } from './page.tsx';

export interface PageAssets {
  /** Stylesheets to link. */
  css: string[];
  /** Module scripts, included only when the page has islands. */
  scripts: string[];
  /** Island chunk address by island name, preloaded when the page uses that island. */
  islandChunks: Record<string, string>;
  /** Extra tags for <head> (the dev server's client). */
  headExtra?: string;
}

export interface RenderOptions {
  compiled: CompiledSite;
  page: PageDefinition;
  assets: PageAssets;
  supabaseUrl: string;
  now: Date;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function renderPage({ compiled, page, assets, supabaseUrl, now }: RenderOptions): { html: string; islands: string[] } {
  const location = page.route === '/404' ? '/404' : page.route;
  const body = renderToString(
    <StaticRouter location={location}>
      <RenderProvider value={{ site: compiled.site, articles: compiled.articles, page, supabaseUrl, now, islandSeq: { next: 0 } }}>
        <PageView page={page} />
      </RenderProvider>
    </StaticRouter>,
  );
  const islands = [...new Set([...body.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!))];
  const site = compiled.site.site;
  const title = page.route === '/' ? page.title : `${page.title} | ${site.name}`;
  const canonical = `${site.url.replace(/\/$/, '')}${page.route === '/404' ? '' : page.route}`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeAttr(title)}</title>`,
    `<meta name="description" content="${escapeAttr(page.description)}">`,
    `<meta property="og:title" content="${escapeAttr(page.title)}">`,
    `<meta property="og:description" content="${escapeAttr(page.description)}">`,
    `<meta property="og:type" content="${page.article ? 'article' : 'website'}">`,
    page.image ? `<meta property="og:image" content="${escapeAttr(site.url + page.image)}">` : '',
    page.route !== '/404' ? `<link rel="canonical" href="${escapeAttr(canonical)}">` : '<meta name="robots" content="noindex">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="alternate" type="application/rss+xml" title="Blog" href="/rss.xml">',
    ...assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
  ];
  if (islands.length) {
    head.push(...assets.scripts.map((src) => `<script type="module" src="${src}"></script>`));
    head.push(...islands.flatMap((n) => (assets.islandChunks[n] ? [`<link rel="modulepreload" href="${assets.islandChunks[n]}">`] : [])));
  }
  if (assets.headExtra) head.push(assets.headExtra);
  const html = `<!doctype html>\n<html lang="en">\n<head>\n${head.filter(Boolean).join('\n')}\n</head>\n<body class="bg-white text-gray-900 antialiased">\n${body}\n</body>\n</html>\n`;
  return { html, islands };
}
