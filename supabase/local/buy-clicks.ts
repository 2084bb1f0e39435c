// The stand-in's own route, which no hosted project has: GET /local/v1/buy-clicks?reference=<ref>
// answers the buy click that sent a reference (its product, route and time, and the product's price as
// the catalogue published at start holds it) and the latest few clicks. `npm run checkout:trigger`
// reads it to send a sale for the product and price the click named, and to say "did you mean" for a
// reference copied wrong. A hosted project never needs it: there the provider sends the real sale.
// A request from a browser page (an Origin header) is refused, so no site open in a browser here
// reads the local clicks.
import type { IncomingMessage } from 'node:http';
import type { Database } from './db.ts';
import { Reply } from './http.ts';

export const BUY_CLICKS_PATH = '/local/v1/buy-clicks';

export interface BuyClick {
  reference: string;
  product: string;
  route: string;
  at: string;
  /** The product's price and currency in the published catalogue (analytics.products); null when it is no longer there. */
  priceMinor: number | null;
  currency: string | null;
}

export interface BuyClicksAnswer {
  click: BuyClick | null;
  /** The latest clicks, newest first. */
  latest: BuyClick[];
}

const SELECT = `select r.reference, r.product, r.route, r.at, p.price_minor::int as "priceMinor", p.currency
  from analytics.buy_references r left join analytics.products p on p.id = r.product`;

export async function answerBuyClicks(db: Database, req: IncomingMessage, url: URL): Promise<Reply> {
  if (req.headers.origin !== undefined) return Reply.json(403, { message: 'not from a browser page: this route is for `npm run checkout:trigger`' });
  if (req.method !== 'GET') return Reply.json(405, { message: 'only GET' });
  const reference = url.searchParams.get('reference');
  const click = reference ? (await db.query<BuyClick>(`${SELECT} where r.reference = $1`, [reference])).rows[0] ?? null : null;
  const latest = (await db.query<BuyClick>(`${SELECT} order by r.at desc limit 5`)).rows;
  const iso = (c: BuyClick) => ({ ...c, at: new Date(c.at).toISOString() });
  return Reply.json(200, { click: click && iso(click), latest: latest.map(iso) } satisfies BuyClicksAnswer);
}
