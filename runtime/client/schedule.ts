// When client code runs: after the next painted frame, or when the browser is idle.

/** After the next frame is painted: a task queued from the frame's callback runs once it is drawn. */
export function afterPaint(f: () => void): void {
  requestAnimationFrame(() => setTimeout(f, 0));
}

const IDLE_TIMEOUT_MS = 2000;

/** When the browser is idle: requestIdleCallback, at most IDLE_TIMEOUT_MS later (a short timer where it has none). */
export function whenIdle(): Promise<void> {
  return new Promise((done) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => done(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(done, 200);
  });
}
