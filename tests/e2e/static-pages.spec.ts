// The static pages: terms, privacy, refund and about. Each answers 200 with one h1, the site header
// and footer; the legal pages show 'Last updated' with today's date and the facts the spec requires;
// the about page's button leads to the landing page's products. Their accessibility (axe at a phone's,
// a tablet's and a desktop's width) is every-route.spec.ts's, as every route's.
import { expect, test } from '@playwright/test';
import { site } from './site.ts';

const LEGAL = [
  { route: '/terms-of-service', h1: 'Terms of Service' },
  { route: '/privacy-policy', h1: 'Privacy Policy' },
  { route: '/refund-policy', h1: 'Refund Policy' },
];
const ROUTES = [...LEGAL, { route: '/about', h1: 'About Digital Detox Guides' }];

test('each static page answers 200 with one h1, the header, the footer and a way to contact us', async ({ page }) => {
  for (const { route, h1 } of ROUTES) {
    const res = await page.goto(route);
    expect(res?.status(), route).toBe(200);
    await expect(page.locator('h1'), route).toHaveCount(1);
    await expect(page.locator('h1'), route).toHaveText(h1);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /home/ })).toHaveAttribute('href', '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(page.getByRole('main').locator('a[href="/contact"]').first(), route).toBeVisible();
    // Headed sections, in order: h2s under the one h1.
    expect(await page.getByRole('main').locator('h2').count(), route).toBeGreaterThanOrEqual(5);
  }
});

test("the legal pages show 'Last updated' with today's date", async ({ page }) => {
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  for (const { route } of LEGAL) {
    await page.goto(route);
    await expect(page.getByText(`Last updated: ${today}`), route).toBeVisible();
  }
});

test('privacy states the minimum age of 13 and what is collected', async ({ page }) => {
  await page.goto('/privacy-policy');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: "Children's Privacy" })).toBeVisible();
  await expect(main.getByText('Minimum age: 13')).toBeVisible();
  await expect(main).toContainText('not intended for children under the age of 13');
  await expect(main).toContainText('captured_emails');
  await expect(main).toContainText('first name, last name, e-mail address, the subject and your message');
  await expect(main).toContainText('no tracking or advertising cookies');
  await expect(main).toContainText(`payment provider, ${site.checkout.provider}`);
  for (const right of ['Access', 'Delete']) await expect(main.getByRole('listitem').filter({ hasText: right }).first()).toBeVisible();
});

test('terms mention account confidentiality', async ({ page }) => {
  await page.goto('/terms-of-service');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Accounts and Confidentiality' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: 'login details confidential' })).toBeVisible();
  await expect(main).toContainText(`payment provider, ${site.checkout.provider}`);
  await expect(main.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
});

test('refund policy: the 30-day guarantee, a reply in 2-3 business days, and refund times by method', async ({ page }) => {
  await page.goto('/refund-policy');
  const main = page.getByRole('main');
  const guarantee = main.getByRole('complementary', { name: `${site.guarantee.days}-Day Money-Back Guarantee` });
  await expect(guarantee).toBeVisible();
  await expect(guarantee).toContainText(`within ${site.guarantee.days} days of your purchase`);
  await expect(main.getByRole('complementary', { name: 'When you will hear from us' })).toContainText('We reply to every refund request within 2-3 business days');
  await expect(main.getByRole('listitem').filter({ hasText: 'Credit card:' })).toHaveText('Credit card: 3-5 days');
  await expect(main.getByRole('listitem').filter({ hasText: 'PayPal:' })).toHaveText('PayPal: 1-2 days');
  await expect(main.getByRole('listitem').filter({ hasText: 'Bank transfer:' })).toHaveText('Bank transfer: 5-7 days');
});

test("about shows the figures and its button leads to the landing page's products", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Our Approach: Detox, Not Quitting' })).toBeVisible();
  for (const [value, label] of [[site.stats.peopleHelped, 'People Helped'], [site.stats.successRate, 'Success Rate'], [site.stats.averageRating, 'Average Rating']] as const) {
    await expect(main.locator('dl div').filter({ hasText: label })).toContainText(value);
  }
  const button = main.getByRole('link', { name: 'Explore the Guides' });
  await expect(button).toHaveAttribute('href', '/#products');
  await button.click();
  await expect(page).toHaveURL(/\/#products$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Digital Detox Kit' })).toBeVisible();
  await expect(page.locator('#products')).toBeInViewport();
});

