// The analytics event: its wire format, defined once, and the addresses it goes to. The beacon
// (runtime/client/beacon.ts) and the no-script pixel (pixel.ts) post it as JSON to public.track(text),
// which stores it or refuses it naming the field (private.analytics_event_problem,
// supabase/schemas/private/functions/analytics_event_problem.sql). Three places speak it; this is the one that says
// what it is: tests/unit/beacon.test.ts holds every body the beacon sends to it, and
// tests/db/event-wire-format.test.ts holds the database's checks to it. model/analytics/README.md is the
// contract in prose.

/** What happened: a page view, a call to action, a buy click, an island's report, a not-found view. */
export const EVENT_KINDS = ['view', 'cta', 'buy', 'capture', 'contact', 'preview', '404'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The kinds only an island knows, reported through the beacon's hook (BeaconWindow). */
export type IslandEventKind = Extract<EventKind, 'capture' | 'contact' | 'preview'>;

/** The device class, from the viewport's width (the pixel, without script, tells phone from desktop only). */
export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** One event as sent. Short keys: the beacon sends one per view and click, and its text must stay under 1 KB. */
export interface AnalyticsEvent {
  k: EventKind;
  /** The route, a plain path of a-z, 0-9, - and / (at most 200 characters). */
  r: string;
  d: Device;
  /** The block's id (a call to action in a block with one). */
  b?: string;
  /** The block's type (a call to action). */
  t?: string;
  /** The product (a buy; required there). */
  p?: string;
  /** The price shown, in cents (a buy). */
  c?: number;
  /** The referrer's host, never its address. */
  f?: string;
  /** utm_source, utm_medium, utm_campaign. */
  us?: string;
  um?: string;
  uc?: string;
  /** The page's variant, when it is under an experiment (model/analytics/experiment.ts). */
  v?: string;
  /** The buy click's reference, which the checkout carries back in its webhook (a buy; model/sales/reference.ts). */
  x?: string;
}

/** Every field an event may carry, with what it means: the database refuses any other key. */
export const EVENT_FIELDS: Readonly<Record<keyof AnalyticsEvent, string>> = {
  k: 'kind',
  r: 'route',
  b: 'block id',
  t: 'block type',
  p: 'product',
  c: 'price in cents',
  f: 'referrer host',
  us: 'utm_source',
  um: 'utm_medium',
  uc: 'utm_campaign',
  d: 'device',
  v: 'variant',
  x: 'checkout reference',
};

/** The address events are posted to: the project's track function (public.track(text)), the public key
 * in the query so the request stays a CORS "simple" one (text/plain, no custom header, no preflight). */
export function trackEndpoint(supabaseUrl: string, anonKey: string): string {
  return `${supabaseUrl.replace(/\/$/, '')}/rest/v1/rpc/track?apikey=${encodeURIComponent(anonKey)}`;
}

/** The no-script pixel's address for a route: same-origin, answered by the server (generator/host/pixel-server.ts). */
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

/** The fields of a buy event (issue 41): product id, price shown in minor units, the click's reference (model/sales/reference.ts), and the block it is in (id, type) as a call to action's. */
export type BuyFields = { p: string; c: number; x: string; b?: string; t?: string };

/** The hook: sends the page's view first if not yet sent, so the steps arrive in the order taken. */
export type BeaconHook = {
  (kind: IslandEventKind): void;
  (kind: 'buy', fields: BuyFields): void;
};
