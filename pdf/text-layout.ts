// Line breaking for the PDF guides: text with **bold** runs, wrapped to a
// width using the font's real glyph widths.
import type { PDFFont } from 'pdf-lib';

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

function words(text: string): Word[] {
  const out: Word[] = [];
  let current: Word = [];
  let bold = false;
  let buffer = '';
  const flushPiece = () => {
    if (buffer) current.push({ text: buffer, bold });
    buffer = '';
  };
  const flushWord = () => {
    flushPiece();
    if (current.length) out.push(current);
    current = [];
  };
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('**', i)) {
      flushPiece();
      bold = !bold;
      i++;
    } else if (/\s/.test(text[i]!)) {
      flushWord();
    } else {
      buffer += text[i];
    }
  }
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
