// How much of each cache a build reused and how much it made anew, for `npm run build -- --stats` and
// for tests that check an edit recomputes exactly what it can affect. One counter per cache, by name.
export type CacheCounts = Record<string, { reused: number; recomputed: number }>;

class StoreStats {
  private counts: CacheCounts = {};

  private entry(cache: string) {
    return (this.counts[cache] ??= { reused: 0, recomputed: 0 });
  }

  reused(cache: string, n = 1): void {
    this.entry(cache).reused += n;
  }

  recomputed(cache: string, n = 1): void {
    this.entry(cache).recomputed += n;
  }

  /** The counts since the last reset (a build resets them when it starts). */
  snapshot(): CacheCounts {
    return structuredClone(this.counts);
  }

  reset(): void {
    this.counts = {};
  }
}

export const storeStats = new StoreStats();
