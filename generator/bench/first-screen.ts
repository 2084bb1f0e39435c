// How many compressed bytes of a page the browser needs before it can paint the page's whole first screen.
//
// The 14 KB budget is TCP's first round trip (an initial window of ten packets): what arrives in it should
// be enough to paint the first screen. Brotli is a stream: the browser decodes, parses and paints the
// document as it arrives, so a long article's first screen waits for its head (with the inline CSS) and the
// HTML up to the last thing on that screen, not for its last paragraph. This measures exactly that, on the
// file the server sends:
// 1. Chromium lays the built page out at a phone's and a desktop's screen, scripts off (the first paint
//    comes before any script), and says which elements and texts of the body show on the first screen;
// 2. parse5, an HTML parser that builds the same tree as browsers, gives each of them its place in the
//    source, so the last byte the first screen needs is known;
// 3. the page's own .br file is decoded from growing prefixes to find how many compressed bytes yield
//    that many bytes of HTML.
import { brotliDecompressSync, constants } from 'node:zlib';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { Page } from '@playwright/test';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The screens measured: Lighthouse's simulated phone (a Moto G Power) and its desktop. */
export const SCREENS = [
  { name: 'mobile', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
  { name: 'desktop', viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false },
] as const;

/** A node of the body as the browser walks it: an element (its tag name) or a text (`#text`). */
interface SourceNode {
  name: string;
  /** Where the source must have been received for the node to be shown: the end of an element's start tag, or of a text. */
  end: number;
}

/** The body's elements and non-blank texts in document order, as parse5 reads the page (scripts off, as in the browser measured). */
export function sourceNodes(html: string): SourceNode[] {
  const doc = parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
  const htmlEl = doc.childNodes.find((n): n is Element => n.nodeName === 'html');
  const body = htmlEl?.childNodes.find((n): n is Element => n.nodeName === 'body');
  const out: SourceNode[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === '#text') {
      const t = node as DefaultTreeAdapterMap['textNode'];
      if (t.value.trim() && t.sourceCodeLocation) out.push({ name: '#text', end: t.sourceCodeLocation.endOffset });
      return;
    }
    if (!('tagName' in node)) return;
    const loc = node.sourceCodeLocation;
    out.push({ name: node.tagName, end: loc?.startTag?.endOffset ?? loc?.endOffset ?? 0 });
    // A template's content is not part of the rendered tree.
    if (node.tagName !== 'template') for (const child of node.childNodes) visit(child);
  };
  if (body) for (const child of body.childNodes) visit(child);
  return out;
}

/** The document's elements in document order, as parse5 reads the page. */
function elementsOf(html: string): Element[] {
  const out: Element[] = [];
  const visit = (node: Node) => {
    if (!('tagName' in node)) return;
    out.push(node);
    if (node.tagName !== 'template') for (const child of node.childNodes) visit(child);
  };
  for (const child of parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false }).childNodes) visit(child);
  return out;
}

/**
 * Where an article's first screen ends in its source (issue 50: the budget for an article is its first
 * screen in the first round trip): the end of its opening paragraph, the first `<p>` after the element
 * that holds its `<h1>` when that is a `<header>` (an article's, with its byline), else after the `<h1>`. What comes before it is the head with
 * the inline CSS, the site's header, the title and whatever stands between them and the text (a long
 * article's table of contents). A fixed point of the document rather than the screen Chromium lays out
 * (first-response.ts): the same bytes on every screen, and the text a reader starts on. Undefined when
 * the page has no `<h1>`, or no paragraph after it.
 */
export function openingParagraphEnd(html: string): number | undefined {
  const elements = elementsOf(html);
  const title = elements.find((e) => e.tagName === 'h1');
  const parent = title?.parentNode;
  const holder = parent && 'tagName' in parent && parent.tagName === 'header' ? parent : title;
  const after = holder?.sourceCodeLocation?.endOffset;
  if (after === undefined) return undefined;
  return elements.find((e) => e.tagName === 'p' && (e.sourceCodeLocation?.startOffset ?? -1) >= after)?.sourceCodeLocation?.endOffset;
}

/**
 * In the page: the same walk as sourceNodes, with whether each node shows on the first screen. Kept as
 * source text, so the TypeScript loader's helpers (tsx names functions with `__name`) never reach the page.
 */
const SHOWN_ON_FIRST_SCREEN = `(() => {
  const out = [];
  const h = window.innerHeight;
  const w = window.innerWidth;
  const onScreen = (r) => r.width > 0 && r.height > 0 && r.top < h && r.bottom > 0 && r.left < w && r.right > 0;
  const range = document.createRange();
  const visit = (node) => {
    if (node.nodeType === 3) {
      if (!node.nodeValue.trim()) return;
      range.selectNodeContents(node);
      out.push({ name: '#text', shown: [...range.getClientRects()].some(onScreen) });
      return;
    }
    if (node.nodeType !== 1) return;
    out.push({ name: node.tagName.toLowerCase(), shown: [...node.getClientRects()].some(onScreen) });
    if (node.tagName !== 'TEMPLATE') for (const child of node.childNodes) visit(child);
  };
  for (const child of document.body.childNodes) visit(child);
  return out;
})()`;

/**
 * The number of characters of `html` the first screen of the page open in `page` needs (the page loaded
 * with scripts off, at the screen to measure, scrolled to the top).
 */
export async function firstScreenSourceLength(page: Page, html: string): Promise<number> {
  const source = sourceNodes(html);
  const shown = (await page.evaluate(SHOWN_ON_FIRST_SCREEN)) as { name: string; shown: boolean }[];
  if (shown.length !== source.length || shown.some((s, i) => s.name !== source[i]!.name)) {
    const i = shown.findIndex((s, k) => s.name !== source[k]?.name);
    throw new Error(`the browser's tree and parse5's differ at node ${i} (${shown[i]?.name ?? 'end'} in the browser, ${source[i]?.name ?? 'end'} in parse5)`);
  }
  let needed = html.indexOf('<body');
  shown.forEach((s, i) => {
    if (s.shown) needed = Math.max(needed, source[i]!.end);
  });
  return needed;
}

/** The fewest bytes of a brotli stream from which its first `bytes` bytes decode. */
export function compressedBytesFor(compressed: Buffer, bytes: number): number {
  const decoded = (n: number) => brotliDecompressSync(compressed.subarray(0, n), { finishFlush: constants.BROTLI_OPERATION_FLUSH }).length;
  let lo = 0;
  let hi = compressed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (decoded(mid) >= bytes) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
