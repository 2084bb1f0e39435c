// Honest read times: an article's stated minutes must match its body at about 200 words a minute.
// The words are those of the body's prose fields, as the schemas mark them (`x-kind`: text, inline,
// markdown), counted on the parsed text, so markup and link addresses never count.
import { countWords, inlinePlain, parseInline, parseProse, prosePlain } from '../../model/markup.ts';
import { valueAt } from './source.ts';
import type { FieldAt } from './schema-errors.ts';

export const WORDS_PER_MINUTE = 200;
/** Tolerance as a fraction of the stated read time (a third, per the blog issue). */
export const READ_TIME_TOLERANCE = 1 / 3;

/** The words a stated read time allows. */
export function readTimeRange(stated: number): { minWords: number; maxWords: number } {
  return {
    minWords: Math.ceil(stated * (1 - READ_TIME_TOLERANCE) * WORDS_PER_MINUTE),
    maxWords: Math.floor(stated * (1 + READ_TIME_TOLERANCE) * WORDS_PER_MINUTE),
  };
}

/** The read time to state for a body of this many words. */
export function readTimeFor(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
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
