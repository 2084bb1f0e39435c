// The proof of work off the page's thread: one challenge in, its number (or null) out, so a form stays
// responsive while the browser searches (proof-of-work.ts starts it; model/proof-of-work.ts searches).
import { findNumber, type PowChallenge } from '../../model/proof-of-work.ts';

self.onmessage = (e: MessageEvent<PowChallenge>) => {
  self.postMessage({ number: findNumber(e.data) });
};
