// The browser's proof-of-work search (model/proof-of-work.ts) against Node's own
// SHA-256: the number it finds hashes, with the salt, to the challenge, whatever the number's length
// (each new digit re-pads the block), and a challenge with no number in range is answered null.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findNumber } from '../../model/proof-of-work.ts';

const challengeOf = (salt: string, n: number) => createHash('sha256').update(`${salt}${n}`).digest('hex');

describe('the proof-of-work search', () => {
  it('finds the secret number of challenges made as the database makes them', () => {
    // Numbers of every length up to seven digits, each across a digit boundary at least once.
    for (const n of [0, 7, 9, 10, 99, 100, 4321, 99_999, 100_000, randomInt(1_000_000), 1_000_000, 1_000_001]) {
      const salt = randomBytes(16).toString('hex');
      expect(findNumber({ challenge: challengeOf(salt, n), salt, maxnumber: 1_000_001 })).toBe(n);
    }
  });

  it('starts where it is told and stops at maxnumber', () => {
    const salt = randomBytes(16).toString('hex');
    expect(findNumber({ challenge: challengeOf(salt, 5_000), salt, maxnumber: 10_000 }, 4_990)).toBe(5_000);
    expect(findNumber({ challenge: challengeOf(salt, 5_000), salt, maxnumber: 4_999 })).toBeNull();
    expect(findNumber({ challenge: challengeOf(salt, 5_000), salt, maxnumber: 10_000 }, 5_001)).toBeNull();
  });

  it('answers null to what is not a challenge, never a wrong number', () => {
    expect(findNumber({ challenge: 'not hex', salt: 'abc', maxnumber: 10 })).toBeNull();
    expect(findNumber({ challenge: challengeOf('x'.repeat(60), 3), salt: 'x'.repeat(60), maxnumber: 10 })).toBeNull();
  });
});
