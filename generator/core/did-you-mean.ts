// "Did you mean" suggestions for misspelt block types, fields and routes.
import { distance } from 'fastest-levenshtein';

/** The closest candidate within a third of the word's length, if any. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  // Far longer than every candidate, it cannot be a typo of one (and a hostile 5 MB word costs nothing).
  if (word.length > 200) return undefined;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.ceil(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
