// Lemon Squeezy: X-Signature is the hex HMAC-SHA256 of the raw body with the webhook's signing secret
// (docs.lemonsqueezy.com, "Signing requests"); compared in constant time by Web Crypto's verify.
// - order_created counts when the order's status is paid;
// - order_refunded carries the order's refunds so far (refunded_amount).
// The reference is the checkout's custom data (checkout[custom][ref]), returned in meta.custom_data.
// Lemon Squeezy sends no id for a delivery: its event id is the body's SHA-256, so a replayed
// delivery (the same bytes) is recognised and a new event about the same order is not. Web APIs only.
import { minor, refuse, text, type Verdict } from './event.ts';

const encoder = new TextEncoder();

function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return undefined;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function readLemonSqueezy(body: Uint8Array<ArrayBuffer>, headers: Headers, secret: string): Promise<Verdict> {
  const signature = fromHex(headers.get('x-signature')?.trim() ?? '');
  if (!signature) return refuse(400, 'no X-Signature header, or not hex');
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  if (!(await crypto.subtle.verify('HMAC', key, signature, body))) return refuse(400, 'the Lemon Squeezy signature does not verify');
  let payload: { meta?: { event_name?: unknown; custom_data?: Record<string, unknown> | null }; data?: { id?: unknown; attributes?: Record<string, unknown> } } | null;
  try {
    payload = JSON.parse(new TextDecoder().decode(body)) as typeof payload;
  } catch {
    return refuse(400, 'the body is not JSON');
  }
  if (!payload || typeof payload !== 'object') return refuse(400, 'the body is not a Lemon Squeezy event: an object with meta and data');
  const eventId = toHex(await crypto.subtle.digest('SHA-256', body));
  const type = text(payload.meta?.event_name) ?? 'unknown';
  if (type !== 'order_created' && type !== 'order_refunded') return { ok: true, ignored: type, ids: { eventId, type } };
  const a = (payload.data?.attributes && typeof payload.data.attributes === 'object' ? payload.data.attributes : {}) as Record<string, unknown>;
  const orderId = text(payload.data?.id) ?? (typeof payload.data?.id === 'number' ? String(payload.data.id) : undefined);
  if (!orderId) return refuse(400, 'the order has no id', { eventId, type });
  if (a.created_at !== undefined && a.created_at !== null && typeof a.created_at !== 'string') {
    return refuse(400, `created_at ${JSON.stringify(a.created_at)} is not a time`, { eventId, type, orderId });
  }
  const custom = (payload.meta?.custom_data && typeof payload.meta.custom_data === 'object' ? payload.meta.custom_data : {}) as Record<string, unknown>;
  return {
    ok: true,
    event: {
      provider: 'lemonsqueezy', eventId, type, orderId, kind: type === 'order_created' ? 'sale' : 'refund',
      // A refunded order was paid before: its status is then refunded or partial_refund.
      paid: type === 'order_refunded' || a.status === 'paid',
      amountMinor: minor(a.total), currency: typeof a.currency === 'string' ? a.currency.toUpperCase() : undefined,
      refundedMinor: minor(a.refunded_amount) ?? (a.refunded === true ? minor(a.total) : undefined),
      reference: text(custom.ref), product: text(custom.product), at: text(a.created_at),
    },
  };
}
