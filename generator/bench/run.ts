// `npm run bench`'s work (generator/cli/bench.ts describes it and reads its options): each part of the
// bench against its budgets, and the exit code that says whether anything is over.
import { join } from 'node:path';
import { buildSite } from '../build.ts';
import type { BuildResult } from '../build.ts';
import { count, EXIT, type Parsed } from '../cli/args.ts';
import { benchAtScale } from './scale.ts';
import { FIRST_RESPONSE_BUDGET, firstResponses } from './first-response.ts';
import { describeKeystrokes, medianOf, STUDIO_KEYSTROKE_BUDGET, studioKeystrokeTimes } from './studio-keystroke.ts';
import { describeLighthouse, lighthouseFigures, lighthouseOverBudget, routeKinds } from './lighthouse.ts';
import { compileSite } from '../core/compile.ts';
import { analyticsFigures, analyticsOverBudget, describeAnalytics } from './analytics.ts';
import { describeWebhook, webhookFigures, webhookOverBudget } from './checkout-webhook.ts';
import { BEACON_BUDGET, BEACON_RUNS, beaconIn, brotliBytes, describeBeaconLcp, writeWithoutBeacon } from './beacon.ts';
import type { RouteKind } from './lighthouse.ts';
import { benchExperiments } from './experiments.ts';
import { articleOpenings, describeRoundTrips, roundTripOverBudget, roundTrips, sentBytes } from './round-trip.ts';
import type { RoundTrip } from './round-trip.ts';
import { describePageWeights, kb, PAGE_BUDGET, pageWeights, pageWeightsOverBudget } from './page-weights.ts';
import { describeMailSizes } from './mail-size.ts';
import { describeProofOfWork, proofOfWorkFigures, proofOfWorkOverBudget } from './proof-of-work.ts';
import { describeListGoals, drainNewsletter, listFigures, listOverBudget } from './list-mail.ts';

type AnalyticsOptions = Parameters<typeof analyticsFigures>[0];

/** The site built for the bench, and the pages whose LCP is measured beside a copy without the beacon. */
interface BenchBuild {
  root: string;
  outDir: string;
  result: BuildResult;
  buildMs: number;
  kinds: RouteKind[];
  /** The beacon as pages ship it; undefined when analytics is off. */
  beacon: string | undefined;
  /** Each measured page and its copy without the beacon: the landing page (islands) and an article (none, the beacon its one script). */
  pairs: [RouteKind, RouteKind][];
  /** The articles' routes, whose round trip is their first screen (issue 50). */
  articleRoutes: Set<string>;
}

/** Prints what is over budget, and returns the exit code that says whether anything is. */
function verdict(over: readonly string[]): number {
  if (over.length) console.error(`\nOver budget:\n${over.join('\n')}`);
  return over.length ? EXIT.invalid : EXIT.ok;
}

/** The checkout webhook on the stand-in's PostgreSQL. */
async function webhookBench(): Promise<string[]> {
  const figures = await webhookFigures();
  console.log(describeWebhook(figures));
  return webhookOverBudget(figures);
}

/** The analytics database on PostgreSQL 15. */
async function analyticsBench(options: AnalyticsOptions): Promise<string[]> {
  const figures = await analyticsFigures(options);
  console.log(describeAnalytics(figures));
  return analyticsOverBudget(figures);
}

/** The forms' proof of work: a native solver's and a phone-class browser's median at the database's difficulty. */
async function proofOfWorkBench(runs?: number): Promise<string[]> {
  const figures = await proofOfWorkFigures(runs);
  console.log(describeProofOfWork(figures));
  return proofOfWorkOverBudget(figures);
}

/** The owner's list on the built site: capture to confirmation, the queue's drain, beside the mails' and the landing page's bytes. */
async function listBench({ root, outDir, result }: BenchBuild, trips: RoundTrip[], options: { runs?: number; subscribers?: number } = {}): Promise<string[]> {
  const landing = trips.find((t) => t.route === '/');
  const figures = await listFigures(root, outDir, drainNewsletter(result.mailBytes), options);
  console.log(`\n${describeListGoals({ figures, mailBytes: result.mailBytes, landing })}`);
  return listOverBudget({ figures, landing });
}

/** `--list`: the mails' sizes and every route's round trip (the capture block is on many pages), then the list's timings on this build. */
async function listOnlyBench(build: BenchBuild, options: { runs?: number; subscribers?: number }): Promise<string[]> {
  const { result, outDir } = build;
  console.log(describeMailSizes(result.mailBytes));
  const trips = roundTrips(await sentBytes(result.pages.map((p) => p.route), outDir), await firstResponses(result.pages, outDir));
  console.log(`\n${describeRoundTrips(trips)}`);
  return [...roundTripOverBudget(trips), ...(await listBench(build, trips, options))];
}

