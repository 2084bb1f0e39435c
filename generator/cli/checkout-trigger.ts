// `npm run checkout:trigger -- sale [<reference>] | replay | refund [--amount <minor>]`: sends correctly
// signed test events to the running local stand-in's checkout webhook, as Stripe's CLI `stripe
// trigger` does, so the whole path from a buy click to an order on /admin/insights can be seen before
// going live. `--help` says how. It prints what it sent (event, amount, product, reference, order) and
// what the webhook made of it.
// - sale <reference>: a paid checkout for the buy click that sent the reference (copy it from the
//   checkout address), for the product that click named at its price in the catalogue the stand-in
//   published (supabase/local/buy-clicks.ts); without a reference, an unattributed sale of --product;
// - replay: the last event sent, again (the webhook acknowledges it and changes nothing);
// - refund: the last sale refunded, in full or --amount minor units more.
// A reference is taken as one whatever it begins with: 1 in 64 begins with '-', which an option parser
// would read as an option. The stand-in is the one VITE_SUPABASE_URL names (default
// http://127.0.0.1:54321); the provider is site.config.yaml's checkout.provider; the secret
// CHECKOUT_WEBHOOK_SECRET, else the stand-in's local one, which npm start uses too unless it was given
// CHECKOUT_WEBHOOK_SECRET. A hosted project is refused: use the provider's own test mode there.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { fromMinor, minorDigits } from '../../model/sales/money.ts';
import { REFERENCE_PATTERN } from '../../model/sales/reference.ts';
import { BUY_CLICKS_PATH, type BuyClicksAnswer } from '../../supabase/local/buy-clicks.ts';
import type { Delivery, saleDelivery as SaleDeliveryFn } from '../../supabase/local/checkout-events.ts';
import { LOCAL_CHECKOUT_WEBHOOK_SECRET } from '../../supabase/local/keys.ts';
import { didYouMean } from '../core/did-you-mean.ts';
import { isLocalBackend, supabaseUrl } from '../host/backend-url.ts';
import { checkoutProvider, siteCatalogue } from '../host/site-catalogue.ts';
import { EXIT, UsageError, parseCli, runCli, type Command } from './args.ts';

type SaleDelivery = typeof SaleDeliveryFn;

interface Sale {
  delivery: Delivery;
  product: string;
  reference?: string;
  amountMinor: number;
  currency: string;
  refundedMinor: number;
}

interface LastSale {
  sale: Sale;
  last: Delivery;
}

const COMMANDS = ['sale', 'replay', 'refund'] as const;

const TRIGGER: Command = {
  usage: 'npm run checkout:trigger -- sale [<reference>] [--product <id>] | replay | refund [--amount <minor units>]',
  does: [
    "Sends correctly signed test events to the running local stand-in's checkout webhook, as `stripe trigger` does:",
    '  sale <reference>     a paid sale for the buy click that sent <reference> (the checkout address\'s',
    '                       client_reference_id, or checkout[custom][ref]): the product it named, at its price',
    '  sale [--product id]  a sale with no reference (unattributed), of the product (the first otherwise)',
    '  replay               the last event sent, again: the webhook acknowledges it and changes nothing',
    '  refund [--amount n]  the last sale refunded: n minor units more (1000 is 10.00 USD), or the rest',
    "It signs as site.config.yaml's checkout.provider does, with CHECKOUT_WEBHOOK_SECRET or else the stand-in's local secret.",
    'npm start uses the same local secret unless it was given CHECKOUT_WEBHOOK_SECRET: then give this command the same.',
  ].join('\n'),
  options: {
    product: { type: 'string', value: '<id>', help: 'the product sold without a reference (default the first in the catalogue)' },
    amount: { type: 'string', value: '<minor units>', help: 'how much to refund, e.g. 1000 for 10.00 (default the rest)' },
  },
  positionals: true,
  env: {
    VITE_SUPABASE_URL: "the stand-in to send to (default http://127.0.0.1:54321, or SUPABASE_PORT's)",
    CHECKOUT_WEBHOOK_SECRET: "the signing secret; set it as npm start has it (default the stand-in's local one)",
  },
  examples: ['npm run checkout:trigger -- sale <reference>', 'npm run checkout:trigger -- refund --amount 1000'],
};
const USAGE = `usage: ${TRIGGER.usage}`;

