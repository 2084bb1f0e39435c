// The landing page's problem section and the bundle page /ultimate-detox: texts, figures derived from
// site.config.yaml, platform tiles, bonus cards, cut testimonials, the exclusive FAQ, the countdown and
// the buy flow to the bundle's configured checkout.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { bonusValue, bundledProducts, coreValue, countWord, discountPercent, money, originalPrice, savings } from '../../model/catalogue.ts';
import type { SiteConfig } from '../../model/page.ts';
import { islandsReady } from './helpers.ts';

const site = parse(readFileSync(new URL('../../site.config.yaml', import.meta.url), 'utf8')) as SiteConfig;
const ultimate = site.products.find((p) => p.id === 'ultimate')!;
// The bundle's figures as the catalogue computes them, so a price or a platform added there keeps this green.
const members = bundledProducts(site, ultimate);
const bonuses = ultimate.bonuses ?? [];
const ultimatePage = parse(readFileSync(new URL('../../pages/ultimate-detox.yaml', import.meta.url), 'utf8')) as { sections: { type: string; items?: unknown[] }[] };
const faqItems = ultimatePage.sections.find((s) => s.type === 'faq')!.items!;

/** Installs a paused fake clock, so timers only move when the test says so. */
async function pausedClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2025-01-15T09:00:00Z') });
  await page.clock.pauseAt(new Date('2025-01-15T09:00:01Z'));
}

test.describe('landing: the problem section', () => {
  test('shows the wake-up heading, three cards, the hard truth and two buttons', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#problem');
    await expect(section.getByRole('heading', { level: 2, name: 'WAKE UP! Social Media is Destroying Your Life' })).toBeVisible();
    const cards = section.getByTestId('problem-card');
    await expect(cards).toHaveCount(3);
    const expected: [string, string][] = [
      ['Anxiety & Depression', '70%'],
      ['Wasted Time', '4+ hours'],
      ['Broken Relationships', '150+'],
    ];
    for (const [i, [title, figure]] of expected.entries()) {
      await expect(cards.nth(i).getByRole('heading', { level: 3 })).toHaveText(title);
      await expect(cards.nth(i)).toContainText(figure);
    }
    await expect(section).toContainText('1,460 hours a year');
    await expect(section.getByRole('heading', { name: "THE HARD TRUTH: You're Addicted" })).toBeVisible();
    for (const name of ['BREAK FREE NOW', 'See Recovery Stories']) {
      await expect(section.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name, exact: true })).toHaveAttribute('type', 'button');
    }
    // The section comes right after the hero (the section with the h1), before the products.
    const sections = page.locator('main > section');
    await expect(sections.nth(0).locator('h1')).toHaveCount(1);
    await expect(sections.nth(1)).toHaveId('problem');
    await expect(sections.nth(2)).toHaveId('products');
  });

  test("'BREAK FREE NOW' and 'See Recovery Stories' do nothing", async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    await islandsReady(page);
    // A toast would load the toaster: none is asked for.
    const toasterRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(sonner|toaster)-/.test(r.url())) toasterRequests.push(r.url());
    });
    const section = page.locator('#problem');
    for (const name of ['BREAK FREE NOW', 'See Recovery Stories']) {
      const button = section.getByRole('button', { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      const url = page.url();
      const scrollY = await page.evaluate(() => window.scrollY);
      await button.click();
      await page.clock.runFor(2000); // longer than any toast or redirect delay
      expect(page.url()).toBe(url);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    }
    await page.waitForTimeout(300);
    expect(toasterRequests).toEqual([]);
  });
});

