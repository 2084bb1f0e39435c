// The PDFs made from content/: real multi-page documents, the committed seed
// files current, and source mistakes reported with file and path.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GuideSourceError, toGuideSource } from '../../pdf/guide-source.ts';
import { previewSourceNames, renderGuidePdf, renderPreviewPdf, renderStarterKitPdf } from '../../pdf/render-guide-pdf.ts';
import { PREVIEWS_DIR } from '../../supabase/local/seed.ts';

const pages = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

describe('preview PDFs', () => {
  it.each(previewSourceNames())('%s: a 4 to 6 page PDF, identical to the committed seed file', async (name) => {
    const bytes = await renderPreviewPdf(name);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const n = await pages(bytes);
    expect(n).toBeGreaterThanOrEqual(4);
    expect(n).toBeLessThanOrEqual(6);
    const committed = readFileSync(join(PREVIEWS_DIR, `${name}-preview.pdf`));
    // If this fails: npx tsx supabase/seed/generate-previews.ts
    expect(Buffer.compare(committed, Buffer.from(bytes))).toBe(0);
  });

  it('gives each guide the plan length its product has in the catalogue', async () => {
    const site = parse(readFileSync(new URL('../../site.config.yaml', import.meta.url), 'utf8')) as { products: { route: string; planDays: number }[] };
    const names = previewSourceNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const product = site.products.find((p) => p.route === `/${name}`);
      expect(product, `a product whose page is /${name}`).toBeDefined();
      const subject = (await PDFDocument.load(await renderPreviewPdf(name))).getSubject();
      expect(subject, name).toContain(`${product!.planDays}-day`);
    }
  });
});

describe('starter kit PDF', () => {
  it('is a several-page PDF titled as the site promises', async () => {
    const doc = await PDFDocument.load(await renderStarterKitPdf());
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(5);
    expect(doc.getTitle()).toBe('The 3-Day Digital Detox Starter Kit');
  });
});

describe('guide sources', () => {
  const minimal = { title: 'T', sections: [{ heading: 'H', blocks: [{ p: 'Text' }] }] };

  it('renders a minimal source', async () => {
    expect(await pages(await renderGuidePdf(toGuideSource(minimal, 'x.yaml')))).toBe(2);
  });

  it('names the file and the path of a mistake', () => {
    const bad = { ...minimal, sections: [{ heading: 'H', blocks: [{ bullet: ['a'] }] }] };
    expect(() => toGuideSource(bad, 'content/x.yaml')).toThrow(GuideSourceError);
    expect(() => toGuideSource(bad, 'content/x.yaml')).toThrow('content/x.yaml: sections[0].blocks[0]: expected exactly one of p, h3, bullets');
  });

  it('refuses characters the PDF fonts cannot draw, instead of dropping them', async () => {
    const arrow = toGuideSource({ ...minimal, sections: [{ heading: 'H', blocks: [{ p: 'Before → after' }] }] }, 'x.yaml');
    await expect(renderGuidePdf(arrow)).rejects.toThrow('"→" (U+2192)');
  });
});
