// How much of each cache a build reused and how much it made anew, for `npm run build -- --stats` and
// for tests that check an edit recomputes exactly what it can affect. One counter per cache, by name;
// each store holds its own (store.ts), so two builds in one process never count into each other.
export type CacheCounts = Record<string, { reused: number; recomputed: number }>;

export class StoreStats {
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

  /** The counts so far. */
  snapshot(): CacheCounts {
    return structuredClone(this.counts);
  }
}
