// What a page's reads are checked against on a rebuild (see track.ts), without the render code: the
// build's main thread uses this while React stays in the render workers.
import { hashOf } from '../store/hash.ts';
import type { Read } from '../store/track.ts';

/** The data a page's reads are answered from. */
export const readRoots = <Input extends { compiled: unknown; images: unknown; now: number }>(input: Input, assets: unknown) => ({ compiled: input.compiled, assets, images: input.images, now: input.now });

/** One hash of every read and its answer (one string hashed once: a page makes about a hundred reads). */
export function digestOf(reads: readonly Read[], answerOf: (r: Read) => string): string {
  let text = '';
  for (const r of reads) text += `${r}\0${answerOf(r)}\0`;
  return hashOf(text);
}

