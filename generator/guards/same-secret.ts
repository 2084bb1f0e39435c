// One comparison for every per-run secret a request must carry (the studio's write token, the e2e
// control server's token): in constant time, so the answer's timing says nothing of how much matched.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether a header's value is exactly `secret`. An absent or repeated header is never it. */
export function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  // Digests of equal length, so neither the length check nor the compare leaks the secret's length.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
