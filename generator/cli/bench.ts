// `npm run bench`: builds the site, prints the build time and what each kind of page downloads
// (brotli bytes of HTML, CSS and JavaScript, following each script's static imports), and fails when a
// size budget is exceeded, every route's whole HTML as sent against the first round trip's 14,600 B among
// them, an article's first screen (head, inlined CSS, header, title and opening paragraph) instead of its
// whole (bench/round-trip.ts), and each mail's HTML against Gmail's 102,000 bytes (bench/mail-size.ts).
// Sizes are deterministic; build times are printed, never asserted. Then the
// studio in `npm run dev` on the site: keystroke to updated preview (bench/studio-keystroke.ts), whose
// median has a budget (issue 27). Then Lighthouse's mobile run on each kind of route beside a bare HTML
// page (bench/lighthouse.ts): score, LCP and TBT, with budgets relative to the bare page (issue 31), LCP
// against a bare page of each route's own size that loads its high-priority image too (issues 40, 50),
// and the heaviest route besides.
// The analytics beacon: its brotli bytes, and a phone's LCP on pages beside copies without it, in the
// same Lighthouse run (bench/beacon.ts); `npm run bench -- --beacon [--runs N]` measures only that.
// `npm run bench -- --articles N [--dir D] [--astro]` measures the build at scale instead (see bench/scale.ts):
// cold, warm, unchanged and one-article-edited builds of the site grown to N articles, against time and
// memory budgets; --astro builds the same articles with Astro 5.18 too and compares.
// Last, the analytics database on PostgreSQL 15 (bench/analytics.ts): ingest rate through track() and
// every /admin/insights query at 1,000,000 events. `npm run bench -- --analytics [--analytics-events N]
// [--analytics-ingest N]` runs only that part (a smaller N to try it quickly; budgets still checked);
// `npm run bench -- --analytics-ingest N` alone measures only the ingest rate. Then the checkout webhook
// on the stand-in's PostgreSQL (bench/checkout-webhook.ts): signed deliveries a second from 50
// concurrent senders, none acknowledged and lost; `npm run bench -- --webhook` runs only that.
// `npm run bench -- --studio` runs only the studio's keystroke to preview, against its budget.
// `npm run bench -- --proof-of-work [--runs N]` runs only the forms' proof of work (bench/proof-of-work.ts),
// which the full bench runs too: the median a native solver and a phone-class browser (Chromium at 4x CPU
// slowdown) need for the database's difficulty, against at least 0.5 s and at most 2 s.
// `npm run bench -- --experiments` runs only the experiments' figures (bench/experiments.ts), which the
// full bench runs too: the statistics simulated at 1,000 experiments each, and the cost of choosing.
// `npm run bench -- --list [--runs N] [--subscribers N]` runs only the owner's list's goals (issue 51,
// bench/list-mail.ts), which the full bench runs last: on the built site, capture to confirmation in the
// local catcher (median), the queue's drain of one newsletter to 10,000 subscribers, beside the largest
// mail's HTML against Gmail's limit and the landing page's bytes against the first round trip (every
// route's round trip checked, as in the full bench).
import './production.ts';
import { parseCli, runCli, type Command } from './args.ts';

const BENCH: Command = {
  usage: 'npm run bench [-- <options>]',
  does: 'Measures the site against its budgets and exits 1 when one is over: with no option, the build, every page\'s bytes and first response (an article\'s first screen), each mail\'s HTML, the studio\'s keystroke to preview, Lighthouse on each kind of route, the beacon, the analytics database, the checkout webhook and the proof of work. Each option below runs one part alone.',
  options: {
    articles: { type: 'string', value: '<N>', help: 'grow a copy of the site to N articles and time cold, warm and one-article builds' },
    dir: { type: 'string', value: '<dir>', help: 'with --articles: where the copy goes (default .tmp/bench/<N>-articles)' },
    astro: { type: 'boolean', help: 'with --articles: build the same articles with Astro too and compare' },
    experiments: { type: 'boolean', help: 'only the experiments\' statistics by simulation and the cost of choosing a version' },
    beacon: { type: 'boolean', help: 'only the analytics beacon\'s bytes and its cost to a phone\'s LCP' },
    runs: { type: 'string', value: '<N>', help: 'with --beacon (default 9) or --experiments (default 7): rounds of Lighthouse; with --proof-of-work (default 7): solves; with --list (default 7): captures timed' },
    studio: { type: 'boolean', help: 'only the studio\'s keystroke to updated preview' },
    analytics: { type: 'boolean', help: 'only the analytics database: ingest rate and every insights query' },
    'analytics-events': { type: 'string', value: '<N>', help: 'with --analytics: how many events to query over (default 1,000,000)' },
    'analytics-ingest': { type: 'string', value: '<N>', help: 'how many events to ingest (default 20,000); alone, only the ingest rate' },
    webhook: { type: 'boolean', help: 'only the checkout webhook: verified deliveries a second' },
    list: { type: 'boolean', help: 'only the owner\'s list: capture to confirmation, the drain of one newsletter, the mails\' and the landing page\'s bytes' },
    subscribers: { type: 'string', value: '<N>', help: 'with --list: confirmed subscribers the newsletter drains to (default 10,000)' },
    'proof-of-work': { type: 'boolean', help: 'only the proof of work: a native solver\'s and a phone-class browser\'s median at the database\'s difficulty' },
  },
  examples: ['npm run bench', 'npm run bench -- --articles 1000 --astro', 'npm run bench -- --beacon --runs 5', 'npm run bench -- --proof-of-work'],
};

await runCli('bench', async () => {
  const { values } = parseCli(process.argv.slice(2), BENCH);
  // The bench's modules (a build, Lighthouse, PostgreSQL) load once the options are read: `--help` and a typo cost a fraction.
  const { bench } = await import('../bench/run.ts');
  return bench(values);
});
