// The site's icon travels inside each built page as one data: address, the header's logo and the tab's
// icon (issue 11: no request may be under way while the first screen paints; issue 40: Lighthouse's
// simulation counted the browser's request for /favicon.svg against the first paint), and reads back as
// the SVG file itself. The two copies are the same text, so brotli sends it once.
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
  const render = (images?: { icon?: string }) =>
    renderPage({
      compiled: site.site!,
      page: site.site!.pages.find((p) => p.route === '/')!,
      assets: { css: ['/site.css'], inlineCss: () => '', scripts: ['/assets/main-1.js'] },
      supabaseUrl: 'http://127.0.0.1:54321',
      now: new Date('2026-01-15T12:00:00Z'),
      images: images && { previewStills: {}, socialCards: {}, ...images },
    }).html;

  it('the build’s address is the tab’s icon and the header’s logo, the same text in both; /favicon.ico stays for browsers without SVG icons', () => {
    const address = svgDataAddress(svg);
    const html = render({ icon: address });
    const head = html.slice(0, html.indexOf('</head>'));
    const icons = [...head.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => unescapeHtml(m[1]!));
    expect(icons).toEqual(['/favicon.ico', address]);
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    const logo = /<img src="([^"]+)"/.exec(header)?.[1];
    expect(unescapeHtml(logo!)).toBe(address);
    expect(decode(address)).toBe(svg.trim().replace(/\s+/g, ' '));
    expect(html).not.toContain('/favicon.svg');
  });

  it('without it (the dev server), the file is linked', () => {
    const html = render();
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(html).toContain('src="/favicon.svg"');
  });
});
