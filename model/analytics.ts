// Addresses the analytics beacon (runtime/client/beacon.ts) and the server's no-script pixel
// (generator/pixel.ts) share: where events go, and where the pixel points.

/** The address events are posted to: the project's track function (public.track(text)), the public key
 * in the query so the request stays a CORS "simple" one (text/plain, no custom header, no preflight). */
export function trackEndpoint(supabaseUrl: string, anonKey: string): string {
  return `${supabaseUrl.replace(/\/$/, '')}/rest/v1/rpc/track?apikey=${encodeURIComponent(anonKey)}`;
}

/** The no-script pixel's address for a route: same-origin, answered by the server (generator/pixel.ts). */
export function pixelAddress(route: string, kind: 'view' | '404'): string {
  return `/_px?r=${encodeURIComponent(route)}${kind === '404' ? '&k=404' : ''}`;
}

/**
 * The hook the beacon leaves on window for what only an island knows (a capture stored, a message sent,
 * a preview opened). Absent when the site does not count or the visitor signals GPC or DNT. Islands call
 * it in place, `(window as BeaconWindow).__beacon?.('capture')`, with a type-only import: a shared module
 * for one line would be a chunk of its own, one more request when islands hydrate.
 */
export type BeaconWindow = { __beacon?: BeaconHook };

/** The fields of a buy event (issue 41): product id, price shown in minor units, the click's reference (model/checkout.ts), and the block it is in (id, type) as a call to action's. */
export type BuyFields = { p: string; c: number; x: string; b?: string; t?: string };

/** The hook: sends the page's view first if not yet sent, so the steps arrive in the order taken. */
export type BeaconHook = {
  (kind: 'capture' | 'contact' | 'preview'): void;
  (kind: 'buy', fields: BuyFields): void;
};
