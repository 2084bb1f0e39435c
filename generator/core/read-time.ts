// Honest read times: an article's stated minutes must match its body at about 200 words a minute.
// The words are those of the body's prose fields, as the schemas mark them (`x-kind`: text, inline,
// markdown), counted on the parsed text, so markup and link addresses never count.
import { countWords, inlinePlain, parseInline, parseProse, prosePlain } from '../../model/markup.ts';
import { valueAt } from './source.ts';
import type { FieldAt } from './schema-errors.ts';

export const WORDS_PER_MINUTE = 200;
/** Tolerance as a fraction of the stated read time (a third, per the blog issue). */
export const READ_TIME_TOLERANCE = 1 / 3;

/** The words a stated read time allows. One minute is the least a read time says, so it allows any short body. */
export function readTimeRange(stated: number): { minWords: number; maxWords: number } {
  return {
    minWords: stated <= 1 ? 0 : Math.ceil(stated * (1 - READ_TIME_TOLERANCE) * WORDS_PER_MINUTE),
    maxWords: Math.floor(stated * (1 + READ_TIME_TOLERANCE) * WORDS_PER_MINUTE),
  };
}

const fits = (stated: number, words: number) => {
  const { minWords, maxWords } = readTimeRange(stated);
  return words >= minWords && words <= maxWords;
};

/** The read time to state for a body of this many words: the nearest minute whose range holds them. */
export function readTimeFor(words: number): number {
  const nearest = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
  return [nearest, nearest + 1, nearest - 1].find((n) => n >= 1 && fits(n, words)) ?? nearest;
}

export function fieldWords(kind: FieldAt['kind'], value: string): number {
  if (kind === 'text') return countWords(value);
  if (kind === 'inline') return countWords(inlinePlain(parseInline(value)));
  if (kind === 'markdown') return countWords(prosePlain(parseProse(value)));
  return 0;
}

/** Words of the prose fields under `sections` of a page. */
export function bodyWords(data: unknown, fields: readonly FieldAt[]): number {
  let n = 0;
  for (const f of fields) {
    if (f.path[0] !== 'sections') continue;
    const value = valueAt(data, f.path);
    if (typeof value === 'string') n += fieldWords(f.kind, value);
  }
  return n;
}
