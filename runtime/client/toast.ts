// The toast API islands call, with sonner's signatures: the toaster and sonner itself load with the
// first toast (a few KB no page needs before someone buys, sends or fails), and mount once.
import type { toast as SonnerToast } from 'sonner';

type Sonner = typeof SonnerToast;
let loading: Promise<Sonner> | undefined;

function toaster(): Promise<Sonner> {
  loading ??= import('./toaster.tsx').then(
    (m) => m.mountToaster(),
    (e: unknown) => {
      // Offline for a moment: the next toast tries again.
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

function later<K extends 'success' | 'error' | 'info'>(kind: K) {
  return (...args: Parameters<Sonner[K]>): void => {
    toaster().then(
      (t) => (t[kind] as (...a: Parameters<Sonner[K]>) => unknown)(...args),
      (e: unknown) => console.error('The toaster failed to load', e),
    );
  };
}

export const toast = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  /** Dismisses one toast, or all; nothing to do before the first toast. */
  dismiss: (id?: string | number): void => {
    void loading?.then((t) => t.dismiss(id));
  },
};
