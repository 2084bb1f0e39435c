// The four platform sales pages (Instagram, TikTok, YouTube, Facebook), as a visitor sees them: hero with
// badge, price and countdown (or 'Special Launch Price' on YouTube), the PDF preview, testimonials cut to
// 120 characters, the upgrade box, the includes list, the FAQ and the buy flow to the checkout.
// Figures (plan length, checkout address, preview bucket) are read from site.config.yaml.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { islandsReady, SUPABASE_URL } from './helpers.ts';
import { substituteTokens } from '../../generator/core/tokens.ts';

interface Product {
  id: string;
  route: string;
  title: string;
  planDays: number;
  checkoutUrl: string;
}
interface SiteConfig {
  products: Product[];
  previews: { bucket: string; viewerUrl: string; height: number };
  countdowns: { sales: { hours: number; minutes: number; seconds: number } };
}
interface PlatformPage {
  platform: { countdown?: boolean; testimonials: { content: string }[]; faq: { question: string; answer: string }[] };
}

const site = parse(readFileSync('site.config.yaml', 'utf8')) as SiteConfig;
const pad = (n: number) => String(n).padStart(2, '0');

const PLATFORMS = [
  { id: 'instagram', countdown: true, days: 30 },
  { id: 'tiktok', countdown: true, days: 21 },
  { id: 'youtube', countdown: false, days: 30 },
  { id: 'facebook', countdown: true, days: 30 },
] as const;

