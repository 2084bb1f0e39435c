// The forms' proof of work: the search, apart from where it runs. The browser runs it in a Web Worker
// (runtime/backend/proof-of-work.worker.ts), the bench (generator/bench/proof-of-work.ts) in a throttled
// page, and the unit tests hold it to Node's own SHA-256.
//
// ALTCHA's challenge (supabase/schemas/private/functions/issue_challenge.sql): find the number n in
// 0..maxnumber whose SHA-256 of salt || n (n in decimal) is `challenge`. altcha-lib awaited one
// crypto.subtle.digest call per number, and each await cost the browser far more than the hash: a
// browser paid about 20 times what a native loop pays for the same number (issue 49).
//
// Here the hash is @noble/hashes' SHA-256 (audited, no dependencies), synchronous, with nothing
// allocated per number. The salt (32 hex characters) and any number up to 10^16 make one 64-byte block,
// so each try is one run of noble's compression function over a block kept padded in place: the
// number's digits are counted up inside it, and only the first word of the digest is compared before
// the rest. Through noble's hasher API (a copy of the salted hasher, update, digestInto) each try cost
// about half again as much, which the phone-class budget of `npm run bench -- --proof-of-work` could
// not spare. The subclass reaches noble's compression through the members its own SHA-224 uses
// (process, get, set; protected, not private); the unit tests check every digest against Node's.
import { _SHA256 } from '@noble/hashes/sha2.js';

export interface PowChallenge {
  challenge: string;
  salt: string;
  maxnumber: number;
}

/** SHA-256 of one message that fits one block, padded by the caller: the digest's eight words. */
class OneBlock extends _SHA256 {
  private readonly iv = this.get();

  /** The digest's words of the padded block in `view`. */
  words(view: DataView): number[] {
    const iv = this.iv;
    this.set(iv[0], iv[1], iv[2], iv[3], iv[4], iv[5], iv[6], iv[7]);
    this.process(view, 0);
    return this.get();
  }

  /** The digest's first word only (the search's quick test). */
  first(view: DataView): number {
    const iv = this.iv;
    this.set(iv[0], iv[1], iv[2], iv[3], iv[4], iv[5], iv[6], iv[7]);
    this.process(view, 0);
    return this.A;
  }
}

/** The block's last 8 bytes hold the message's length in bits; the message must end 9 bytes before. */
const ROOM = 64 - 9;

/** The secret number of `c`, trying from `from` upwards; null when no number up to maxnumber fits. */
export function findNumber(c: PowChallenge, from = 0): number | null {
  const salt = new TextEncoder().encode(c.salt);
  if (!/^[0-9a-f]{64}$/.test(c.challenge) || !Number.isSafeInteger(c.maxnumber) || c.maxnumber < 0 || salt.length + 16 > ROOM) return null;
  const target = Array.from({ length: 8 }, (_, i) => parseInt(c.challenge.slice(i * 8, i * 8 + 8), 16) | 0);
  const block = new Uint8Array(64);
  const view = new DataView(block.buffer);
  const hash = new OneBlock();
  const start = salt.length;
  block.set(salt);
  // The number's decimal digits, ASCII, then the padding: 0x80, zeros, the length in bits.
  let length = 0;
  const pad = () => {
    block.fill(0, start + length);
    block[start + length] = 0x80;
    view.setUint32(60, (start + length) * 8);
  };
  const text = String(Math.max(0, Math.floor(from)));
  for (; length < text.length; length++) block[start + length] = text.charCodeAt(length);
  pad();
  for (let n = Number(text); n <= c.maxnumber; n++) {
    if (hash.first(view) === target[0] && hash.words(view).every((w, i) => w === target[i])) return n;
    // n + 1, in place.
    let i = start + length - 1;
    while (i >= start && block[i] === 57) block[i--] = 48;
    if (i >= start) block[i]!++;
    else {
      block.copyWithin(start + 1, start, start + length);
      block[start] = 49;
      length++;
      pad();
    }
  }
  return null;
}
