// The pages to render, shared by the render threads: each takes the next index itself (an atomic
// counter), so no thread waits for another to hand it work.

/** A queue of page indexes: slot 0 is the next position, the indexes follow. */
export function renderQueue(indices: readonly number[]): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(4 * (indices.length + 1));
  new Int32Array(buffer).set(indices, 1);
  return buffer;
}

/** The next index to render, or undefined when none is left. */
export function takeFrom(queue: SharedArrayBuffer): number | undefined {
  const slots = new Int32Array(queue);
  const at = Atomics.add(slots, 0, 1);
  return at < slots.length - 1 ? slots[at + 1] : undefined;
}
