// Realistic demo traffic for the local database (`npm run demo:traffic`): 90 days of visitor-days
// drawn from the compiled site, so every route, block id and product is a real one. Every event is
// marked utm_campaign 'demo' (the admin screen can say the data is a demo); nothing here is random
// across runs (a seeded generator), so the same site gives the same numbers.
import { rng } from '../../model/seeded-random.ts';

export interface DemoSite {
  /** Every public route (no /admin). */
  routes: string[];
  /** Blocks with an id, per route. */
  blocks: Map<string, { id: string; type: string }[]>;
  /** Products one can buy on a route, with the price shown in cents. */
  buys: Map<string, { product: string; cents: number }[]>;
  /** Routes with a starter-kit capture form. */
  captures: string[];
  /** The arms (the control first) per route, where a page is under an experiment. */
  variants: Map<string, string[]>;
  /** The catalogue's ISO currency (site.config.yaml checkout.currency); USD when absent. */
  currency?: string;
}

export interface DemoEvent {
  at: Date;
  visitor: string;
  kind: 'view' | 'cta' | 'buy' | 'capture' | 'contact' | 'preview' | '404';
  route: string;
  block_id?: string;
  block_type?: string;
  product?: string;
  price_cents?: number;
  referrer_host?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign: 'demo';
  device: 'phone' | 'tablet' | 'desktop';
  variant?: string;
  /** A buy click's reference (what the buy button sends to the checkout). */
  reference?: string;
}

const REFERRERS = ['www.google.com', 'www.google.com', 'duckduckgo.com', 'news.ycombinator.com', 'www.reddit.com', 't.co', 'l.instagram.com'];
const SOURCES: [string, string][] = [['newsletter', 'email'], ['instagram', 'social'], ['tiktok', 'social'], ['partner-blog', 'referral']];

export function demoEvents(site: DemoSite, now: Date, days = 90): DemoEvent[] {
  const rand = rng(32);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const landing = site.routes.filter((r) => r !== '/404');
  const product = site.routes.filter((r) => site.buys.has(r));
  const blog = site.routes.filter((r) => r.startsWith('/blog/') && !r.startsWith('/blog/category/'));
  const out: DemoEvent[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = today - d * 86_400_000;
    // Growing traffic, quieter at weekends.
    const weekday = new Date(dayStart).getUTCDay();
    const visitors = Math.round((30 + (days - d) * 0.8) * (weekday === 0 || weekday === 6 ? 0.7 : 1) * (0.85 + rand() * 0.3));
    for (let v = 0; v < visitors; v++) {
      const visitor = `demo-${d}-${v}`;
      let at = dayStart + Math.floor(rand() * 80_000_000);
      if (at > now.getTime()) continue;
      const device = rand() < 0.62 ? 'phone' : rand() < 0.2 ? 'tablet' : 'desktop';
      const touch = rand();
      const first: Partial<DemoEvent> =
        touch < 0.45 ? { referrer_host: pick(REFERRERS) } : touch < 0.65 ? (([s, m]) => ({ utm_source: s, utm_medium: m }))(pick(SOURCES)) : {};
      const chosen = new Map<string, string>();
      const event = (e: Omit<DemoEvent, 'at' | 'visitor' | 'utm_campaign' | 'device'>) => {
        at += 5_000 + Math.floor(rand() * 90_000);
        if (at > now.getTime()) return;
        const variants = site.variants.get(e.route);
        if (variants?.length && !chosen.has(e.route)) chosen.set(e.route, pick(variants));
        out.push({ at: new Date(at), visitor, utm_campaign: 'demo', device, ...e, ...(chosen.has(e.route) ? { variant: chosen.get(e.route) } : {}) });
      };
      let route = touch < 0.3 && blog.length ? pick(blog) : rand() < 0.55 ? '/' : pick(landing);
      event({ kind: 'view', route, ...first });
      const pages = 1 + Math.floor(rand() * 4);
      for (let p = 0; p < pages; p++) {
        const blocks = site.blocks.get(route) ?? [];
        if (blocks.length && rand() < 0.35) {
          const b = pick(blocks);
          event({ kind: 'cta', route, block_id: b.id, block_type: b.type });
        }
        if (site.captures.includes(route) && rand() < 0.06) event({ kind: 'capture', route });
        const buys = site.buys.get(route);
        if (buys?.length && rand() < (route === '/ultimate-detox' ? 0.09 : 0.06)) {
          const b = pick(buys);
          event({ kind: 'buy', route, product: b.product, price_cents: b.cents, reference: reference(rand) });
          break;
        }
        if (rand() < 0.03) event({ kind: 'preview', route });
        route = rand() < 0.5 && product.length ? pick(product) : rand() < 0.03 ? '/old-guide' : pick(landing);
        if (route === '/old-guide') {
          event({ kind: '404', route });
          break;
        }
        event({ kind: 'view', route });
        if (route === '/contact' && rand() < 0.2) event({ kind: 'contact', route });
      }
    }
  }
  return out;
}