/** The studio in `npm run dev` on the site: a keystroke until the preview shows it. */
async function studioBench(root: string): Promise<string[]> {
  const keystrokes = await studioKeystrokeTimes(root);
  console.log(`${describeKeystrokes(keystrokes)}; budget ${STUDIO_KEYSTROKE_BUDGET.siteMs} ms`);
  const median = medianOf(keystrokes.times);
  return median > STUDIO_KEYSTROKE_BUDGET.siteMs ? [`studio keystroke to preview ${Math.round(median)} ms (median), budget ${STUDIO_KEYSTROKE_BUDGET.siteMs} ms`] : [];
}

/** Builds the site into .tmp/bench-dist, timed, and writes the copies of its pages without the beacon. */
async function benchBuild(root: string): Promise<BenchBuild> {
  const outDir = join(root, '.tmp/bench-dist');
  const started = performance.now();
  const result = await buildSite(root, { outDir, quiet: true });
  const buildMs = performance.now() - started;
  const compiled = compileSite(root).site;
  if (!compiled) throw new Error('the site that was just built no longer compiles');
  const beacon = result.pages.map((p) => beaconIn(outDir, p.route)).find((b) => b !== undefined);
  const kinds = routeKinds(compiled);
  const pairs: [RouteKind, RouteKind][] = beacon ? kinds.filter((k) => k.kind === 'landing' || k.kind === 'article').map((k) => [k, writeWithoutBeacon(outDir, k)]) : [];
  const articleRoutes = new Set(compiled.pages.filter((p) => p.article).map((p) => p.route));
  return { root, outDir, result, buildMs, kinds, beacon, pairs, articleRoutes };
}

/** The beacon's bytes as pages ship it, against its budget. */
function beaconSize(beacon: string | undefined): string[] {
  if (!beacon) {
    console.log('\nanalytics beacon: none (site.config.yaml analytics off)');
    return [];
  }
  const bytes = brotliBytes(beacon);
  console.log(`\nanalytics beacon: ${beacon.length} B, ${bytes} B brotli (budget ${BEACON_BUDGET.bytes} B)`);
  return bytes > BEACON_BUDGET.bytes ? [`analytics beacon: ${bytes} B brotli, budget ${BEACON_BUDGET.bytes} B`] : [];
}

/**
 * Lighthouse on a phone: `routes`, and the beacon's pairs, in the same run. `pagesBudget`: the pages' own
 * budgets too (the whole bench), not only the beacon's.
 */
async function lighthouseBench(build: BenchBuild, routes: RouteKind[], runs?: number, pagesBudget = true): Promise<string[]> {
  const lighthouse = await lighthouseFigures(build.outDir, [...routes, ...build.pairs.map(([, without]) => without)], runs, { sameSize: pagesBudget });
  console.log(`\n${describeLighthouse(lighthouse)}`);
  const lcp = describeBeaconLcp(lighthouse, build.pairs);
  if (lcp.lines.length) console.log(`\nmobile LCP with and without the analytics beacon, paired in each round of the same run:\n${lcp.lines.join('\n')}`);
  return [...(pagesBudget ? lighthouseOverBudget(lighthouse) : []), ...lcp.over];
}

/** `--beacon`: only the beacon's bytes and its pairs' LCP. */
async function beaconBench(build: BenchBuild, runs: number): Promise<string[]> {
  const over = beaconSize(build.beacon);
  return [...over, ...(await lighthouseBench(build, build.pairs.map(([withIt]) => withIt), runs, false))];
}

/** What each page downloads, its first response and its round trips, against their budgets. */
async function pageBench({ result, outDir, buildMs, articleRoutes }: BenchBuild): Promise<{ over: string[]; trips: RoundTrip[] }> {
  const rows = pageWeights(result.pages, outDir);
  console.log(`build: ${result.pages.length} pages in ${(buildMs / 1000).toFixed(2)} s (${(buildMs / result.pages.length).toFixed(1)} ms a page, Vite included)`);
  console.log(describePageWeights(rows));

  // The first response: the compressed HTML up to the end of the first screen (its head and inline CSS
  // included), on a phone and a desktop, plus any render-blocking stylesheet; the whole document beside it.
  const first = await firstResponses(result.pages, outDir);
  console.log(`\nfirst response: compressed HTML the first screen needs (inline CSS included) on a phone and a desktop, plus render-blocking CSS; budget ${kb(FIRST_RESPONSE_BUDGET)}:`);
  console.log('route'.padEnd(40), 'phone'.padStart(9), 'desktop'.padStart(9), 'whole page'.padStart(11));
  for (const f of [...first].sort((a, b) => b.total - a.total))
    console.log(f.route.padEnd(40), kb(f.firstScreen.mobile + f.blockingCss).padStart(9), kb(f.firstScreen.desktop + f.blockingCss).padStart(9), kb(f.html).padStart(11), f.blockingCss ? `  (${kb(f.blockingCss)} render-blocking CSS)` : '');

  // Every route in one round trip: its whole HTML as sent, headers included (issue 40); an article, whole
  // at its one address, its first screen up to the end of its opening paragraph (issue 50).
  const openings = articleOpenings(result.pages.filter((p) => articleRoutes.has(p.route)));
  const trips = roundTrips(await sentBytes(result.pages.map((p) => p.route), outDir), first, openings);
  console.log(`\n${describeRoundTrips(trips)}`);
  const firstOver = first.filter((f) => f.total > FIRST_RESPONSE_BUDGET).map((f) => `${f.route}: first response ${kb(f.total)}, budget ${kb(FIRST_RESPONSE_BUDGET)}`);
  return { over: [...roundTripOverBudget(trips), ...firstOver, ...pageWeightsOverBudget(rows)], trips };
}

