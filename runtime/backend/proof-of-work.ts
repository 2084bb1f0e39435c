// The forms' proof of work. When many visitors send at once and the site-wide breaker has tripped,
// the database answers a form's call 429 with an ALTCHA challenge (SHA-256 of salt || a secret
// number) as JSON text in `details` (supabase/schemas/private/functions/count_form.sql). The
// browser finds the number in a Web Worker (proof-of-work.worker.ts, searching with
// model/proof-of-work.ts: a synchronous SHA-256, as fast per number as a script's native loop) and
// sends the same call again with ALTCHA's payload; the database checks and spends it. The difficulty is
// the database's (private.proof_of_work), set by `npm run bench -- --proof-of-work`: at least 0.5 s for
// a native solver, at most 2 s for a phone (20260204000200_proof_of_work_difficulty.sql).
import type { PowChallenge } from '../../model/proof-of-work.ts';

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The challenge a refusal carries, or null when it carries none (any other error). */
export function challengeIn(error: { code?: string; details?: string | null } | null): Challenge | null {
  if (error?.code !== 'rate_limited' || !error.details) return null;
  try {
    const c = JSON.parse(error.details) as Partial<Challenge>;
    return typeof c.challenge === 'string' && typeof c.salt === 'string' && typeof c.maxnumber === 'number' && c.algorithm === 'SHA-256'
      ? { algorithm: c.algorithm, challenge: c.challenge, maxnumber: c.maxnumber, salt: c.salt, signature: c.signature ?? '' }
      : null;
  } catch {
    return null;
  }
}

/** The search on this thread: where a worker cannot start (a browser without them, a blocked script). */
async function findHere(c: PowChallenge): Promise<number | null> {
  const { findNumber } = await import('../../model/proof-of-work.ts');
  return findNumber(c);
}

/** The challenge's number, searched in a Web Worker so the page stays responsive. */
function findNumber(c: PowChallenge): Promise<number | null> {
  if (typeof Worker === 'undefined') return findHere(c);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      // The bundler makes the worker a file of its own, loaded only when a challenge comes.
      worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(findHere(c));
      return;
    }
    worker.onmessage = (e: MessageEvent<{ number: number | null }>) => {
      worker.terminate();
      resolve(e.data.number);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      resolve(findHere(c));
    };
    worker.postMessage({ challenge: c.challenge, salt: c.salt, maxnumber: c.maxnumber } satisfies PowChallenge);
  });
}

/** ALTCHA's payload for the solved challenge (base64 of its JSON), or null if no number fits. */
export async function solve(c: Challenge): Promise<string | null> {
  const number = await findNumber(c);
  if (number === null) return null;
  return btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }));
}

/**
 * Makes `call` without a proof; while it is answered with a challenge, tells `onSolving`, solves it
 * and makes the call again with the proof (a few times at most: a challenge can expire or be taken
 * by a race). Resolves to the last answer, which the caller reads as it always did.
 */
export async function withProofOfWork<E extends { code?: string; details?: string | null }>(
  call: (altcha: string | undefined) => PromiseLike<{ error: E | null }>,
  onSolving?: () => void,
): Promise<{ error: E | null }> {
  let answer = await call(undefined);
  for (let tries = 0; tries < 3; tries++) {
    const challenge = challengeIn(answer.error);
    if (!challenge) return answer;
    onSolving?.();
    const proof = await solve(challenge);
    if (!proof) return answer;
    answer = await call(proof);
  }
  return answer;
}
