// The site's strict Content-Security-Policy: the menu's inline script runs under it, and `npm start`
// sends the policy, the framing ban and the rest of the headers on every answer. That every page and
// island runs under it with no violation is every-route.spec.ts's, with the other checks of each route.
import { request as httpRequest } from 'node:http';
import { expect, test, type Page } from '@playwright/test';

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
});

test('the menu’s inline script still runs under the policy: choosing a same-page link closes the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const panel = page.locator('#mobile-menu');
  await expect(panel).toBeVisible();
  const samePage = panel.locator('a[href^="/#"], a[href^="#"]').first();
  test.skip(!(await samePage.count()), 'the navigation has no same-page link');
  await samePage.click();
  await expect(panel).toBeHidden();
  expect(await violations(page)).toEqual([]);
});

test('every answer forbids framing and sniffing; a crafted path never redirects off the site', async ({ request, baseURL }) => {
  for (const path of ['/', '/blog', '/admin', '/no-such-page', '/blog/']) {
    const r = await request.get(path, { maxRedirects: 0 });
    const h = r.headers();
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(h['referrer-policy'], path).toBeTruthy();
    expect(h['permissions-policy'], path).toBeTruthy();
  }
  const { port } = new URL(baseURL!);
  const location = await new Promise<string | undefined>((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: '/x/..//evil.example/' }, (res) => {
      res.resume();
      done(res.headers.location);
    });
    req.on('error', fail);
    req.end();
  });
  expect(location).toBe('/evil.example');
});
