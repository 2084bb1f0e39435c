// Renders a guide source (content/previews/*.yaml, content/starter-kit.yaml)
// into a laid-out PDF with pdf-lib: a cover page, then headed sections with
// wrapped paragraphs, lists, checklists, callouts and quotes, a running
// header and "Page n of N" footers. The same source always gives the same
// bytes (fixed dates, no generated ids), so committed PDFs can be checked.
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { CONTENT, previewSourceFile } from './sources.ts';
export { previewSourceNames } from './sources.ts';
import { loadGuideSource, type GuideBlock, type GuideSection, type GuideSource } from './guide-source.ts';
import { unsupportedCharacters, wrap, type TextFonts, type Word } from './text-layout.ts';

const PAGE_W = 612; // US Letter
const PAGE_H = 792;
const LEFT = 66;
const RIGHT = PAGE_W - 66;
const WIDTH = RIGHT - LEFT;
const TOP = PAGE_H - 84;
const BOTTOM = 76;

const BODY = 10.5;
const INK = rgb(0.12, 0.14, 0.19);
const MUTED = rgb(0.42, 0.45, 0.51);
const RULE = rgb(0.86, 0.87, 0.9);
const WHITE = rgb(1, 1, 1);

interface Fonts extends TextFonts {
  italic: PDFFont;
}