test.describe('/ultimate-detox', () => {
  test('the bundle hero: price against the computed original, savings, discount, one h1', async ({ page }) => {
    const res = await page.goto('/ultimate-detox');
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(/Ultimate Digital Detox/);
    const offer = page.getByTestId('bundle-offer');
    await expect(offer.getByTestId('price')).toContainText(money(ultimate.price));
    await expect(offer.locator('s')).toHaveText(money(originalPrice(site, ultimate)));
    await expect(offer).toContainText(`Save ${money(savings(site, ultimate))} • Limited Time`);
    await expect(offer).toContainText(`${discountPercent(site, ultimate)}% off`);
    await expect(offer).toContainText(`Core Value: ${money(coreValue(site, ultimate))}`);
    await expect(offer).toContainText(`Bonus value: ${money(bonusValue(ultimate))}`);
    await expect(offer.getByRole('button', { name: `Get Instant Access for ${money(ultimate.price)}` })).toBeVisible();
  });

  test('one platform tile per bundled guide, linking to its page', async ({ page }) => {
    await page.goto('/ultimate-detox');
    const tiles = page.getByTestId('platform-tile');
    await expect(tiles).toHaveCount(members.length);
    for (const [i, p] of members.entries()) {
      await expect(tiles.nth(i).getByRole('link', { name: p.title })).toHaveAttribute('href', p.route);
      await expect(tiles.nth(i)).toContainText(`${p.planDays}-day plan`);
    }
    await tiles.last().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${members.at(-1)!.route}$`));
  });

  test('a bonus card per bonus with its value, the core and bonus values', async ({ page }) => {
    await page.goto('/ultimate-detox');
    const cards = page.getByTestId('bonus-card');
    await expect(cards).toHaveCount(bonuses.length);
    for (const [i, b] of bonuses.entries()) {
      await expect(cards.nth(i).getByRole('heading', { level: 3 })).toHaveText(b.title);
      await expect(cards.nth(i).getByTestId('bonus-value')).toHaveText(b.value !== undefined ? `${money(b.value)} value` : b.valueLabel!);
    }
    const summary = page.getByTestId('value-summary');
    const value = (term: string) => summary.locator('div').filter({ has: page.locator('dt', { hasText: term }) }).locator('dd');
    await expect(value('Core Value')).toHaveText(money(coreValue(site, ultimate)));
    await expect(value('Bonus Value')).toHaveText(money(bonusValue(ultimate)));
    await expect(value('Your Price')).toHaveText(money(ultimate.price));
  });

  test('testimonials are cut to at most 140 characters', async ({ page }) => {
    await page.goto('/ultimate-detox');
    const quotes = page.getByTestId('testimonial-card').locator('blockquote');
    const count = await quotes.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(6);
    for (const text of await quotes.allTextContents()) {
      const inner = text.replace(/^“|”$/g, '');
      expect(inner.length).toBeLessThanOrEqual(140);
      expect(inner.endsWith('…'), inner).toBe(true); // every story is longer, so the cut shows
    }
  });

  test('the FAQ shows the page\'s questions and only one is open at a time', async ({ page }) => {
    await page.goto('/ultimate-detox');
    const faq = page.locator('#faq');
    await expect(faq.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' })).toBeVisible();
    const items = faq.locator('details');
    const questions = faq.locator('summary');
    const open = faq.locator('details[open] > summary + *');
    await expect(questions).toHaveCount(faqItems.length);
    const last = faqItems.length - 1;
    await questions.nth(0).click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(open).toHaveCount(1);
    // The answer as the catalogue fills it: the bundle counts its guides.
    await expect(open).toContainText(`All ${countWord(members.length)} platform guides`);
    await questions.nth(last).click();
    await expect(items.nth(last)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    await expect(open).toHaveCount(1);
    await expect(open).toContainText(`${site.guarantee.days}-day money-back guarantee`);
    await questions.nth(last).press('Enter'); // keyboard closes it again
    await expect(items.nth(last)).not.toHaveAttribute('open');
    await expect(open).toHaveCount(0);
  });

  test('the countdown starts at 5:45:30 and ticks each second', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/ultimate-detox');
    await islandsReady(page);
    const timers = page.getByTestId('countdown');
    await expect(timers).toHaveCount(2); // hero and price box
    const unit = (i: number, u: string) => timers.nth(i).locator(`[data-unit="${u}"]`);
    for (const i of [0, 1]) {
      await expect(unit(i, 'hours')).toHaveText('05');
      await expect(unit(i, 'minutes')).toHaveText('45');
      await expect(unit(i, 'seconds')).toHaveText('30');
    }
    await page.clock.runFor(1000);
    await expect(unit(0, 'seconds')).toHaveText('29');
    await expect(unit(1, 'seconds')).toHaveText('29');
    await page.clock.runFor(30_000);
    await expect(unit(0, 'hours')).toHaveText('05');
    await expect(unit(0, 'minutes')).toHaveText('44');
    await expect(unit(0, 'seconds')).toHaveText('59');
  });

  test('buy: the toast, then after one second the bundle checkout from site.config.yaml', async ({ page }) => {
    expect(ultimate.checkoutUrl).toMatch(/^https:\/\//);
    await page.route(ultimate.checkoutUrl, (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
    await pausedClock(page);
    await page.goto('/ultimate-detox');
    await islandsReady(page);
    const buttons = page.locator(`button[data-checkout="${ultimate.checkoutUrl}"]`);
    await expect(buttons).toHaveCount(3); // hero, price box, closing call
    await page.getByRole('button', { name: `Get Instant Access for ${money(ultimate.price)}` }).first().click();
    // The toaster loads with the first toast (real time), then sonner shows it on its next timer turn.
    await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached();
    await page.clock.runFor(500);
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveCount(1);
    await expect(toast.getByText('Redirecting to Purchase', { exact: true })).toBeVisible();
    await expect(toast.getByText('Taking you to the secure checkout page...', { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/ultimate-detox');
    await page.clock.runFor(500);
    await page.waitForURL(ultimate.checkoutUrl);
    await expect(page.locator('body')).toHaveText('checkout');
  });
});
