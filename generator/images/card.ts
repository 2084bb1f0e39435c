// A page's social card (og:image, Twitter card), 1200×630: a kicker, the page's title and the site's
// name on the brand's gradient. One template per site (the gradient and the site's name, drawn once
// with the canvas library PDF.js already draws the preview stills with); a card is its kicker and
// title drawn on a copy, a few milliseconds with the PNG made from the template's rows (png.ts).
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PageDefinition } from '../../model/page.ts';
import { TemplatePng } from './png.ts';

/** What a card shows: the cache key is made of this and the code of this file (with what it imports). */
export interface CardText {
  siteName: string;
  kicker: string;
  title: string;
}

/** The brand's colours (the logo's and the buttons' violet and pink), darkened enough for white text. */
const BRAND = { from: '#6d28d9', to: '#be185d', accent: '#6ee7b7' };
const WIDTH = 1200;
const HEIGHT = 630;
/** The space inside the card's margin, where its three parts stand: kicker at the top, title in the middle, site name at the bottom. */
const BOX = { x: 72, y: 72, width: 1056, height: 486 };
const FAMILY = 'Liberation Sans';
const KICKER = { size: 30, spacing: 2 };
const FOOTER = { size: 32, dot: 20, gap: 16 };
const TITLE_LINE_HEIGHT = 1.1;
const TITLE_MAX = 90;

export function cardText(siteName: string, page: PageDefinition): CardText {
  const kicker = page.article ? `${page.article.category} · ${page.article.readTime} min read` : page.template === 'platform' ? 'Step-by-step detox guide' : 'Digital detox guides';
  const title = page.title.length > TITLE_MAX ? `${page.title.slice(0, TITLE_MAX - 3)}…` : page.title;
  return { siteName, kicker, title };
}

const require = createRequire(import.meta.url);
let fontsRegistered = false;
/** Liberation Sans ships with pdfjs-dist (which the preview stills need anyway): the same glyphs on every machine. */
function registerFonts(): void {
  if (fontsRegistered) return;
  for (const file of ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf']) GlobalFonts.registerFromPath(require.resolve(`pdfjs-dist/standard_fonts/${file}`), FAMILY);
  fontsRegistered = true;
}

const font = (size: number, bold: boolean) => `${bold ? 'bold ' : ''}${size}px "${FAMILY}"`;

const metrics = new Map<number, { ascent: number; content: number }>();

/** A line's box as CSS lays it out: `lineHeight` (default the font's own), its glyphs centred in it. Returns the baseline's offset from the box's top. */
function lineBox(ctx: SKRSContext2D, size: number, lineHeight?: number): { height: number; baseline: number } {
  let m = metrics.get(size);
  if (!m) {
    ctx.font = font(size, true);
    const { fontBoundingBoxAscent: ascent, fontBoundingBoxDescent: descent } = ctx.measureText('H');
    metrics.set(size, (m = { ascent, content: ascent + descent }));
  }
  const height = lineHeight ?? m.content;
  return { height, baseline: (height - m.content) / 2 + m.ascent };
}

/** The title in lines no wider than the box: words as they fit, a word too long for a line cut where it must be. */
export function wrapTitle(ctx: SKRSContext2D, title: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (text: string) => ctx.measureText(text).width <= width;
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Template {
  png: TemplatePng;
  background: Canvas;
  canvas: Canvas;
  /** The footer's line height, which the title's place depends on. */
  footerHeight: number;
}

/** The brand's gradient, as CSS's linear-gradient(135deg, from, to) draws it on the card. */
function drawBackground(ctx: SKRSContext2D): void {
  const angle = (135 * Math.PI) / 180;
  const half = (Math.abs(WIDTH * Math.sin(angle)) + Math.abs(HEIGHT * Math.cos(angle))) / 2;
  const [dx, dy] = [Math.sin(angle) * half, -Math.cos(angle) * half];
  const gradient = ctx.createLinearGradient(WIDTH / 2 - dx, HEIGHT / 2 - dy, WIDTH / 2 + dx, HEIGHT / 2 + dy);
  gradient.addColorStop(0, BRAND.from);
  gradient.addColorStop(1, BRAND.to);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
}

const templates = new Map<string, Template>();

/** The gradient with the site's name at the bottom: what every card of the site shares. */
function template(siteName: string): Template {
  let t = templates.get(siteName);
  if (t) return t;
  registerFonts();
  const background = createCanvas(WIDTH, HEIGHT);
  const ctx = background.getContext('2d');
  drawBackground(ctx);
  const footer = lineBox(ctx, FOOTER.size);
  const top = BOX.y + BOX.height - footer.height;
  ctx.fillStyle = BRAND.accent;
  ctx.beginPath();
  ctx.arc(BOX.x + FOOTER.dot / 2, top + footer.height / 2, FOOTER.dot / 2, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.font = font(FOOTER.size, false);
  ctx.fillText(siteName, BOX.x + FOOTER.dot + FOOTER.gap, top + footer.baseline);
  t = { png: new TemplatePng(WIDTH, HEIGHT, background.data()), background, canvas: createCanvas(WIDTH, HEIGHT), footerHeight: footer.height };
  templates.set(siteName, t);
  return t;
}

/** The card as a PNG. */
export function drawCard(text: CardText): Buffer {
  const t = template(text.siteName);
  const ctx = t.canvas.getContext('2d');
  ctx.drawImage(t.background, 0, 0);

  const kicker = lineBox(ctx, KICKER.size);
  ctx.font = font(KICKER.size, true);
  ctx.letterSpacing = `${KICKER.spacing}px`;
  ctx.fillStyle = BRAND.accent;
  ctx.fillText(text.kicker.toUpperCase(), BOX.x, BOX.y + kicker.baseline);
  ctx.letterSpacing = '0px';

  // The title is centred in the space between kicker and footer (as flex's space-between puts it).
  const size = text.title.length > 50 ? 64 : 80;
  const line = lineBox(ctx, size, size * TITLE_LINE_HEIGHT);
  ctx.font = font(size, true);
  const lines = wrapTitle(ctx, text.title, BOX.width);
  const free = BOX.height - kicker.height - lines.length * line.height - t.footerHeight;
  const top = BOX.y + kicker.height + Math.max(0, free / 2);
  ctx.fillStyle = '#fff';
  lines.forEach((l, i) => ctx.fillText(l, BOX.x, top + i * line.height + line.baseline));
  return t.png.encode(t.canvas.data());
}