/** Where the last sale is kept between runs: per stand-in address, outside the project. */
const stateFile = (base: string) => join(tmpdir(), `checkout-trigger-${createHash('sha256').update(base).digest('hex').slice(0, 12)}.json`);

function readState(base: string): LastSale {
  try {
    return JSON.parse(readFileSync(stateFile(base), 'utf8')) as LastSale;
  } catch {
    throw new UsageError('no sale sent yet: run `npm run checkout:trigger -- sale <reference>` first');
  }
}

/** The reference among the arguments, taken out before the options are parsed: whatever it begins with, it is not an option. */
function takeReference(argv: string[]): { reference?: string; rest: string[] } {
  const at = argv.findIndex((a, i) => REFERENCE_PATTERN.test(a) && !['--product', '--amount'].includes(argv[i - 1] ?? ''));
  return at < 0 ? { rest: argv } : { reference: argv[at], rest: argv.filter((_, i) => i !== at) };
}

const money = (minor: number, currency: string) => `${fromMinor(minor, currency).toFixed(minorDigits(currency))} ${currency}`;

/** The buy click that sent `reference`, as the stand-in holds it. */
async function buyClick(base: string, reference: string): Promise<BuyClicksAnswer> {
  const response = await fetch(new URL(`${BUY_CLICKS_PATH}?reference=${encodeURIComponent(reference)}`, base)).catch((e: Error) => {
    throw new UsageError(`nothing answers at ${base}: is npm start running? (${e.message})`);
  });
  if (!response.ok) throw new UsageError(`${base} is not the local stand-in (${BUY_CLICKS_PATH} answered ${response.status}): is npm start running there?`);
  return (await response.json()) as BuyClicksAnswer;
}

async function newSale(base: string, root: string, provider: string | undefined, reference: string | undefined, productOption: string | undefined, saleDelivery: SaleDelivery): Promise<Sale> {
  const { products } = siteCatalogue(root);
  const named = (id: string) => {
    const p = products.find((x) => x.id === id);
    if (p) return p;
    const guess = didYouMean(id, products.map((x) => x.id));
    throw new UsageError(`no product ${id} in site.config.yaml${guess ? `; did you mean ${guess}?` : ''} Products: ${products.map((x) => x.id).join(', ')}`);
  };
  let product = productOption === undefined ? products[0] : named(productOption);
  if (reference !== undefined) {
    const { click, latest } = await buyClick(base, reference);
    if (!click) {
      const guess = didYouMean(reference, latest.map((c) => c.reference));
      const shown = latest.map((c) => `\n  ${c.reference}  ${c.product} on ${c.route}, ${c.at}`).join('');
      throw new UsageError(`no buy click sent the reference ${reference} to ${base}${guess ? `; did you mean ${guess}?` : ''}${shown ? `\nThe latest buy clicks:${shown}` : ' (it holds none yet: press a buy button on the site first)'}`);
    }
    if (productOption !== undefined && productOption !== click.product) {
      throw new UsageError(`the buy click that sent ${reference} was for ${click.product}, not ${productOption}: leave --product out, the click names the product`);
    }
    product = click.priceMinor !== null && click.currency ? { id: click.product, priceMinor: click.priceMinor, currency: click.currency } : named(click.product);
  }
  if (!product) throw new UsageError('site.config.yaml has no product to sell');
  const delivery = saleDelivery(provider, { reference, product: product.id, amountMinor: product.priceMinor, currency: product.currency });
  return { delivery, product: product.id, reference, amountMinor: product.priceMinor, currency: product.currency, refundedMinor: 0 };
}

/** One line saying what the webhook made of a delivery. */
function outcome(answer: { status: number; body: unknown }): string {
  const body = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as { outcome?: string; reason?: string; error?: string; ignored?: string };
  const said = body.error ?? body.reason;
  return `${answer.status} ${body.outcome ?? (answer.status < 300 ? 'received' : 'refused')}${said ? `: ${said}` : ''}`;
}

