// The proof of work off the page's thread: one challenge in, its number (or null) out, so a form stays
// responsive while the browser searches (proof-of-work.ts starts it; proof-of-work-solver.ts searches).
import { findNumber, type PowChallenge } from './proof-of-work-solver.ts';

self.onmessage = (e: MessageEvent<PowChallenge>) => {
  self.postMessage({ number: findNumber(e.data) });
};
