// The owner's area is kept out of search engines: /admin and every route under it carry noindex and no
// canonical address, robots.txt disallows /admin itself as well as what is under it, and the sitemap
// leaves them out; a page of the site whose route merely starts with the same letters stays listed.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { robots, sitemap } from '../../generator/render/site-files.ts';
import type { CompiledSite } from '../../model/page.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { errorsOf, makeFixture, VALID_INDEX } from './fixture.ts';

const adminPage = (title: string) => `title: "${title}"\ndescription: "The owner's area."\nheader: back-home\nsections:\n  - type: admin-app\n    id: admin\n`;
const root = makeFixture({
  'index.yaml': VALID_INDEX,
  'admin/index.yaml': adminPage('Admin'),
  'admin/upload.yaml': adminPage('Upload'),
  'administration.yaml': `title: "Administration"\ndescription: "How the programme is run."\nsections:\n  - type: paragraph\n    text: "Who runs what."\n`,
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
const result = compileSite(root);
const site = result.site as CompiledSite;

/** Whether robots.txt lets a crawler fetch `route`, as RFC 9309 says: the longest matching rule decides, Allow on a tie. */
function crawlable(txt: string, route: string): boolean {
  const rules = [...txt.matchAll(/^(Allow|Disallow):\s*(\S*)$/gm)].map((m) => ({ allow: m[1] === 'Allow', path: m[2]! })).filter((r) => r.path && route.startsWith(r.path));
  const longest = Math.max(-1, ...rules.map((r) => r.path.length));
  return longest < 0 || rules.some((r) => r.path.length === longest && r.allow);
}

const render = (route: string) => renderPage({ compiled: site, page: site.pages.find((p) => p.route === route)!, assets: { css: ['/site.css'], scripts: [] }, supabaseUrl: 'http://127.0.0.1:54321', now: new Date('2026-01-15T12:00:00Z') }).html;
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('the admin area', () => {
  it('compiles', () => {
    expect(errorsOf(result.diagnostics)).toEqual([]);
  });

  it('is disallowed for robots, /admin itself included; other routes, one that starts with the same letters too, are not', () => {
    const txt = robots(site);
    for (const route of ['/admin', '/admin/', '/admin/upload']) expect(crawlable(txt, route), route).toBe(false);
    for (const route of ['/', '/administration']) expect(crawlable(txt, route), route).toBe(true);
  });

  it('is marked noindex, with no canonical address, and left out of the sitemap', () => {
    for (const route of ['/admin', '/admin/upload']) {
      const h = head(render(route));
      expect(h, route).toContain('<meta name="robots" content="noindex"/>');
      expect(h, route).not.toContain('rel="canonical"');
    }
    const listed = head(render('/administration'));
    expect(listed).not.toContain('noindex');
    expect(listed).toContain('<link rel="canonical" href="https://test.example/administration"/>');
    const locs = [...sitemap(site).matchAll(/<loc>https:\/\/test\.example([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('/administration');
    expect(locs.filter((r) => r === '/admin' || r!.startsWith('/admin/'))).toEqual([]);
  });
});