/** The whole bench: pages, beacon, mails, studio, experiments, Lighthouse, analytics, the webhook, the proof of work and the list. */
async function wholeBench(build: BenchBuild, analyticsOptions: AnalyticsOptions): Promise<number> {
  const pages = await pageBench(build);
  const over = [...pages.over, ...beaconSize(build.beacon)];
  // Each newsletter's and list mail's HTML as sent; the build refused any over Gmail's limit.
  console.log(`\n${describeMailSizes(build.result.mailBytes)}`);
  console.log('');
  over.push(...(await studioBench(build.root)));
  console.log('');
  over.push(...(await benchExperiments()));
  // Lighthouse on a phone: each kind of route, and the heaviest route, each beside a bare page of its own
  // size and the small bare page, in the same run.
  const heaviest = [...pages.trips].sort((a, b) => b.whole - a.whole)[0];
  const kinds = build.kinds;
  over.push(...(await lighthouseBench(build, heaviest && !kinds.some((k) => k.route === heaviest.route) ? [...kinds, { kind: 'heaviest', route: heaviest.route }] : kinds)));
  // The analytics database at 1,000,000 events on PostgreSQL 15, then the checkout webhook.
  console.log('');
  over.push(...(await analyticsBench(analyticsOptions)));
  console.log('');
  over.push(...(await webhookBench()));
  console.log('');
  over.push(...(await proofOfWorkBench()));
  over.push(...(await listBench(build, pages.trips)));
  if (over.length) return verdict(over);
  console.log(`\nAll pages within budget (script ${kb(PAGE_BUDGET.pageJs)}, admin ${kb(PAGE_BUDGET.adminPageJs)}, CSS ${kb(PAGE_BUDGET.css)}, no script file on static pages, the beacon ${BEACON_BUDGET.bytes} B and its LCP within ${BEACON_BUDGET.lcpRatio}×); the studio's keystroke within ${STUDIO_KEYSTROKE_BUDGET.siteMs} ms; Lighthouse mobile within its budgets beside the bare page; the list's capture, drain, mails and landing page within theirs.`);
  return EXIT.ok;
}

/** Runs the parts the options name (every part with none), and returns the exit code. */
export async function bench(values: Parsed['values']): Promise<number> {
  const root = process.cwd();
  const analyticsOptions = { events: count('analytics-events', values['analytics-events']), ingest: count('analytics-ingest', values['analytics-ingest']) };
  // --analytics-ingest alone: the ingest rate only, no dashboard data.
  const ingestOnly = values['analytics-ingest'] !== undefined && values.analytics !== true && values['analytics-events'] === undefined;
  if (ingestOnly) analyticsOptions.events = 0;
  if (values.experiments === true) return verdict(await benchExperiments({ runs: count('runs', values.runs) }));
  if (values['proof-of-work'] === true) return verdict(await proofOfWorkBench(count('runs', values.runs)));
  if (values.webhook === true) return verdict(await webhookBench());
  if (values.analytics === true || ingestOnly) return verdict(await analyticsBench(analyticsOptions));
  if (values.studio === true) return verdict(await studioBench(root));
  const articles = count('articles', values.articles);
  if (articles !== undefined) return benchAtScale(root, articles, { dir: typeof values.dir === 'string' ? values.dir : undefined, astro: values.astro === true });
  const build = await benchBuild(root);
  if (values.list === true) return verdict(await listOnlyBench(build, { runs: count('runs', values.runs), subscribers: count('subscribers', values.subscribers) }));
  if (values.beacon === true) return verdict(await beaconBench(build, count('runs', values.runs) ?? BEACON_RUNS));
  return wholeBench(build, analyticsOptions);
}
