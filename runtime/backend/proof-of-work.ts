// The forms' proof of work. When many visitors send at once and the site-wide breaker has tripped,
// the database answers a form's call 429 with an ALTCHA challenge (SHA-256 of salt || a secret
// number) as JSON text in `details` (supabase/migrations/20251229000100_proof_of_work.sql). The
// browser finds the number with altcha-lib (MIT, self-hosted, no cookie, no third party; about a
// second) and sends the same call again with ALTCHA's payload; the database checks and spends it.
import { solveChallenge } from 'altcha-lib/v1';

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

/** ALTCHA's payload for the solved challenge (base64 of its JSON), or null if no number fits. */
export async function solve(c: Challenge): Promise<string | null> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) return null;
  return btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature }));
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
