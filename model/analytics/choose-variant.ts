// Which version of a page a request is shown: the one small module npm start (generator/host/serve.ts), the
// Cloudflare Pages middleware and the Netlify Edge Function all run, so every host chooses alike.
//
// Before the experiment's start (a UTC day) every visitor gets the control: the panel counts from the
// start, so a version shown earlier would be seen by visitors it never counts.
//
// variant = HMAC-SHA256(secret, experiment id · client address · user agent) mod arms. Nothing is
// stored and nothing is sent: the same browser on the same network computes to the same variant on
// every visit, with no cookie. The secret keeps anyone from working out which address sees which
// version. Web Crypto only, so it runs unchanged in Node, workerd and Deno.
import { isbot } from 'isbot';
import { CONTROL } from './experiment.ts';

export interface ChoiceRequest {
  experiment: string;
  arms: readonly string[];
  /** The client's address as the host's edge reports it (cf-connecting-ip, x-nf-client-connection-ip, the socket). */
  address: string;
  userAgent: string;
  /** EXPERIMENT_SECRET; without one every visitor gets the control (a plain static host cannot choose either). */
  secret: string | undefined;
  /** The experiment's first day (YYYY-MM-DD, UTC); before it, the control. */
  start?: string;
  /** The moment of the request (default now). */
  now?: Date;
}

/** Whether an experiment starting on `start` (YYYY-MM-DD, UTC) has started at `now`. */
export function hasStarted(start: string | undefined, now: Date = new Date()): boolean {
  return !start || now.toISOString().slice(0, 10) >= start;
}

const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

/** Bots and crawlers (isbot's list) always see the control, so search engines index the page as written. */
export function seesControlOnly(userAgent: string): boolean {
  return !userAgent || isbot(userAgent);
}

export async function chooseVariant(r: ChoiceRequest): Promise<string> {
  if (!r.secret || r.arms.length < 2 || seesControlOnly(r.userAgent) || !hasStarted(r.start, r.now)) return CONTROL;
  // The unit separator cannot be in an id; it keeps ("a","bc") and ("ab","c") apart.
  const message = new TextEncoder().encode(`${r.experiment}\u001f${r.address}\u001f${r.userAgent}`);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await keyFor(r.secret), message));
  // The first four bytes as an unsigned integer: modulo bias over at most four arms is below 1e-9.
  const n = ((mac[0]! << 24) | (mac[1]! << 16) | (mac[2]! << 8) | mac[3]!) >>> 0;
  return r.arms[n % r.arms.length]!;
}
