// The forms' proof of work: the search, apart from where it runs. The browser runs it in a Web Worker
// (runtime/backend/proof-of-work.worker.ts), the bench (generator/bench/proof-of-work.ts) in a throttled
// page, and the unit tests hold it to Node's own SHA-256.
//
// ALTCHA's challenge (supabase/schemas/private/functions/issue_challenge.sql): find the number n in
// 0..maxnumber whose SHA-256 of salt || n (n in decimal) is `challenge`. altcha-lib awaited one
// crypto.subtle.digest call per number, and each await cost the browser far more than the hash: a
// browser paid about 20 times what a native loop pays for the same number (issue 49).
//
// SHA-256's compression is written out here, by hand, because the search needs what no hashing
// library offers: to hash a million messages that differ only in a few bytes at the end. Through
// @noble/hashes' compression a phone-class browser still paid about 4.3 times what a native loop pays
// per number (npm run bench -- --proof-of-work), more than the 0.5 s / 2 s budgets allow. Here:
// - the salt's whole blocks are hashed once (their chaining value, the "midstate");
// - the last block holds the rest of the salt, the digits and the padding, in one preallocated array;
//   each try counts the digits up in place and re-reads only the words that hold them;
// - the rounds before the first word with a digit depend on the salt alone: they run once;
// - the digest's last word is the state's e after round 60, so a try stops there unless that word
//   matches (one in 2^32 does), and only then are the last three rounds run and every word compared.
// Nothing is allocated per number. The unit tests check every digest against Node's.

export interface PowChallenge {
  challenge: string;
  salt: string;
  maxnumber: number;
}

// FIPS 180-4, 4.2.2 and 5.3.3.
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** The block's words w[0..15], big-endian, from `words` of `bytes` starting at word `from`. */
function readWords(w: Int32Array, bytes: Uint8Array, from: number, to: number): void {
  for (let i = from, j = from * 4; i < to; i++, j += 4) w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
}

/** The message schedule w[from..to-1]. */
function expand(w: Int32Array, from: number, to: number): void {
  for (let t = from; t < to; t++) {
    const x = w[t - 15]!;
    const y = w[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (s1 + w[t - 7]! + s0 + w[t - 16]!) | 0;
  }
}

/** Rounds from..to-1 over the schedule `w`, on the working variables a..h in `s`, in place. */
function rounds(s: Int32Array, w: Int32Array, from: number, to: number): void {
  let a = s[0]!, b = s[1]!, c = s[2]!, d = s[3]!, e = s[4]!, f = s[5]!, g = s[6]!, h = s[7]!;
  for (let t = from; t < to; t++) {
    const t1 = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) | 0;
    const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  s[0] = a; s[1] = b; s[2] = c; s[3] = d; s[4] = e; s[5] = f; s[6] = g; s[7] = h;
}

/** The chaining value `cv` after one more block, whose words are in w[0..15]. */
function compress(cv: Int32Array, w: Int32Array, s: Int32Array): void {
  expand(w, 16, 64);
  s.set(cv);
  rounds(s, w, 0, 64);
  for (let i = 0; i < 8; i++) cv[i] = (cv[i]! + s[i]!) | 0;
}

/** The midstate: the chaining value after the salt's whole blocks (`w` and `s` are scratch). */
function midstate(salt: Uint8Array, whole: number, w: Int32Array, s: Int32Array): Int32Array {
  const mid = IV.slice();
  for (let at = 0; at < whole; at += 64) {
    readWords(w, salt.subarray(at, at + 64), 0, 16);
    compress(mid, w, s);
  }
  return mid;
}

/** Whether the digest `base` + `s` (word by word) is `target`. */
function sameDigest(base: Int32Array, s: Int32Array, target: Int32Array): boolean {
  for (let i = 0; i < 8; i++) if (((base[i]! + s[i]!) | 0) !== target[i]) return false;
  return true;
}

/** The secret number of `c`, trying from `from` upwards; null when no number up to maxnumber fits. */
export function findNumber(c: PowChallenge, from = 0): number | null {
  if (!/^[0-9a-f]{64}$/.test(c.challenge) || !Number.isSafeInteger(c.maxnumber) || c.maxnumber < 0) return null;
  const target = Int32Array.from({ length: 8 }, (_, i) => parseInt(c.challenge.slice(i * 8, i * 8 + 8), 16) | 0);
  const salt = new TextEncoder().encode(c.salt);
  const w = new Int32Array(64);
  const s = new Int32Array(8);
  const whole = salt.length - (salt.length % 64);
  const mid = midstate(salt, whole, w, s);
  // The rest: the salt's tail, the digits (at most 16), the padding; one block, or two when they overflow it.
  const tail = salt.length - whole;
  const bytes = new Uint8Array(128);
  bytes.set(salt.subarray(whole));
  const first = tail >> 2; // the first word with a digit in it
  const cv = new Int32Array(8);
  const pre = new Int32Array(8); // the working variables after the rounds before `first`
  let length = 0;
  let blocks = 1;
  let last = first; // the last word with a digit in it
  const layout = () => {
    bytes.fill(0, tail + length);
    bytes[tail + length] = 0x80;
    blocks = tail + length + 9 > 64 ? 2 : 1;
    const bits = (whole + tail + length) * 8;
    const end = blocks * 64;
    bytes[end - 4] = bits >>> 24;
    bytes[end - 3] = (bits >>> 16) & 0xff;
    bytes[end - 2] = (bits >>> 8) & 0xff;
    bytes[end - 1] = bits & 0xff;
    last = (tail + length - 1) >> 2;
    readWords(w, bytes, 0, 16);
    pre.set(mid);
    rounds(pre, w, 0, first);
  };
  const text = String(Math.max(0, Math.floor(from)));
  for (; length < text.length; length++) bytes[tail + length] = text.charCodeAt(length);
  layout();
  const second = new Int32Array(64);
  const t7 = target[7]!;
  const m7 = mid[7]!;
  for (let n = Number(text); n <= c.maxnumber; n++) {
    readWords(w, bytes, first, Math.min(last + 1, 16));
    if (blocks === 1) {
      // The quick test: the digest's last word is mid[7] + e after round 60.
      expand(w, 16, 61);
      s.set(pre);
      rounds(s, w, first, 61);
      if (((m7 + s[4]!) | 0) === t7) {
        expand(w, 61, 64);
        rounds(s, w, 61, 64);
        if (sameDigest(mid, s, target)) return n;
      }
    } else {
      expand(w, 16, 64);
      s.set(pre);
      rounds(s, w, first, 64);
      for (let i = 0; i < 8; i++) cv[i] = (mid[i]! + s[i]!) | 0;
      readWords(second, bytes.subarray(64), 0, 16);
      compress(cv, second, s);
      let same = true;
      for (let i = 0; i < 8; i++) if (cv[i] !== target[i]) same = false;
      if (same) return n;
    }
    // n + 1, in place.
    let i = tail + length - 1;
    while (i >= tail && bytes[i] === 57) bytes[i--] = 48;
    if (i >= tail) bytes[i]!++;
    else {
      bytes.copyWithin(tail + 1, tail, tail + length);
      bytes[tail] = 49;
      length++;
      layout();
    }
  }
  return null;
}