await runCli('checkout:trigger', async () => {
  const argv = process.argv.slice(2);
  const { reference, rest } = takeReference(argv);
  const { values, positionals } = parseCli(rest, TRIGGER);
  const [command, ...extra] = positionals;
  if (!command) throw new UsageError(`no command.\n${USAGE}`);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    const guess = didYouMean(command, COMMANDS);
    throw new UsageError(`unknown command ${command}${guess ? `; did you mean ${guess}?` : ''} Commands: ${COMMANDS.join(', ')} (--help says more)`);
  }
  if (extra.length) {
    const what = extra[0]!;
    throw new UsageError(`${what} is not a reference: one is 22 of A-Z, a-z, 0-9, _ and - (copy it whole from the checkout address)`);
  }
  if (reference !== undefined && command !== 'sale') throw new UsageError(`${command} takes no reference: it acts on the last sale sent`);
  const base = supabaseUrl();
  if (!isLocalBackend(base)) throw new UsageError(`VITE_SUPABASE_URL is ${base}, a hosted project: send test events there from the provider's dashboard or CLI (stripe trigger)`);
  // The providers' signing code loads once the command line is known good: `--help` and a typo cost a fraction.
  const { deliver, refundDelivery, saleDelivery } = await import('../../supabase/local/checkout-events.ts');
  const root = process.cwd();
  const provider = checkoutProvider(root);
  const secret = process.env.CHECKOUT_WEBHOOK_SECRET || LOCAL_CHECKOUT_WEBHOOK_SECRET;
  let state: LastSale;
  let what: string;
  if (command === 'sale') {
    const sale = await newSale(base, root, provider, reference, values.product as string | undefined, saleDelivery);
    state = { sale, last: sale.delivery };
    what = `a sale of ${money(sale.amountMinor, sale.currency)} for ${sale.product}, ${sale.reference ? `reference ${sale.reference}` : 'no reference (unattributed)'}`;
  } else if (command === 'replay') {
    state = readState(base);
    what = 'the last event again';
  } else {
    state = readState(base);
    const { sale } = state;
    const more = values.amount === undefined ? sale.amountMinor - sale.refundedMinor : Number(values.amount);
    if (!Number.isSafeInteger(more) || more <= 0 || sale.refundedMinor + more > sale.amountMinor) {
      throw new UsageError(`--amount must be a whole number of minor units, at most the ${sale.amountMinor - sale.refundedMinor} not yet refunded`);
    }
    sale.refundedMinor += more;
    state.last = refundDelivery(provider, { orderId: sale.delivery.orderId, amountMinor: sale.amountMinor, currency: sale.currency, refundedMinor: sale.refundedMinor });
    what = `a refund of ${money(more, sale.currency)} (${money(sale.refundedMinor, sale.currency)} of ${money(sale.amountMinor, sale.currency)} so far) for ${sale.product}`;
  }
  const answer = await deliver(base, state.last, secret).catch((e: Error) => {
    throw new UsageError(`nothing answers at ${base}: is npm start running? (${e.message})`);
  });
  writeFileSync(stateFile(base), JSON.stringify(state));
  const body = JSON.parse(state.last.body) as { type?: string; meta?: { event_name?: string } };
  console.log(`${command}: sent ${body.type ?? body.meta?.event_name}, ${what}, order ${state.last.orderId} → ${outcome(answer)}`);
  if (answer.status === 400 && /signature does not verify/.test(JSON.stringify(answer.body))) {
    console.log(
      process.env.CHECKOUT_WEBHOOK_SECRET
        ? 'The stand-in verifies with another secret: give npm start and this command the same CHECKOUT_WEBHOOK_SECRET.'
        : 'npm start was given its own CHECKOUT_WEBHOOK_SECRET: give this command the same (CHECKOUT_WEBHOOK_SECRET=... npm run checkout:trigger -- ...).',
    );
  }
  return answer.status >= 300 ? EXIT.invalid : EXIT.ok;
});
