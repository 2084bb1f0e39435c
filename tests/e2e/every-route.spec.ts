// Every route, visited once for all that each page must be, one test a route so the routes spread over
// the workers. At each width it is opened at, once its islands are ready:
// - one h1 and no serious or critical axe violation. What a wider screen changes is the layout, so every
//   route is checked at a phone's width, and at a tablet's and a desktop's each page with a layout of its
//   own, and of the articles and of the blog's listing pages, which share one layout each, the first;
// - it runs under the site's strict Content-Security-Policy: Chromium reports no violation. At the first
//   width (a phone's; a desktop's for the admin screens axe does not check here) the header is checked
//   and the page scrolled to its end first, so islands that load when visible load too;
// - no page but the admin's has fetched the toaster, which waits for the first toast (islands.spec.ts
//   shows a toast bringing it).
// The admin area's routes are checked for the policy; axe checks two of its screens signed out here
// (admin-area.spec.ts and admin-insights.spec.ts check them signed in, with data). One visit serves all
// the checks: each of them once visited every route in a spec of its own.
import { expect, test, type Page } from '@playwright/test';
import { islandsReady } from './helpers.ts';
import { seriousAxeViolations } from '../axe.ts';
import { pages } from './site.ts';

const PHONE = 390;
const WIDER = [820, 1280];
const TOASTER = /\/assets\/(sonner|toaster)-[^/]*\.js$/;

const firstArticle = pages.find((p) => p.article);
const firstListing = pages.find((p) => p.listing);
const AXED_ADMIN = ['/admin/upload', '/admin/insights'];

interface Route {
  route: string;
  /** The widths axe checks it at; none for the admin screens it does not check signed out. */
  axe: number[];
}

/** Every page the build writes, the admin area's included, and an unknown address. */
const ROUTES: Route[] = [
  ...pages
    .filter((p) => p.route !== '/404')
    .map((p) => {
      if (p.route.startsWith('/admin')) return { route: p.route, axe: AXED_ADMIN.includes(p.route) ? [PHONE, ...WIDER] : [] };
      const shared = (p.article && p !== firstArticle) || (p.listing && p !== firstListing);
      return { route: p.route, axe: shared ? [PHONE] : [PHONE, ...WIDER] };
    }),
  { route: '/no-such-page', axe: [PHONE, ...WIDER] },
];
for (const admin of AXED_ADMIN) if (!ROUTES.some((r) => r.route === admin)) throw new Error(`${admin} is no page of the site any more: name the admin screens axe checks signed out`);

/** The policy violations Chromium reported on the page so far (collected from before its first script). */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/** Scrolls to the end, so islands that wait to be visible (the preview viewer) load too, then back to the
 * top. Each step jumps (behavior 'instant'): the site's smooth scrolling painted every frame of the way. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

for (const { route, axe } of ROUTES) {
  // The widths it is opened at: axe's, or a desktop's for the policy alone.
  const widths = axe.length ? axe : [1280];
  const admin = route.startsWith('/admin');
  const checks = ['the policy', ...(admin ? [] : ['no early toaster']), ...(axe.length ? [`axe and one h1 at ${axe.join(', ')} px`] : [])];
  test(`${route}: ${checks.join(', ')}`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    const problems: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(route);
      const islands = (await page.locator('[data-island]').count()) > 0;
      if (islands) await islandsReady(page);
      // axe on the page as it first stands, islands ready; then, at the first width, scrolled through.
      if (axe.includes(width)) {
        const h1 = await page.locator('h1').count();
        if (h1 !== 1) problems.push(`${width} px: ${h1} h1 elements`);
        problems.push(...(await seriousAxeViolations(page, `${width} px`)));
      }
      if (width === widths[0]) {
        const csp = response?.headers()['content-security-policy'] ?? '';
        expect(csp).toMatch(/script-src 'self'/);
        expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
        await scrollToEnd(page);
      }
      problems.push(...(await violations(page)).map((v) => `${width} px: policy violation: ${v}`));
    }
    if (!admin) expect(fetched.filter((p) => TOASTER.test(p)), 'the toaster, before any toast').toEqual([]);
    expect(problems).toEqual([]);
  });
}
