// The header's logo travels inside each built page as a data: address (issue 11: no request may be
// under way while the first screen paints), and reads back as the SVG file itself. The site icon is
// linked as its file beside /favicon.ico, never inlined (issue 40: a browser asks for it once the page
// has loaded, so inlining only added its bytes to every page's first round trip).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { svgDataAddress } from '../../generator/images/site-images.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { errorsOf, makeFixture, VALID_INDEX } from './fixture.ts';

/** What a browser reads from a data: address written without base64. */
const decode = (address: string) => decodeURIComponent(address.slice(address.indexOf(',') + 1));
const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('icons in the page', () => {
  const svg = readFileSync(join(process.cwd(), 'public/favicon.svg'), 'utf8');

  it('a data: address reads back as the SVG, its white space collapsed, with nothing that ends an attribute or tag', () => {
    const tricky = '<svg xmlns="http://www.w3.org/2000/svg">\n  <text fill="#fff">50% & more</text>\n</svg>\n';
    const address = svgDataAddress(tricky);
    expect(address.startsWith('data:image/svg+xml,')).toBe(true);
    expect(address).not.toMatch(/["<>#\n]|%(?![0-9A-F]{2})/);
    expect(decode(address)).toBe(tricky.trim().replace(/\s+/g, ' '));
    expect(decode(svgDataAddress(svg))).toBe(svg.trim().replace(/\s+/g, ' '));
  });

  const root = makeFixture({ 'index.yaml': VALID_INDEX });
  const site = compileSite(root);
  expect(errorsOf(site.diagnostics)).toEqual([]);
  const render = (images?: { logo?: string }) =>
    renderPage({
      compiled: site.site!,
      page: site.site!.pages.find((p) => p.route === '/')!,
      assets: { css: ['/site.css'], inlineCss: () => '', scripts: ['/assets/main-1.js'] },
      supabaseUrl: 'http://127.0.0.1:54321',
      now: new Date('2026-01-15T12:00:00Z'),
      images: images && { previewStills: {}, socialCards: {}, ...images },
    }).html;

  it('the build’s address is what the page shows as its logo; the icon is linked as its file, once', () => {
    const address = svgDataAddress(svg);
    const html = render({ logo: address });
    const head = html.slice(0, html.indexOf('</head>'));
    expect([...head.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/favicon.ico', '/favicon.svg']);
    expect(head).not.toContain('data:');
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    const logo = /<img src="([^"]+)"/.exec(header)?.[1];
    expect(decode(unescapeHtml(logo!))).toBe(decode(address));
    expect(html).not.toContain('/images/logo.svg');
  });

  it('without them (the dev server), the files are linked', () => {
    const html = render();
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(html).toContain('src="/images/logo.svg"');
  });
});
