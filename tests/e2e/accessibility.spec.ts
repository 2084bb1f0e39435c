// axe-core on every route: no serious or critical violation, one h1. One test a route, so the routes
// spread over the workers. Every route is checked at a phone's width. What a wider screen changes is the
// layout, so at a tablet's and a desktop's width each page with a layout of its own is checked, and of
// the articles and of the blog's listing pages, which share one layout each, the first.
import { expect, test } from '@playwright/test';
import { islandsReady, seriousAxeViolations } from './helpers.ts';
import { pages } from './site.ts';

const PHONE = 390;
const WIDER = [820, 1280];

const live = pages.filter((p) => p.route !== '/404' && !p.route.startsWith('/admin'));
const firstArticle = live.find((p) => p.article);
const firstListing = live.find((p) => p.listing);
/** Routes and their widths; the admin area by two of its screens (signed out; admin-insights.spec.ts checks
 * the insights signed in, with data), and an unknown address. */
const ROUTES: [string, number[]][] = [
  ...live.map((p): [string, number[]] => [p.route, (p.article && p !== firstArticle) || (p.listing && p !== firstListing) ? [PHONE] : [PHONE, ...WIDER]]),
  ['/admin/upload', [PHONE, ...WIDER]],
  ['/admin/insights', [PHONE, ...WIDER]],
  ['/no-such-page', [PHONE, ...WIDER]],
];

for (const [route, widths] of ROUTES) {
  test(`${route} passes axe with one h1 at ${widths.join(', ')} px`, async ({ page }) => {
    const problems: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      if (await page.locator('[data-island]').count()) await islandsReady(page);
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) problems.push(`${width} px: ${h1} h1 elements`);
      problems.push(...(await seriousAxeViolations(page, `${width} px`)));
    }
    expect(problems).toEqual([]);
  });
}
