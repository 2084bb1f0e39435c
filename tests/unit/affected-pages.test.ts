// The studio's "this change affects N pages" (generator/studio/affected-pages.ts), on the blog fixture
// site compiled as the studio compiles it (the catalogue's unsaved text standing in for the file): every
// page whose HTML a catalogue edit changes is listed, those that name no edited product included (a
// platform page shows the bundle's struck price, which another platform's original price makes), and
// no page whose HTML stays the same.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { affectedPages, pageReads } from '../../generator/studio/affected-pages.ts';
import { compileDraft } from '../../generator/studio/compile-draft.ts';
import type { CompiledSite, PageDefinition } from '../../model/page.ts';
import { blockComponents, renderPage } from '../../runtime/render/render-page.tsx';
import { errorsOf, fixtureSite } from './fixture.ts';

const root = fixtureSite('blog-site');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const AS_OF = new Date('2026-03-01T12:00:00Z');
const settings = { assets: { css: ['/site.css'], scripts: ['/main.js'] }, supabaseUrl: 'http://127.0.0.1:54321', now: AS_OF };
const config = readFileSync(join(root, 'site.config.yaml'), 'utf8');

function compiled(text: string): CompiledSite {
  const r = compileDraft(root, new Map([['site.config.yaml', text]]), blockComponents, AS_OF);
  expect(errorsOf(r.diagnostics)).toEqual([]);
  return r.site!;
}
const html = (site: CompiledSite, page: PageDefinition) => renderPage({ ...settings, compiled: site, page }).html;

/** The catalogue with one field of one product set, written as the studio writes it. */
function edited(id: string, field: string, value: number): string {
  const doc = parseDocument(config);
  const products = doc.toJS().products as { id: string }[];
  doc.setIn(['products', products.findIndex((p) => p.id === id), field], value);
  return doc.toString();
}

describe("the studio's affected pages", () => {
  const now = compiled(config);
  const products = now.site.products.filter((p) => typeof p.originalPrice === 'number');

  it('are exactly the pages whose HTML a catalogue edit changes, by what each page reads', () => {
    // Each priced product's original price in turn: the bundle's struck price is their sum.
    for (const product of products) {
      const next = compiled(edited(product.id, 'originalPrice', product.originalPrice! + 10));
      const listed = affectedPages(now, next, (page) => pageReads(renderPage, now, page, settings)).map((p) => p.route).sort();
      const changed = next.pages.filter((p) => html(now, now.pages.find((o) => o.route === p.route)!) !== html(next, p)).map((p) => p.route).sort();
      expect(changed.length, product.id).toBeGreaterThan(0);
      expect(listed, product.id).toEqual(changed);
      // Among them, pages that name no edited product (what a search for the product's id missed).
      if (product.id !== products[0]!.id) continue;
      const unnamed = next.pages.filter((p) => changed.includes(p.route) && !JSON.stringify(p).includes(`"${product.id}"`));
      expect(unnamed.length).toBeGreaterThan(0);
    }
  });

  it('lists nothing for a catalogue that changes nothing', () => {
    const next = compiled(`${config}\n# a comment\n`);
    expect(affectedPages(now, next, (page) => pageReads(renderPage, now, page, settings))).toEqual([]);
  });
});
