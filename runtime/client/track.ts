// The islands' way to count what only they know (a capture stored, a message sent, a preview opened):
// the analytics beacon (beacon.ts) defines window.__beacon when the site counts and the visitor allows
// it; otherwise this does nothing.
type Reported = 'capture' | 'contact' | 'preview';

export function track(kind: Reported): void {
  (window as { __beacon?: (k: Reported) => void }).__beacon?.(kind);
}
