// The one parser for text. Text fields hold inline Markdown (emphasis, strong, links, backslash
// escapes); `markdown` prose blocks also hold ## and ### headings, lists and quotes. Both are parsed
// here, once, with markdown-it, into a small JSON-safe tree that the renderer, the link checker, the
// word count and the PDF renderer all read. markdown-it's delimiter and link scanning is linear: the
// hostile inputs that stall regex parsers and micromark ('[' or '*a' repeated 100,000 times) parse in
// about a tenth of a second. Nothing is ever passed through as HTML: raw HTML, entities, autolinks,
// images and code spans stay literal text.
//
// Every tree made here is shallow, so every walk over it (the link checker, the word count, React,
// the PDF renderer) may recurse: prose blocks nest at most markdown-it's maxNesting (20) deep, and
// inline markup at most MAX_INLINE_DEPTH. markdown-it bounds its own link nesting but not emphasis,
// which it pairs after scanning: '_' x 5,000, any character, '_' x 5,000 pairs into 2,500 nested
// strong and emphasis nodes, and a recursive walk over that overflowed the stack.
import MarkdownIt from 'markdown-it';
import type { Block } from './page.ts';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

export type InlineNode =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'emphasis'; children: InlineNode[] }
  | { type: 'link'; href: string; children: InlineNode[] };

export type ProseBlock =
  | { type: 'heading'; level: number; children: InlineNode[]; line: number }
  | { type: 'paragraph'; children: InlineNode[]; line: number }
  | { type: 'list'; ordered: boolean; start: number; items: ProseBlock[][]; line: number }
  | { type: 'blockquote'; children: ProseBlock[]; line: number };

const INLINE_RULES = ['text', 'newline', 'escape', 'emphasis', 'link', 'balance_pairs', 'fragments_join'];

function parser(blockRules: string[]) {
  const md = new MarkdownIt('zero', { html: false, linkify: false, typographer: false }).enable([...blockRules, ...INLINE_RULES]);
  // Addresses stay exactly as written: what the link checker reads is what the page links to. Every
  // address is kept in the tree, unsafe ones too, so the checker can point at them; the renderer
  // never links an unsafe one (isSafeHref).
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.validateLink = () => true;
  return md;
}

const inlineParser = parser([]);
const proseParser = parser(['paragraph', 'heading', 'list', 'blockquote']);

/**
 * Characters where markdown-it's enabled inline rules (newline, escape, emphasis, link) can start, and
 * what its normalisation rewrites (CR, NUL). Text without any of them parses to itself: most labels and
 * many paragraphs skip the parser, which matters at thousands of pages (checked against the parser by
 * tests/unit/markup-fast-path.test.ts).
 */
const INLINE_SPECIAL = /[\n\r\0\\*_[\]]/;

/** Inline markup of one text field. */
export function parseInline(text: string): InlineNode[] {
  if (!INLINE_SPECIAL.test(text)) return text ? [{ type: 'text', value: text }] : [];
  return parseInlineWithParser(text);
}

/** parseInline without its fast path (for the test that proves the two agree). */
export function parseInlineWithParser(text: string): InlineNode[] {
  const tokens = inlineParser.parseInline(text, {})[0]?.children ?? [];
  return inlineTree(tokens);
}

/** A `markdown` prose block. `line` is 0-based within the text. */
export function parseProse(text: string): ProseBlock[] {
  const tokens = proseParser.parse(text, {});
  let i = 0;
  const blocks = (closing?: string): ProseBlock[] => {
    const out: ProseBlock[] = [];
    while (i < tokens.length) {
      const t = tokens[i]!;
      if (closing && t.type === closing) {
        i++;
        return out;
      }
      const line = t.map?.[0] ?? 0;
      i++;
      if (t.type === 'heading_open') {
        out.push({ type: 'heading', level: Number(t.tag.slice(1)), children: inlineTree(tokens[i]?.children ?? []), line });
        i += 2; // inline, heading_close
      } else if (t.type === 'paragraph_open') {
        out.push({ type: 'paragraph', children: inlineTree(tokens[i]?.children ?? []), line });
        i += 2;
      } else if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') {
        const ordered = t.type === 'ordered_list_open';
        const items: ProseBlock[][] = [];
        while (tokens[i]?.type === 'list_item_open') {
          i++;
          items.push(blocks('list_item_close'));
        }
        i++; // list close
        out.push({ type: 'list', ordered, start: Number(t.attrGet('start') ?? 1), items, line });
      } else if (t.type === 'blockquote_open') {
        out.push({ type: 'blockquote', children: blocks('blockquote_close'), line });
      }
    }
    return out;
  };
  return blocks();
}

