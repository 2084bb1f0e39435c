// Honest read times: an article's stated minutes must match its body at about 200 words a minute.
export const WORDS_PER_MINUTE = 200;
/** Tolerance as a fraction of the stated read time (a third, per the blog issue). */
export const READ_TIME_TOLERANCE = 1 / 3;

/** Keys of a body block that hold no prose (addresses, enums, ids). */
const NON_PROSE_KEYS = new Set(['type', 'href', 'id', 'tone', 'level', 'ordered', 'variant']);

/** Plain words of an inline-markup string: `**b**`, `*i*` and `[label](href)` count by their visible text. */
export function plainText(text: string): string {
  return text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*|\*/g, '');
}

export function countWords(text: string): number {
  const words = plainText(text).trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.length;
}

/** Words of every prose field of a list of body blocks, recursively. */
export function bodyWords(value: unknown, key = ''): number {
  if (NON_PROSE_KEYS.has(key)) return 0;
  if (typeof value === 'string') return countWords(value);
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + bodyWords(v), 0);
  if (value && typeof value === 'object') {
    return Object.entries(value).reduce<number>((n, [k, v]) => n + bodyWords(v, k), 0);
  }
  return 0;
}

export interface ReadTimeCheck {
  words: number;
  /** Minutes the body actually takes. */
  minutes: number;
  ok: boolean;
}

export function checkReadTime(stated: number, sections: unknown): ReadTimeCheck {
  const words = bodyWords(sections);
  const minutes = words / WORDS_PER_MINUTE;
  return { words, minutes, ok: Math.abs(minutes - stated) <= stated * READ_TIME_TOLERANCE };
}
