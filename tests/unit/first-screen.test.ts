// The first-response budget measures what a page's first screen needs (generator/bench/first-screen.ts): the
// source up to the last element or text Chromium shows on the first screen, and the compressed bytes
// that decode to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { compressedBytesFor, firstScreenSourceLength, openingParagraphEnd, sourceNodes } from '../../generator/bench/first-screen.ts';

const paragraphs = Array.from({ length: 200 }, (_, i) => `<p class="para">Paragraph ${i} says something about phones, sleep and attention, number ${i * 7919}.</p>`).join('');
const doc = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>t</title><style>body{margin:0;font:16px/24px sans-serif}p{margin:0 0 16px}</style></head><body>${body}</body></html>`;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions);
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `html` as a page at the given screen height, scripts off, and measures its first screen. */
async function measure(html: string, height: number): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 400, height } });
  const page: Page = await context.newPage();
  await page.route('http://first-screen.test/', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('http://first-screen.test/');
  try {
    return await firstScreenSourceLength(page, html);
  } finally {
    await context.close();
  }
}

describe('the first screen of a page', () => {
  it('ends with the last paragraph the screen shows, and a taller screen needs more', async () => {
    const html = doc(`<header><h1>Title</h1></header><main>${paragraphs}</main>`);
    const short = await measure(html, 400);
    const tall = await measure(html, 1200);
    const start = (i: number) => html.indexOf(`<p class="para">Paragraph ${i} `);
    // 400 px of 24 px lines and 16 px gaps: a few paragraphs, and far from the 200th.
    expect(short).toBeGreaterThan(start(1));
    expect(short).toBeLessThan(start(40));
    expect(tall).toBeGreaterThan(short);
    expect(tall).toBeLessThan(start(150));
    // It includes the whole text of the last paragraph it shows.
    expect(html.slice(0, short)).toMatch(/number \d+\.$/);
  });

  it('counts an element placed on the first screen from the end of the source', async () => {
    const html = doc(`<main>${paragraphs}</main><div style="position:absolute;top:0;left:0">Sale ends soon</div>`);
    const needed = await measure(html, 400);
    expect(needed).toBeGreaterThanOrEqual(html.indexOf('Sale ends soon') + 'Sale ends soon'.length);
  });

  it('leaves out what the first screen hides', async () => {
    const html = doc(`<div hidden>${paragraphs}</div><p>Shown</p>${paragraphs}`);
    const needed = await measure(html, 400);
    expect(needed).toBeLessThan(html.indexOf('Shown') + 1000);
  });

  it('walks the same tree as the browser, tables without tbody included', async () => {
    const html = doc(`<table><tr><td>a</td></tr></table><p>x<b>y</b></p>`);
    expect(sourceNodes(html).map((n) => n.name)).toEqual(['table', 'tbody', 'tr', 'td', '#text', 'p', '#text', 'b', '#text']);
    await expect(measure(html, 400)).resolves.toBeGreaterThan(html.indexOf('y</b>'));
  });
});

describe('an article’s opening', () => {
  const header = '<header><a href="/blog">Back</a><p>Habits · 6 min read</p><h1>A long read</h1><p>By A, B</p></header>';
  const endOf = (html: string, text: string) => html.indexOf(text) + text.length;

  it('ends with the first paragraph after the header that holds the title, its byline and a table of contents before it included', () => {
    const html = doc(`<nav><a href="/">Site</a></nav><main><article>${header}<nav><h2>In this article</h2><ul><li><a href="#a">A</a></li></ul></nav><p>Opening <em>words</em>.</p><p>Second.</p></article></main>`);
    expect(openingParagraphEnd(html)).toBe(endOf(html, 'Opening <em>words</em>.</p>'));
  });

  it('reads a paragraph inside a block (a markdown section) as the opening', () => {
    const html = doc(`<main><article>${header}<div class="prose"><h2>First</h2><p>Opening.</p></div><p>Later.</p></article></main>`);
    expect(openingParagraphEnd(html)).toBe(endOf(html, 'Opening.</p>'));
  });

  it('without a header, the first paragraph after the title', () => {
    const html = doc('<main><p>Before.</p><h1>Title</h1><p>Opening.</p></main>');
    expect(openingParagraphEnd(html)).toBe(endOf(html, 'Opening.</p>'));
  });

  it('is undefined with no title, or no paragraph after it', () => {
    expect(openingParagraphEnd(doc(paragraphs))).toBeUndefined();
    expect(openingParagraphEnd(doc(`<main>${header}<ul><li>x</li></ul></main>`))).toBeUndefined();
  });
});

describe('compressed bytes for a prefix', () => {
  const text = Buffer.from(Array.from({ length: 3000 }, (_, i) => `line ${i} ${(i * 2654435761) % 1000003}\n`).join(''));
  const br = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  const decoded = (n: number) => brotliDecompressSync(br.subarray(0, n), { finishFlush: constants.BROTLI_OPERATION_FLUSH }).length;

  it('is the fewest bytes that decode to the prefix', () => {
    for (const want of [1, 500, 20_000, text.length / 2, text.length]) {
      const n = compressedBytesFor(br, want);
      expect(decoded(n)).toBeGreaterThanOrEqual(want);
      if (n > 0) expect(decoded(n - 1)).toBeLessThan(want);
    }
  });

  it('grows with the prefix, and the whole text needs the whole stream', () => {
    expect(compressedBytesFor(br, text.length / 4)).toBeLessThan(compressedBytesFor(br, text.length / 2));
    expect(compressedBytesFor(br, text.length)).toBeGreaterThan(br.length - 8);
  });
});
