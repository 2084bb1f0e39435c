// Social cards: the title a card is drawn for is on it (counted in pixels, so a blank or unchanged card
// fails), the PNG made from the template's rows is the picture drawn, pixel for pixel, and a card's
// cache file changes with the code that draws it (anything card.ts imports) and nothing else.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inflateSync } from 'node:zlib';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { cardFile, IMAGE_CODE } from '../../generator/images/site-images.ts';
import { cardText, drawCard, type CardText } from '../../generator/images/card.ts';
import { ImportGraph, toolPath } from '../../generator/store/code-graph.ts';
import { TemplatePng } from '../../generator/images/png.ts';
import type { PageDefinition } from '../../model/page.ts';
import { projectRoot } from './fixture.ts';

const [WIDTH, HEIGHT] = [1200, 630];

/** The image data of a PNG, inflated by zlib, which checks the stream's checksum (some PNG decoders do not). */
function inflated(png: Buffer): Buffer {
  const at = png.indexOf('IDAT');
  return inflateSync(png.subarray(at + 4, at + 4 + png.readUInt32BE(at - 4)));
}

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data };
}

/** Near-white pixels (the title's colour; the gradient never comes close) in rows y0..y1. */
function whitePixels(data: Uint8ClampedArray, y0: number, y1: number): number {
  let n = 0;
  for (let i = y0 * WIDTH * 4; i < y1 * WIDTH * 4; i += 4) if (data[i]! > 235 && data[i + 1]! > 235 && data[i + 2]! > 235) n++;
  return n;
}

const page = (title: string, article = true) => ({ title, template: article ? 'article' : 'platform', article: article ? { category: 'Habits', readTime: 6 } : undefined }) as unknown as PageDefinition;
/** Between the kicker and the footer, where the title stands. */
const TITLE_ROWS = [130, 480] as const;

describe('social cards', () => {
  it('carry their title: white type in the title area, more for a longer title, none without one, and the rest of the card alike', async () => {
    const draw = async (text: CardText) => pixels(drawCard(text));
    const short = await draw(cardText('Test Site', page('Sleep better')));
    const long = await draw(cardText('Test Site', page('How to quit doomscrolling in seven days without losing your friends')));
    const none = await draw({ ...cardText('Test Site', page('x')), title: '' });
    expect([short.width, short.height]).toEqual([WIDTH, HEIGHT]);
    const [shortWhite, longWhite] = [whitePixels(short.data, ...TITLE_ROWS), whitePixels(long.data, ...TITLE_ROWS)];
    expect(whitePixels(none.data, ...TITLE_ROWS)).toBe(0);
    expect(shortWhite).toBeGreaterThan(2000);
    expect(longWhite).toBeGreaterThan(shortWhite * 2);
    // The kicker and the site's name are the same on both.
    expect(Buffer.from(long.data.subarray(0, TITLE_ROWS[0] * WIDTH * 4)).equals(Buffer.from(short.data.subarray(0, TITLE_ROWS[0] * WIDTH * 4)))).toBe(true);
    expect(Buffer.from(long.data.subarray(TITLE_ROWS[1] * WIDTH * 4)).equals(Buffer.from(short.data.subarray(TITLE_ROWS[1] * WIDTH * 4)))).toBe(true);
  });

  it('an article’s card says its category and read time', () => {
    expect(cardText('Test Site', page('A long read')).kicker).toBe('Habits · 6 min read');
    expect(cardText('Test Site', page('A guide', false)).kicker).not.toMatch(/min read/);
  });

  it('a title too long for the card is cut with an ellipsis, and one word too wide for a line is broken, not drawn off the card', async () => {
    expect(cardText('S', page('word '.repeat(30))).title).toMatch(/^.{87}…$/);
    const wide = await pixels(drawCard(cardText('S', page('W'.repeat(60), false))));
    // Nothing white in the right margin.
    let right = 0;
    for (let y = 0; y < HEIGHT; y++) for (let x = WIDTH - 60; x < WIDTH; x++) if (wide.data[(y * WIDTH + x) * 4]! > 235 && wide.data[(y * WIDTH + x) * 4 + 2]! > 235) right++;
    expect(right).toBe(0);
  });

  it('a PNG made from the template reads back as the very pixels drawn, changed rows and unchanged alike', async () => {
    const canvas = createCanvas(WIDTH, HEIGHT);
    const ctx = canvas.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
    gradient.addColorStop(0, '#123456');
    gradient.addColorStop(1, '#fedcba');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    const png = new TemplatePng(WIDTH, HEIGHT, canvas.data());
    expect(Buffer.from((await pixels(png.encode(canvas.data()))).data).equals(canvas.data())).toBe(true);
    ctx.fillStyle = '#fff';
    ctx.fillRect(100, 3, 50, 20);
    ctx.fillRect(900, 400, 10, 1);
    ctx.fillRect(0, HEIGHT - 2, WIDTH, 2);
    const drawn = png.encode(canvas.data());
    expect(Buffer.from((await pixels(drawn)).data).equals(canvas.data())).toBe(true);
    expect(inflated(drawn).length).toBe(HEIGHT * (1 + 3 * WIDTH));
  });

  describe('cache files', () => {
    // A copy of the code, to change it.
    const copy = mkdtempSync(join(tmpdir(), 'card-code-'));
    for (const part of ['generator', 'model', 'pdf', 'runtime', 'package-lock.json', 'tsconfig.json']) cpSync(join(projectRoot, part), join(copy, part), { recursive: true });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));
    const text = cardText('Test Site', page('Sleep better'));
    // The module the build keys cards by (images/site-images.ts): the one every thread draws them through.
    const cardCode = toolPath(IMAGE_CODE.card);
    const file = () => cardFile(text, new ImportGraph(copy).digest([cardCode]));

    it('are named by what the card shows and the code that draws it', () => {
      const before = file();
      expect(before).toBe(cardFile(text, new ImportGraph(projectRoot).digest([cardCode])));
      expect(cardFile({ ...text, title: 'Sleep worse' }, new ImportGraph(copy).digest([cardCode]))).not.toBe(before);
      // Code the card is not drawn by leaves it alone.
      appendFileSync(join(copy, 'generator/bench/grow.ts'), '\n// changed\n');
      expect(file()).toBe(before);
      // The drawing code, and what it imports, name a new file.
      appendFileSync(join(copy, 'generator/images/card.ts'), '\n// changed\n');
      const afterCard = file();
      expect(afterCard).not.toBe(before);
      appendFileSync(join(copy, 'generator/images/png.ts'), '\n// changed\n');
      const afterPng = file();
      expect(afterPng).not.toBe(afterCard);
      // So does the worker that draws them (it once drew 59 cards stale: the key covered card.ts only).
      appendFileSync(join(copy, 'generator/images/card-worker.ts'), '\n// changed\n');
      expect(file()).not.toBe(afterPng);
    });
  });
});
