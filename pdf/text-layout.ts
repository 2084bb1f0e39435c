// Line breaking for the PDF guides: text with inline markup (**bold** runs), wrapped to a
// width using the font's real glyph widths.
import type { PDFFont } from 'pdf-lib';
import { parseInline, type InlineNode } from '../model/markup.ts';

interface Piece {
  text: string;
  bold: boolean;
}

/** A word may change weight midway ("**bold**,"), so it is a list of pieces. */
export type Word = Piece[];

export interface TextFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Words of a text's inline markup, parsed by the site's one parser: strong runs are bold; emphasis and
 * link labels are set in the regular face (the guides use two faces). */
function words(text: string): Word[] {
  const out: Word[] = [];
  let current: Word = [];
  const flushWord = () => {
    if (current.length) out.push(current);
    current = [];
  };
  const visit = (nodes: readonly InlineNode[], bold: boolean) => {
    for (const n of nodes) {
      if (n.type !== 'text') {
        visit(n.children, bold || n.type === 'strong');
        continue;
      }
      // Split on whitespace, keeping a word that continues across a change of weight in one piece list.
      const parts = n.value.split(/(\s+)/);
      for (const part of parts) {
        if (!part) continue;
        if (/^\s+$/.test(part)) flushWord();
        else current.push({ text: part, bold });
      }
    }
  };
  visit(parseInline(text), false);
  flushWord();
  return out;
}

function wordWidth(word: Word, fonts: TextFonts, size: number): number {
  return word.reduce((w, p) => w + (p.bold ? fonts.bold : fonts.regular).widthOfTextAtSize(p.text, size), 0);
}

/** Greedy line breaking; a word wider than the line gets a line of its own. */
export function wrap(text: string, fonts: TextFonts, size: number, width: number): Word[][] {
  const space = fonts.regular.widthOfTextAtSize(' ', size);
  const lines: Word[][] = [];
  let line: Word[] = [];
  let used = 0;
  for (const word of words(text)) {
    const w = wordWidth(word, fonts, size);
    if (line.length && used + space + w > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length ? space : 0) + w;
    line.push(word);
  }
  if (line.length) lines.push(line);
  return lines;
}

/** Characters the standard PDF fonts (WinAnsi) cannot draw, so sources fail with a clear message. */
export function unsupportedCharacters(text: string, font: PDFFont): string[] {
  const known = new Set(font.getCharacterSet());
  return [...new Set([...text].filter((c) => !/\s/.test(c) && !known.has(c.codePointAt(0)!)))];
}
