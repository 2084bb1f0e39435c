// The build's phases and the milliseconds each took (`npm run build -- --stats`, the bench).
export const BUILD_PHASES = ['compile', 'client', 'images', 'render', 'write', 'compress'] as const;
export type Timings = Record<(typeof BUILD_PHASES)[number], number>;

/** Adds the time since the last phase ended to the phase that ends now. */
export class PhaseClock {
  readonly started = performance.now();
  readonly timings = Object.fromEntries(BUILD_PHASES.map((p) => [p, 0])) as Timings;
  private mark = this.started;

  phase(name: keyof Timings): void {
    const now = performance.now();
    this.timings[name] += now - this.mark;
    this.mark = now;
  }
}
