// One seeded generator for everything that must draw the same numbers on every machine: the fuzzer's
// hostile inputs and the demo traffic.

export type Rng = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine; in [0, 1). */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
