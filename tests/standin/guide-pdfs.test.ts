// The PDFs made from content/: real multi-page documents, the committed seed
// files current, and source mistakes reported with file and path.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { GuideSourceError, toGuideSource } from '../../pdf/guide-source.ts';
import { PREVIEW_PLATFORMS, renderGuidePdf, renderPreviewPdf, renderStarterKitPdf } from '../../pdf/render-guide-pdf.ts';
import { PREVIEWS_DIR } from '../../supabase/local/seed.ts';

const pages = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

describe('preview PDFs', () => {
  it.each(PREVIEW_PLATFORMS)('%s: a 4 to 6 page PDF, identical to the committed seed file', async (platform) => {
    const bytes = await renderPreviewPdf(platform);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const n = await pages(bytes);
    expect(n).toBeGreaterThanOrEqual(4);
    expect(n).toBeLessThanOrEqual(6);
    const committed = readFileSync(join(PREVIEWS_DIR, `${platform}-detox-preview.pdf`));
    // If this fails: npx tsx supabase/seed/generate-previews.ts
    expect(Buffer.compare(committed, Buffer.from(bytes))).toBe(0);
  });

  it('gives TikTok its 21-day plan and the others 30 days', async () => {
    const doc = async (p: string) => (await PDFDocument.load(await renderPreviewPdf(p))).getSubject();
    expect(await doc('tiktok')).toContain('21-day');
    for (const p of ['instagram', 'youtube', 'facebook']) expect(await doc(p)).toContain('30-day');
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
