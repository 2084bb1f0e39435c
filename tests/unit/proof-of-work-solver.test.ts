// The browser's proof-of-work search (model/proof-of-work.ts) against Node's own
// SHA-256: the number it finds hashes, with the salt, to the challenge, whatever the number's length
// (each new digit re-pads the block), whatever the salt's length, and a challenge with no number in
// range is answered null.
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

  it('finds the number whatever the salt\'s length: whole blocks of salt, and digits that overflow the last block', () => {
    // 55 bytes fill one block with its padding; 64 and 128 are whole blocks; 50 to 60 push the digits
    // or the padding into a second block, across each digit boundary.
    for (const length of [0, 1, 50, 54, 55, 56, 60, 63, 64, 65, 100, 128, 130]) {
      const salt = randomBytes(length).toString('hex').slice(0, length).padEnd(length, 'q');
      for (const n of [0, 9, 10, 999, 1_000, 100_000]) {
        expect(findNumber({ challenge: challengeOf(salt, n), salt, maxnumber: 1_000_001 }), `salt of ${length}, number ${n}`).toBe(n);
      }
    }
  });

  it('answers null to what is not a challenge, never a wrong number', () => {
    expect(findNumber({ challenge: 'not hex', salt: 'abc', maxnumber: 10 })).toBeNull();
    expect(findNumber({ challenge: challengeOf('x'.repeat(60), 30), salt: 'x'.repeat(60), maxnumber: 10 })).toBeNull();
    expect(findNumber({ challenge: challengeOf('y', 3), salt: 'x', maxnumber: 10 })).toBeNull();
  });
});
