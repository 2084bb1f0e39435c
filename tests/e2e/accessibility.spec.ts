// axe-core on every route at phone and desktop widths: no serious or critical violation, one h1.
import { expect, test } from '@playwright/test';
import { islandsReady, seriousAxeViolations, sitemapRoutes } from './helpers.ts';

async function allRoutes(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  return [...(await sitemapRoutes(request)), '/admin/upload', '/no-such-page'];
}

for (const width of [390, 820, 1280]) {
  test(`every route passes axe at ${width} px`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const routes = await allRoutes(request);
    expect(routes.length).toBeGreaterThan(40);
    await page.setViewportSize({ width, height: 900 });
    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      if (await page.locator('[data-island]').count()) await islandsReady(page);
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) problems.push(`${route}: ${h1} h1 elements`);
      problems.push(...(await seriousAxeViolations(page, route)));
    }
    expect(problems).toEqual([]);
  });
}