const REFERENCE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A buy click's reference as the button mints it (22 of [A-Za-z0-9_-]), drawn from the seeded generator. */
function reference(rand: () => number): string {
  let out = '';
  for (let i = 0; i < 22; i++) out += REFERENCE_CHARS[Math.floor(rand() * 64)];
  return out;
}

/** A buy click's attribution, as public.track() stores it under its reference (analytics.buy_references). */
export interface DemoReference {
  reference: string;
  at: Date;
  route: string;
  block_id?: string;
  block_type?: string;
  product: string;
  variant?: string;
  referrer_host?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  device: string;
  steps: string[];
}

/** One verified webhook event, as public.record_checkout_event() takes it. */
export interface DemoCheckoutEvent {
  provider: 'stripe';
  eventId: string;
  type: string;
  orderId: string;
  kind: 'sale' | 'refund';
  amountMinor: number;
  currency: string;
  paid: true;
  refundedMinor?: number;
  reference?: string;
  product: string;
  at: string;
}

/** The step tokens of one event, as analytics.step_tokens() writes them. */
function tokens(e: DemoEvent): string[] {
  if (e.kind === 'view') return [`view:${e.route}`, ...(e.variant ? [`variant:${e.route}=${e.variant}`] : [])];
  if (e.kind === 'cta') return [`cta:${e.block_id}`];
  if (e.kind === 'buy') return [`buy:${e.product}`];
  return [`${e.kind}:${e.route}`];
}

/**
 * What the checkout makes of the buy clicks: about half of them paid, minutes later (a few without
 * their reference, as a buyer without script arrives), and about one order in twelve refunded within
 * the 30-day guarantee, some in part. Each attributed order's buy click gets its reference's
 * attribution, computed from its visitor-day's events as public.track() computes it. Seeded: the
 * same events give the same orders.
 */
export function demoSales(events: readonly DemoEvent[], now: Date, currency = 'USD'): { references: DemoReference[]; checkout: DemoCheckoutEvent[] } {
  const rand = rng(41);
  const byVisitor = new Map<string, DemoEvent[]>();
  for (const e of events) byVisitor.set(e.visitor, [...(byVisitor.get(e.visitor) ?? []), e]);
  const references: DemoReference[] = [];
  const checkout: DemoCheckoutEvent[] = [];
  let n = 0;
  for (const buy of events) {
    if (buy.kind !== 'buy' || !buy.reference || !buy.product || rand() >= 0.55) continue;
    const paidAt = new Date(buy.at.getTime() + 60_000 * (2 + Math.floor(rand() * 20)));
    if (paidAt > now) continue;
    const day = byVisitor.get(buy.visitor) ?? [];
    const before = day.filter((e) => e.at <= buy.at);
    const firstTouch = before.find((e) => e.utm_source || e.utm_medium || e.utm_campaign);
    references.push({
      reference: buy.reference, at: buy.at, route: buy.route, product: buy.product, variant: buy.variant, device: buy.device,
      referrer_host: before.find((e) => e.referrer_host)?.referrer_host,
      utm_source: firstTouch?.utm_source, utm_medium: firstTouch?.utm_medium, utm_campaign: firstTouch?.utm_campaign,
      steps: [...new Set(before.flatMap(tokens))],
    });
    const orderId = `pi_demo_${++n}`;
    const amountMinor = buy.price_cents ?? 0;
    // One in twenty arrives without its reference: bought with script off, counted as unattributed.
    const reference = rand() < 0.05 ? undefined : buy.reference;
    checkout.push({ provider: 'stripe', eventId: `evt_demo_sale_${n}`, type: 'checkout.session.completed', orderId, kind: 'sale', amountMinor, currency, paid: true, reference, product: buy.product, at: paidAt.toISOString() });
    if (rand() < 0.085) {
      const refundAt = new Date(paidAt.getTime() + 86_400_000 * (1 + Math.floor(rand() * 29)));
      const refundedMinor = rand() < 0.25 ? Math.round(amountMinor / 2) : amountMinor;
      if (refundAt <= now) checkout.push({ provider: 'stripe', eventId: `evt_demo_refund_${n}`, type: 'charge.refunded', orderId, kind: 'refund', amountMinor, currency, paid: true, refundedMinor, product: buy.product, at: paidAt.toISOString() });
    }
  }
  return { references, checkout };
}
