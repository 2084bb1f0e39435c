// An experiment from the visitor's click to the admin's table (issue 33): two browsers whose user agents
// the chooser puts on different versions open the page under an experiment, one of them buys; then
// the admin, signed in at aal2, sees on /admin/insights exactly those visitors and that conversion on
// the right version.
//
// The live site has no experiment, so this runs `npm start` itself on a copy of the experiment-site
// fixture (tests/fixtures/README.md), with the live site's admin pages and a price box on the page
// under the experiment, its start moved to today. That `npm start` uses the run's stand-in (the one
// Playwright's `npm start` opened, NO_STANDIN=1), so the events land where dbQuery reads them. It runs in
// the `alone` project: the experiments spec's own fixture server would otherwise add versions of / too.
import type { ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { compileSite } from '../../generator/core/compile.ts';
import { chooseVariant } from '../../model/analytics/choose-variant.ts';
import { arms, type Experiment } from '../../model/analytics/experiment.ts';
import type { PageDefinition } from '../../model/page.ts';
import type { Product } from '../../model/schema.generated.ts';
import { siteCatalogue } from '../../generator/host/site-catalogue.ts';
import { copyProject, projectRoot } from '../unit/fixture.ts';
import { signInAdmin } from './admin-second-factor.ts';
import { startCopy, stopCopy } from './start-copy.ts';
import { dbQuery, islandsReady, openAdmin, SUPABASE_URL } from './helpers.ts';
import { seriousAxeViolations } from '../axe.ts';
import { E2E_PORT } from '../ports.ts';

const PORT = E2E_PORT + 5;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'the e2e secret, not a real one';
const today = new Date().toISOString().slice(0, 10);

let dir = '';
let server: ChildProcess | undefined;
let home: PageDefinition;
let experiment: Experiment;
let product: Product;
/** A user agent per arm, found under this test's secret for this machine's loopback address. */
const agentFor = new Map<string, string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(400_000);
  dir = copyProject('experiment-admin-e2e-', 'experiment-site');
  cpSync(join(projectRoot, 'pages/admin'), join(dir, 'pages/admin'), { recursive: true });
  const index = join(dir, 'pages/index.yaml');
  const yaml = readFileSync(index, 'utf8').replace(/^ {2}start: .*$/m, `  start: "${today}"`);
  expect(yaml).toContain(`start: "${today}"`);
  // The product the experiment's goal counts: a buy of it is a conversion.
  const config = compileSite(dir).site!.site;
  const goal = config.analytics!.goals!.find((g) => g.id === /^ {2}goal: (\S+)$/m.exec(yaml)![1])!;
  product = config.products.find((p) => p.id === goal.product)!;
  writeFileSync(index, `${yaml.trimEnd()}\n  - type: price-box\n    id: buy\n    product: ${product.id}\n    countdown: false\n`);
  const compiled = compileSite(dir);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  home = compiled.site!.pages.find((p) => p.experiment)!;
  experiment = home.experiment!;
  for (let i = 0; agentFor.size < arms(experiment).length && i < 500; i++) {
    const ua = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + i}.0.0.0 Safari/537.36`;
    const arm = await chooseVariant({ experiment: experiment.id, arms: arms(experiment), address: '127.0.0.1', userAgent: ua, secret: SECRET });
    if (!agentFor.has(arm)) agentFor.set(arm, ua);
  }
  server = await startCopy(dir, PORT, { VITE_SUPABASE_URL: SUPABASE_URL, NO_STANDIN: '1', EXPERIMENT_SECRET: SECRET });
  // The run's stand-in checks events against the catalogue it published at start, the live site's, which
  // has no experiment: the copy's catalogue (its experiment's versions, its prices) is published for this
  // test, and the live site's again after it.
  await dbQuery('select public.publish_catalogue($1::jsonb)', [JSON.stringify(siteCatalogue(dir))]);
});

test.afterAll(async () => {
  await dbQuery('select public.publish_catalogue($1::jsonb)', [JSON.stringify(siteCatalogue(projectRoot))]);
  await stopCopy(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One visitor's visit. Its context stays open, to be closed once the database holds its events: closing
 * it ends the page's beacons still on their way, as no visitor's browser does. */
async function visit(browser: Browser, arm: string, buy: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: agentFor.get(arm)!, baseURL: BASE });
  const page = await context.newPage();
  await page.route((u) => u.href.startsWith(product.checkoutUrl), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
  await page.goto(home.route);
  await expect(page.locator('html')).toHaveAttribute('data-variant', arm);
  await islandsReady(page);
  if (buy) {
    await page.locator(`a[data-checkout="${product.checkoutUrl}"]`).first().click();
    await page.waitForURL((u) => u.href.startsWith(product.checkoutUrl));
  }
  return context;
}

test("the admin's experiment table shows each version's visitors, and the buy on the version it was made on", async ({ browser }) => {
  test.slow();
  expect([...agentFor.keys()].sort()).toEqual(arms(experiment).sort());
  await dbQuery('truncate analytics.events, analytics.daily, analytics.daily_paths, analytics.daily_screen');
  // The buy is made on a variant, not the control, so a table that put every conversion on the control fails.
  const bought = experiment.variants[0]!;
  const visits: BrowserContext[] = [];
  for (const arm of arms(experiment)) visits.push(await visit(browser, arm, arm === bought));

  // The beacon's events are on their way (sendBeacon): wait until the database holds each of them.
  const expected = arms(experiment).flatMap((arm) => [`${arm}:view:1`, ...(arm === bought ? [`${arm}:buy:1`] : [])]).sort();
  await expect
    .poll(async () => (await dbQuery<{ e: string }>("select variant || ':' || kind || ':' || count(*) as e from analytics.events where route = $1 and kind in ('view', 'buy') group by variant, kind", [home.route])).map((r) => r.e).sort())
    .toEqual(expected);
  for (const context of visits) await context.close();

  const admin = await (await browser.newContext({ baseURL: BASE })).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(admin, '/admin/insights?range=today');
  await signInAdmin(admin);
  const table = admin.getByTestId('experiment').filter({ hasText: experiment.id });
  await expect(table).toHaveCount(1);
  const rows = table.getByTestId('experiment-arm');
  await expect(rows).toHaveCount(arms(experiment).length);
  const shown = await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), ...[...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent!.trim())]));
  expect(shown.sort()).toEqual(arms(experiment).map((arm) => [arm, '1', arm === bought ? '1' : '0']).sort());
  // Two visitors and one buy are no answer.
  await expect(table.getByTestId('experiment-verdict')).toContainText('Too early');
  // The section as a phone and a desktop show it: axe finds nothing serious, and the panel stays on the screen.
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await seriousAxeViolations(admin, `${width} px`)).toEqual([]);
    expect((await table.boundingBox())!.x + (await table.boundingBox())!.width).toBeLessThanOrEqual(width);
  }
});
