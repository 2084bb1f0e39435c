// `npm run checkout:trigger -- sale [<reference>] [--product <id>] | replay | refund [--amount <minor>]`:
// sends correctly signed test events to the running local stand-in's checkout webhook, as Stripe's
// CLI `stripe trigger` does, so the whole path from a buy click to an order on /admin/insights can be
// seen before going live.
// - sale: a paid checkout for the reference a buy click sent (copy it from the checkout address's
//   client_reference_id), at the product's catalogue price; without one, an unattributed sale;
// - replay: the last event sent, again (the webhook acknowledges it and changes nothing);
// - refund: the last sale refunded, in full or --amount minor units more.
// The stand-in is the one VITE_SUPABASE_URL names (default http://127.0.0.1:54321); the provider is
// site.config.yaml's checkout.provider; the secret CHECKOUT_WEBHOOK_SECRET, or the stand-in's local one.
// A hosted project is refused: use the provider's own test mode there.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { REFERENCE_PATTERN } from '../../model/sales.ts';
import { deliver, refundDelivery, saleDelivery, type Delivery } from '../../supabase/local/checkout-events.ts';
import { LOCAL_CHECKOUT_WEBHOOK_SECRET } from '../../supabase/local/keys.ts';
import { isLocalBackend, supabaseUrl } from '../host/backend-url.ts';
import { checkoutProvider, siteCatalogue } from '../host/site-catalogue.ts';
import { EXIT, UsageError, parseCli, runCli, type Command } from './args.ts';

interface LastSale {
  sale: Delivery & { amountMinor: number; currency: string; refundedMinor: number };
  last: Delivery;
}

const USAGE = 'usage: npm run checkout:trigger -- sale [<reference>] [--product <id>] | replay | refund [--amount <minor units>]';

const TRIGGER: Command = {
  usage: 'npm run checkout:trigger -- sale [<reference>] [--product <id>] | replay | refund [--amount <minor units>]',
  does: "Sends correctly signed test events to the running local stand-in's checkout webhook, as `stripe trigger` does: a paid sale for a buy click's reference (none: an unattributed sale), the last event again, or a refund of the last sale.",
  options: {
    product: { type: 'string', value: '<id>', help: 'the product sold (default the first in the catalogue)' },
    amount: { type: 'string', value: '<minor units>', help: 'how much to refund, e.g. 1000 for 10.00 (default the rest)' },
  },
  positionals: true,
  env: {
    VITE_SUPABASE_URL: 'the stand-in to send to (default http://127.0.0.1:54321, or SUPABASE_PORT\'s)',
    CHECKOUT_WEBHOOK_SECRET: "the signing secret; set it as npm start has it (default the stand-in's local one)",
  },
  examples: ['npm run checkout:trigger -- sale <reference>', 'npm run checkout:trigger -- refund --amount 1000'],
};

/** Where the last sale is kept between runs: per stand-in address, outside the project. */
const stateFile = (base: string) => join(tmpdir(), `checkout-trigger-${createHash('sha256').update(base).digest('hex').slice(0, 12)}.json`);

function readState(base: string): LastSale {
  try {
    return JSON.parse(readFileSync(stateFile(base), 'utf8')) as LastSale;
  } catch {
    throw new UsageError('no sale sent yet: run `npm run checkout:trigger -- sale <reference>` first');
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseCli(argv, TRIGGER);
  const [command, reference, ...rest] = positionals;
  if (!command || rest.length) throw new UsageError(USAGE);
  const base = supabaseUrl();
  if (!isLocalBackend(base)) throw new UsageError(`VITE_SUPABASE_URL is ${base}, a hosted project: send test events there from the provider's dashboard or CLI (stripe trigger)`);
  const root = process.cwd();
  const provider = checkoutProvider(root);
  const secret = process.env.CHECKOUT_WEBHOOK_SECRET || LOCAL_CHECKOUT_WEBHOOK_SECRET;
  let state: LastSale;
  if (command === 'sale') {
    if (reference !== undefined && !REFERENCE_PATTERN.test(reference)) throw new UsageError(`${reference} is not a reference (22 of A-Z, a-z, 0-9, _ and -)`);
    const { products } = siteCatalogue(root);
    const product = values.product === undefined ? products[0] : products.find((p) => p.id === values.product);
    if (!product) throw new UsageError(`no product ${String(values.product)} in site.config.yaml; products: ${products.map((p) => p.id).join(', ')}`);
    const sale = saleDelivery(provider, { reference, product: product.id, amountMinor: product.priceMinor, currency: product.currency });
    state = { sale: { ...sale, amountMinor: product.priceMinor, currency: product.currency, refundedMinor: 0 }, last: sale };
  } else if (command === 'replay') {
    state = readState(base);
  } else if (command === 'refund') {
    state = readState(base);
    const { sale } = state;
    const more = values.amount === undefined ? sale.amountMinor - sale.refundedMinor : Number(values.amount);
    if (!Number.isSafeInteger(more) || more <= 0 || sale.refundedMinor + more > sale.amountMinor) {
      throw new UsageError(`--amount must be a whole number of minor units, at most the ${sale.amountMinor - sale.refundedMinor} not yet refunded`);
    }
    sale.refundedMinor += more;
    state.last = refundDelivery(provider, { orderId: sale.orderId, amountMinor: sale.amountMinor, currency: sale.currency, refundedMinor: sale.refundedMinor });
  } else {
    throw new UsageError(USAGE);
  }
  const answer = await deliver(base, state.last, secret).catch((e: Error) => {
    throw new UsageError(`nothing answers at ${base}: is npm start running? (${e.message})`);
  });
  writeFileSync(stateFile(base), JSON.stringify(state));
  const { type } = JSON.parse(state.last.body) as { type?: string; meta?: { event_name?: string } };
  console.log(`${command}: ${type ?? (JSON.parse(state.last.body) as { meta: { event_name: string } }).meta.event_name} for order ${state.last.orderId} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.status >= 300 ? EXIT.invalid : EXIT.ok;
}

await runCli('checkout:trigger', () => main(process.argv.slice(2)));
