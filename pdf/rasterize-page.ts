// The first page of a PDF as a still image, drawn by PDF.js itself (its Node build on @napi-rs/canvas),
// so the picture shown before the browser viewer loads, and with scripts off, is what the viewer draws.
import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';

export interface PageStill {
  /** WebP bytes. */
  data: Buffer;
  width: number;
  height: number;
  /** Pages in the document, for the viewer's 'Page 1 of N' before it loads. */
  pages: number;
}

const require = createRequire(import.meta.url);
// PDF.js reads the 14 standard fonts (our guides use Helvetica, not embedded) from files it ships.
const STANDARD_FONTS = require.resolve('pdfjs-dist/package.json').replace(/package\.json$/, 'standard_fonts/');

/** Renders page 1 of `pdf` at `width` pixels wide. */
export async function rasterizeFirstPage(pdf: Uint8Array, width: number): Promise<PageStill> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // PDF.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const doc = await getDocument({ data: pdf.slice(), standardFontDataUrl: STANDARD_FONTS, verbosity: 0, isEvalSupported: false }).promise;
  try {
    const page = await doc.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unit.width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    // @napi-rs/canvas implements the canvas API PDF.js draws with; its types are its own.
    await page.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport }).promise;
    return { data: canvas.toBuffer('image/webp', 82), width: canvas.width, height: canvas.height, pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