/**
 * How deep emphasis and strong nest. Deeper ones are kept as their words: no person writes emphasis
 * twenty levels deep, and a hostile text gets a tree every walk can recurse over. Links are always
 * kept (the checker sees every address) and never hold another link, so a tree is at most one deeper.
 */
export const MAX_INLINE_DEPTH = 20;

function inlineTree(tokens: Token[]): InlineNode[] {
  const root: InlineNode[] = [];
  const stack: InlineNode[][] = [root];
  // Per open token, whether it made a node (false: emphasis past MAX_INLINE_DEPTH, kept as its
  // words). markdown-it's tokens nest properly, so a closing token is the last open one's.
  const made: boolean[] = [];
  const push = (node: InlineNode) => {
    const list = stack[stack.length - 1]!;
    const last = list[list.length - 1];
    // markdown-it splits text at every delimiter it considered; join the pieces again.
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else list.push(node);
  };
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
        if (t.content) push({ type: 'text', value: t.content });
        break;
      case 'softbreak':
      case 'hardbreak':
        push({ type: 'text', value: '\n' });
        break;
      case 'strong_open':
      case 'em_open':
      case 'link_open': {
        const keep = t.type === 'link_open' || stack.length <= MAX_INLINE_DEPTH;
        made.push(keep);
        if (!keep) break;
        const children: InlineNode[] = [];
        const node: InlineNode =
          t.type === 'link_open' ? { type: 'link', href: String(t.attrGet('href') ?? ''), children } : t.type === 'strong_open' ? { type: 'strong', children } : { type: 'emphasis', children };
        stack[stack.length - 1]!.push(node);
        stack.push(children);
        break;
      }
      case 'strong_close':
      case 'em_close':
      case 'link_close':
        if (made.pop() && stack.length > 1) stack.pop();
        break;
    }
  }
  return root;
}

/** The words a reader sees, without markup. */
export function inlinePlain(nodes: readonly InlineNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : inlinePlain(n.children))).join('');
}

export function prosePlain(blocks: readonly ProseBlock[]): string {
  return blocks
    .map((b) => (b.type === 'list' ? b.items.map(prosePlain).join('\n') : b.type === 'blockquote' ? prosePlain(b.children) : inlinePlain(b.children)))
    .join('\n\n');
}

/** Every link of an inline tree, in reading order. */
export function inlineLinks(nodes: readonly InlineNode[]): string[] {
  return nodes.flatMap((n) => (n.type === 'text' ? [] : n.type === 'link' ? [n.href, ...inlineLinks(n.children)] : inlineLinks(n.children)));
}

/** Every link of a prose block, with the 0-based line of the paragraph, heading or item holding it. */
export function proseLinks(blocks: readonly ProseBlock[]): { href: string; line: number }[] {
  return blocks.flatMap((b) => {
    if (b.type === 'list') return b.items.flatMap(proseLinks);
    if (b.type === 'blockquote') return proseLinks(b.children);
    return inlineLinks(b.children).map((href) => ({ href, line: b.line }));
  });
}

/** Words as a reader counts them: runs of non-space holding a letter or digit. */
export function countWords(plain: string): number {
  // One pass, no arrays: a word is a run of non-space characters (JavaScript's \s) holding a letter
  // or a digit, as `plain.split(/\s+/)` with a /[\p{L}\p{N}]/u test per piece counts them (a
  // thousand articles' read times were a tenth of the build's cross-checks). Tested against that.
  let n = 0;
  let counted = false;
  for (let i = 0; i < plain.length; i++) {
    const c = plain.charCodeAt(i);
    if (isSpace(c)) {
      counted = false;
      continue;
    }
    if (counted) continue;
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 128 && LETTER_OR_DIGIT.test(String.fromCodePoint(plain.codePointAt(i)!)))) {
      n++;
      counted = true;
    }
  }
  return n;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** JavaScript's \s: what split(/\s+/) splits on. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** A section's `##` headings' texts, from a heading block or a markdown block: what a long article's table
 * of contents lists (runtime/outline.tsx). */
export function chapterTitles(s: Block): string[] {
  if (s.type === 'heading') return s.level === 2 ? [s.text] : [];
  if (s.type === 'markdown') return parseProse(s.text).flatMap((b) => (b.type === 'heading' && b.level === 2 ? [inlinePlain(b.children)] : []));
  return [];
}