function hex(color: string): RGB {
  const n = parseInt(color.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** `amount` of the way from the colour to white (1 = white). */
function tint(c: RGB, amount: number): RGB {
  return rgb(c.red + (1 - c.red) * amount, c.green + (1 - c.green) * amount, c.blue + (1 - c.blue) * amount);
}

function shade(c: RGB, amount: number): RGB {
  return rgb(c.red * (1 - amount), c.green * (1 - amount), c.blue * (1 - amount));
}

/** Lays content out top to bottom, starting a new page whenever the next line would not fit. */
class Writer {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly accent: RGB,
    private readonly source: GuideSource,
  ) {}

  addPage(): void {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.pages.push(this.page);
    this.y = TOP;
    const size = 8.5;
    this.page.drawText(this.source.title, { x: LEFT, y: PAGE_H - 46, size, font: this.fonts.regular, color: MUTED });
    if (this.source.badge) {
      const badge = this.source.badge.toUpperCase();
      const w = this.fonts.bold.widthOfTextAtSize(badge, size);
      this.page.drawText(badge, { x: RIGHT - w, y: PAGE_H - 46, size, font: this.fonts.bold, color: this.accent });
    }
    this.page.drawLine({ start: { x: LEFT, y: PAGE_H - 56 }, end: { x: RIGHT, y: PAGE_H - 56 }, thickness: 0.6, color: RULE });
  }

  /** Moves to a new page unless `height` points still fit. */
  need(height: number): void {
    if (this.y - height < BOTTOM) this.addPage();
  }

  drawWords(line: Word[], x: number, baseline: number, size: number, color: RGB, style: 'normal' | 'italic' | 'bold' = 'normal'): void {
    const space = this.fonts.regular.widthOfTextAtSize(' ', size);
    for (const word of line) {
      for (const piece of word) {
        const font = style === 'italic' ? this.fonts.italic : style === 'bold' || piece.bold ? this.fonts.bold : this.fonts.regular;
        this.page.drawText(piece.text, { x, y: baseline, size, font, color });
        x += font.widthOfTextAtSize(piece.text, size);
      }
      x += space;
    }
  }

  /** Wrapped text; lines may continue on the next page. Returns nothing, moves `y`. */
  text(text: string, o: { size?: number; leading?: number; indent?: number; color?: RGB; italic?: boolean; marker?: (baseline: number) => void } = {}): void {
    const size = o.size ?? BODY;
    const leading = o.leading ?? size * 1.45;
    const indent = o.indent ?? 0;
    const lines = wrap(text, this.fonts, size, WIDTH - indent);
    lines.forEach((line, i) => {
      this.need(leading);
      const baseline = this.y - size;
      if (i === 0) o.marker?.(baseline);
      this.drawWords(line, LEFT + indent, baseline, size, o.color ?? INK, o.italic ? 'italic' : 'normal');
      this.y -= leading;
    });
  }

  section(s: GuideSection, first: boolean): void {
    if (s.newPage && !first) this.addPage();
    else if (!first) this.y -= 18;
    // Keep the heading with at least three lines of what follows.
    const headingLines = wrap(s.heading, { regular: this.fonts.bold, bold: this.fonts.bold }, 20, WIDTH);
    this.need((s.kicker ? 18 : 0) + headingLines.length * 25 + 20 + 3 * BODY * 1.45);
    if (s.kicker) {
      this.page.drawText(s.kicker.toUpperCase(), { x: LEFT, y: this.y - 9, size: 9, font: this.fonts.bold, color: this.accent });
      this.y -= 18;
    }
    for (const line of headingLines) {
      this.drawWords(line, LEFT, this.y - 20, 20, INK, 'bold');
      this.y -= 25;
    }
    this.page.drawRectangle({ x: LEFT, y: this.y - 4, width: 36, height: 3, color: this.accent });
    this.y -= 18;
    for (const b of s.blocks) this.block(b);
  }

  block(b: GuideBlock): void {
    if ('p' in b) {
      this.text(b.p);
      this.y -= 7;
    } else if ('h3' in b) {
      const lines = wrap(b.h3, { regular: this.fonts.bold, bold: this.fonts.bold }, 13, WIDTH);
      this.need(6 + lines.length * 18 + 2 * BODY * 1.45);
      this.y -= 6;
      for (const line of lines) {
        this.drawWords(line, LEFT, this.y - 13, 13, INK, 'bold');
        this.y -= 18;
      }
      this.y -= 2;
    } else if ('bullets' in b || 'numbered' in b || 'checklist' in b) {
      this.list(b);
      this.y -= 5;
    } else if ('callout' in b) {
      this.box(b.callout, b.title, false);
    } else {
      this.box(b.quote, b.by && `- ${b.by}`, true);
    }
  }

  list(b: { bullets: string[] } | { numbered: string[] } | { checklist: string[] }): void {
    const items = 'bullets' in b ? b.bullets : 'numbered' in b ? b.numbered : b.checklist;
    items.forEach((item, i) => {
      const marker = (baseline: number) => {
        if ('bullets' in b) {
          this.page.drawCircle({ x: LEFT + 6, y: baseline + 3.6, size: 2.2, color: this.accent });
        } else if ('numbered' in b) {
          const label = `${i + 1}.`;
          this.page.drawText(label, { x: LEFT + 14 - this.fonts.bold.widthOfTextAtSize(label, BODY), y: baseline, size: BODY, font: this.fonts.bold, color: this.accent });
        } else {
          this.page.drawRectangle({ x: LEFT + 1, y: baseline - 1, width: 10, height: 10, borderColor: this.accent, borderWidth: 1.1 });
        }
      };
      this.text(item, { indent: 22, marker });
      this.y -= 'checklist' in b ? 5 : 3;
    });
  }

  /** A callout (tinted box with a title) or a quote (italic, with attribution). */
  box(body: string, label: string | undefined, quote: boolean): void {
    const size = quote ? 11.5 : 10;
    const leading = size * 1.45;
    const pad = 12;
    const inner = WIDTH - 2 * pad - 4;
    const fonts = quote ? { regular: this.fonts.italic, bold: this.fonts.bold } : this.fonts;
    const lines = wrap(body, fonts, size, inner);
    const labelLines = label ? wrap(label, { regular: this.fonts.bold, bold: this.fonts.bold }, 10.5, inner) : [];
    const height = 2 * pad + lines.length * leading + labelLines.length * 16 + (label ? 4 : 0);
    this.need(height + 10);
    const top = this.y - 4;
    if (!quote) this.page.drawRectangle({ x: LEFT, y: top - height, width: WIDTH, height, color: tint(this.accent, 0.9) });
    this.page.drawRectangle({ x: LEFT, y: top - height, width: 4, height, color: quote ? RULE : this.accent });
    let y = top - pad;
    const x = LEFT + 4 + pad;
    if (label && !quote) {
      for (const line of labelLines) {
        this.drawWords(line, x, y - 10.5, 10.5, shade(this.accent, 0.25), 'bold');
        y -= 16;
      }
      y -= 4;
    }
    for (const line of lines) {
      this.drawWords(line, x, y - size, size, INK, quote ? 'italic' : 'normal');
      y -= leading;
    }
    if (label && quote) {
      y -= 4;
      for (const line of labelLines) {
        this.drawWords(line, x, y - 10.5, 10.5, MUTED, 'bold');
        y -= 16;
      }
    }
    this.y = top - height - 14;
  }
}

function drawCover(page: PDFPage, s: GuideSource, fonts: Fonts, accent: RGB): void {
  const bandBottom = PAGE_H - 360;
  page.drawRectangle({ x: 0, y: bandBottom, width: PAGE_W, height: 360, color: accent });
  page.drawRectangle({ x: 0, y: bandBottom - 8, width: PAGE_W, height: 8, color: shade(accent, 0.35) });
  let y = PAGE_H - 74;
  if (s.badge) {
    const badge = s.badge.toUpperCase();
    const w = fonts.bold.widthOfTextAtSize(badge, 9.5);
    page.drawRectangle({ x: LEFT, y: y - 7, width: w + 20, height: 22, color: shade(accent, 0.3) });
    page.drawText(badge, { x: LEFT + 10, y: y, size: 9.5, font: fonts.bold, color: WHITE });
    y -= 62;
  }
  for (const line of wrap(s.title, { regular: fonts.bold, bold: fonts.bold }, 36, WIDTH)) {
    page.drawText(line.map((w) => w.map((p) => p.text).join('')).join(' '), { x: LEFT, y, size: 36, font: fonts.bold, color: WHITE });
    y -= 42;
  }
  if (s.subtitle) {
    y -= 6;
    for (const line of wrap(s.subtitle, fonts, 15, WIDTH)) {
      let x = LEFT;
      for (const word of line) {
        for (const p of word) {
          page.drawText(p.text, { x, y, size: 15, font: p.bold ? fonts.bold : fonts.regular, color: tint(accent, 0.85) });
          x += (p.bold ? fonts.bold : fonts.regular).widthOfTextAtSize(p.text, 15);
        }
        x += fonts.regular.widthOfTextAtSize(' ', 15);
      }
      y -= 21;
    }
  }

  y = bandBottom - 52;
  if (s.cover?.highlights) {
    page.drawText("WHAT'S INSIDE", { x: LEFT, y, size: 9.5, font: fonts.bold, color: accent });
    y -= 24;
    for (const h of s.cover.highlights) {
      const lines = wrap(h, fonts, 12, WIDTH - 24);
      page.drawRectangle({ x: LEFT, y: y - 1, width: 8, height: 8, color: accent });
      for (const line of lines) {
        let x = LEFT + 22;
        for (const word of line) {
          for (const p of word) {
            const font = p.bold ? fonts.bold : fonts.regular;
            page.drawText(p.text, { x, y, size: 12, font, color: INK });
            x += font.widthOfTextAtSize(p.text, 12);
          }
          x += fonts.regular.widthOfTextAtSize(' ', 12);
        }
        y -= 17;
      }
      y -= 6;
    }
  }
  if (s.cover?.note) {
    const lines = wrap(s.cover.note, fonts, 10.5, WIDTH - 28);
    const height = 24 + lines.length * 15.5;
    const top = Math.min(y - 8, BOTTOM + 40 + height);
    page.drawRectangle({ x: LEFT, y: top - height, width: WIDTH, height, color: tint(accent, 0.9) });
    let ny = top - 12 - 10.5;
    for (const line of lines) {
      let x = LEFT + 14;
      for (const word of line) {
        for (const p of word) {
          const font = p.bold ? fonts.bold : fonts.regular;
          page.drawText(p.text, { x, y: ny, size: 10.5, font, color: INK });
          x += font.widthOfTextAtSize(p.text, 10.5);
        }
        x += fonts.regular.widthOfTextAtSize(' ', 10.5);
      }
      ny -= 15.5;
    }
  }
  if (s.publisher) page.drawText(s.publisher, { x: LEFT, y: 44, size: 9, font: fonts.bold, color: MUTED });
}

function drawFooters(pages: PDFPage[], s: GuideSource, fonts: Fonts): void {
  pages.forEach((page, i) => {
    if (i === 0) return; // the cover carries no page number
    page.drawLine({ start: { x: LEFT, y: 54 }, end: { x: RIGHT, y: 54 }, thickness: 0.6, color: RULE });
    if (s.publisher) page.drawText(s.publisher, { x: LEFT, y: 38, size: 8.5, font: fonts.regular, color: MUTED });
    const label = `Page ${i + 1} of ${pages.length}`;
    const w = fonts.regular.widthOfTextAtSize(label, 8.5);
    page.drawText(label, { x: RIGHT - w, y: 38, size: 8.5, font: fonts.regular, color: MUTED });
  });
}

function allText(s: GuideSource): string[] {
  const out = [s.title, s.subtitle, s.badge, s.publisher, s.cover?.note, ...(s.cover?.highlights ?? [])];
  for (const sec of s.sections) {
    out.push(sec.kicker, sec.heading);
    for (const b of sec.blocks) out.push(...Object.values(b).flat().filter((v): v is string => typeof v === 'string'));
  }
  return out.filter((t): t is string => typeof t === 'string');
}

export async function renderGuidePdf(source: GuideSource): Promise<Uint8Array> {
  // updateMetadata: false keeps pdf-lib from stamping the current time.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const bad = [...new Set(allText(source).flatMap((t) => unsupportedCharacters(t, fonts.regular)))];
  if (bad.length) {
    throw new Error(`"${source.title}" uses characters the PDF fonts cannot draw: ${bad.map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')}`);
  }
  const accent = hex(source.accent ?? '#0f766e');
  const date = new Date(`${source.date ?? '2025-01-01'}T00:00:00Z`);
  doc.setTitle(source.title);
  if (source.subtitle) doc.setSubject(source.subtitle);
  if (source.publisher) doc.setAuthor(source.publisher);
  doc.setCreator('pdf/render-guide-pdf.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  drawCover(doc.addPage([PAGE_W, PAGE_H]), source, fonts, accent);
  const writer = new Writer(doc, fonts, accent, source);
  writer.addPage();
  source.sections.forEach((s, i) => writer.section(s, i === 0));
  drawFooters(doc.getPages(), source, fonts);
  return doc.save({ useObjectStreams: true });
}

// ---- The project's guides ----


/** The preview PDF from content/previews/<name>-preview.yaml (name: e.g. instagram-detox). */
export async function renderPreviewPdf(name: string): Promise<Uint8Array> {
  return renderGuidePdf(loadGuideSource(previewSourceFile(name)));
}

const STARTER_KIT_SOURCE = fileURLToPath(new URL('starter-kit.yaml', CONTENT));

/** The free 3-Day Digital Detox Starter Kit, served as /free-detox-starter-kit.pdf. */
export async function renderStarterKitPdf(): Promise<Uint8Array> {
  return renderGuidePdf(loadGuideSource(STARTER_KIT_SOURCE));
}