for (const { id, countdown, days } of PLATFORMS) {
  const product = site.products.find((p) => p.id === id)!;
  const route = product.route;
  // The page as the visitor reads it: catalogue tokens such as {guaranteeDays} filled in.
  const yaml = substituteTokens(parse(readFileSync(`pages${route}.yaml`, 'utf8')), site as never).data as PlatformPage;
  const hero = (page: Page) => page.locator('main > section').first();

  test.describe(route, () => {
    test('the config and the page agree on plan length and countdown', () => {
      expect(product.planDays).toBe(days);
      expect(yaml.platform.countdown ?? true).toBe(countdown);
    });

    test('renders with one h1, the back-to-home header, the badge, the price and the plan length', async ({ page }) => {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toBeVisible();
      await expect(hero(page).getByText('15K+ People Helped, 96% Success Rate', { exact: true })).toBeVisible();

      const price = hero(page).getByTestId('price');
      await expect(price).toContainText('$29');
      await expect(price.locator('s')).toHaveText('$127');
      await expect(hero(page)).toContainText(`${product.title} • ${product.planDays}-day plan`);
      // The copy mentions the same plan length everywhere, never the other one.
      const other = product.planDays === 21 ? 30 : 21;
      await expect(page.locator('main')).toContainText(`${product.planDays}-day plan`);
      await expect(page.locator('main')).not.toContainText(`${other}-day plan`);

      const back = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back to Home' });
      await expect(back).toHaveAttribute('href', '/');
      await back.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('h1')).toHaveText("It's not your fault. Social media was designed to keep you addicted.");
    });

    if (countdown) {
      test('the countdown starts at 5:45:30 and ticks each second', async ({ page }) => {
        const start = site.countdowns.sales;
        await page.clock.install({ time: new Date('2025-01-15T09:00:00Z') });
        await page.clock.pauseAt(new Date('2025-01-15T09:00:01Z'));
        await page.goto(route);
        await islandsReady(page);
        await expect(page.getByText('Special Launch Price')).toHaveCount(0);
        const timers = page.getByTestId('countdown');
        await expect(timers).toHaveCount(2); // hero and price box
        const unit = (i: number, u: string) => timers.nth(i).locator(`[data-unit="${u}"]`);
        for (const i of [0, 1]) {
          await expect(unit(i, 'hours')).toHaveText(pad(start.hours));
          await expect(unit(i, 'minutes')).toHaveText(pad(start.minutes));
          await expect(unit(i, 'seconds')).toHaveText(pad(start.seconds));
        }
        expect(start).toEqual({ hours: 5, minutes: 45, seconds: 30 });
        await page.clock.runFor(1000);
        await expect(unit(0, 'seconds')).toHaveText('29');
        await expect(unit(1, 'seconds')).toHaveText('29');
        // 30 more seconds: the seconds roll over to 59 and the minutes go down.
        await page.clock.runFor(30_000);
        await expect(unit(0, 'minutes')).toHaveText('44');
        await expect(unit(0, 'seconds')).toHaveText('59');
        await expect(unit(0, 'hours')).toHaveText('05');
      });
    } else {
      test("shows 'Special Launch Price' instead of a countdown", async ({ page }) => {
        await page.goto(route);
        await islandsReady(page);
        await expect(page.getByTestId('countdown')).toHaveCount(0);
        await expect(page.getByRole('timer')).toHaveCount(0);
        const labels = page.getByText('Special Launch Price', { exact: true });
        await expect(labels).toHaveCount(2); // hero and price box
        await expect(hero(page).getByText('Special Launch Price', { exact: true })).toBeVisible();
      });
    }

    test('the PDF preview shows the public preview PDF, page-fit at the set height, and links to it in a new tab', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(route);
      const pdf = `${SUPABASE_URL}/storage/v1/object/public/${site.previews.bucket}/${id}-detox-preview.pdf`;
      const viewer = page.getByTestId('pdf-viewer');
      await expect(viewer).toHaveCount(1);
      expect(JSON.parse((await page.locator('[data-island="pdf-viewer"]').getAttribute('data-props'))!).url).toBe(pdf);
      await viewer.scrollIntoViewIfNeeded();
      await expect(page.locator('[data-testid="pdf-canvas"][data-page="1"]')).toBeAttached({ timeout: 20_000 });
      expect(Math.round((await viewer.boundingBox())!.height)).toBe(site.previews.height + 2); // and its 1px border
      expect(site.previews.height).toBe(720);
      const open = page.getByRole('link', { name: 'Open the PDF in a new tab' });
      await expect(open).toHaveAttribute('href', pdf);
      await expect(open).toHaveAttribute('target', '_blank');
    });

    test('three testimonials cut to 120 characters with five stars, the upgrade box, five includes', async ({ page }) => {
      await page.goto(route);
      const cards = page.getByTestId('testimonial-card');
      await expect(cards).toHaveCount(3);
      for (let i = 0; i < 3; i++) {
        const card = cards.nth(i);
        await expect(card.getByLabel('5 out of 5 stars')).toHaveText('★★★★★');
        const shown = (await card.locator('blockquote').textContent())!.replace(/^“|”$/g, '');
        expect(shown.length).toBeLessThanOrEqual(120);
        const full = yaml.platform.testimonials[i]!.content;
        expect(full.length).toBeGreaterThan(120); // so the cut shows
        expect(shown.endsWith('…')).toBe(true);
        expect(full.startsWith(shown.slice(0, -1))).toBe(true);
      }

      const upgradeLink = page.getByRole('link', { name: 'Upgrade to the Ultimate Bundle' });
      await expect(upgradeLink).toHaveAttribute('href', '/ultimate-detox');
      const upgrade = page.locator('main > section', { has: upgradeLink });
      await expect(upgrade).toContainText('$87');
      await upgradeLink.click();
      await expect(page).toHaveURL(/\/ultimate-detox$/);

      await page.goto(route);
      const includes = page.locator('main > section', { has: page.getByRole('heading', { name: "What's Included" }) });
      await expect(includes.getByRole('listitem')).toHaveCount(5);
    });

    test('the FAQ has the page\'s items, one open at a time, each collapsible', async ({ page }) => {
      await page.goto(route);
      const faq = page.getByTestId('accordion');
      const items = faq.locator('details');
      const questions = faq.locator('summary');
      const open = faq.locator('details[open] > summary + *');
      const answers = yaml.platform.faq;
      const last = answers.length - 1;
      await expect(questions).toHaveCount(answers.length);
      await expect(open).toHaveCount(0);

      await questions.nth(0).click();
      await expect(items.nth(0)).toHaveAttribute('open', '');
      await expect(open).toHaveCount(1);
      await expect(open).toHaveText(answers[0]!.answer.replace(/\*\*|\*/g, ''));

      await questions.nth(last).click();
      await expect(items.nth(last)).toHaveAttribute('open', '');
      await expect(items.nth(0)).not.toHaveAttribute('open');
      await expect(open).toHaveCount(1);
      await expect(open).toHaveText(answers[last]!.answer.replace(/\*\*|\*/g, ''));

      await questions.nth(last).click();
      await expect(items.nth(last)).not.toHaveAttribute('open');
      await expect(open).toHaveCount(0);
    });

    test("buy: a toast, then after one second the product's checkout", async ({ page }) => {
      await page.route(product.checkoutUrl, (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
      await page.clock.install({ time: new Date('2025-01-15T09:00:00Z') });
      await page.clock.pauseAt(new Date('2025-01-15T09:00:01Z'));
      await page.goto(route);
      await islandsReady(page);
      const buy = page.getByRole('button', { name: 'Get Instant Access for $29' });
      await expect(buy).toHaveCount(3); // hero, price box, final call to action
      await buy.first().click();
      // The toaster loads with the first toast (real time), then sonner shows it on its next timer turn.
      await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached();
      // sonner shows a toast on its next timer turn; half a second later we are still on the page.
      await page.clock.runFor(500);
      const toast = page.locator('[data-sonner-toast]');
      await expect(toast).toHaveCount(1);
      await expect(toast.getByText('Redirecting to Purchase', { exact: true })).toBeVisible();
      await expect(toast.getByText('Taking you to the secure checkout page...', { exact: true })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(route);
      await page.clock.runFor(500);
      await page.waitForURL(product.checkoutUrl);
      await expect(page.locator('body')).toHaveText('checkout');
    });
  });
}

// A preview the storage does not hold (not uploaded yet) answers 404 with the storage's JSON error:
// the visitor sees 'Preview coming soon', never that error, the viewer's controls or a link to it.
test("a preview missing from storage shows 'Preview coming soon', never the storage's error", async ({ page }) => {
  const { route } = site.products.find((p) => p.id === PLATFORMS[0].id)!;
  await page.route(`${SUPABASE_URL}/storage/v1/object/public/**`, (r) =>
    r.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' }) }),
  );
  await page.goto(route);
  await page.getByTestId('pdf-viewer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('preview-coming-soon')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pdf-viewer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('NoSuchKey');
});
