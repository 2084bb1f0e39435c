// The landing page's behaviours: countdown, carousel, exclusive FAQ, and the e-mail capture states.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { money, originalPrice } from '../../model/catalogue.ts';
import type { SiteConfig } from '../../model/page.ts';
import { islandsReady, pausedClock } from './helpers.ts';

const site = parse(readFileSync(new URL('../../site.config.yaml', import.meta.url), 'utf8')) as SiteConfig;
const ultimate = site.products.find((p) => p.id === 'ultimate')!;
const landing = parse(readFileSync(new URL('../../pages/index.yaml', import.meta.url), 'utf8')) as { sections: { type: string; items?: unknown[] }[] };

const countdownText = (page: Page) =>
  page.locator('#products [data-testid="countdown"]').evaluate((el) => [...el.querySelectorAll('[data-unit]')].map((u) => u.textContent).join(':'));

test('the countdown starts at 5:47:23, ticks each second, borrows, and stops at 0:00:00', async ({ page }) => {
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  await expect(page.locator('#products')).toContainText(`After the timer, the price rises to ${money(originalPrice(site, ultimate))} and the bonuses are removed.`);
  expect(await countdownText(page)).toBe('05:47:23');
  await page.clock.runFor(1000);
  await expect.poll(() => countdownText(page)).toBe('05:47:22');
  await page.clock.runFor(23_000);
  await expect.poll(() => countdownText(page)).toBe('05:46:59');
  await page.clock.runFor((5 * 3600 + 46 * 60 + 59) * 1000);
  await expect.poll(() => countdownText(page)).toBe('00:00:00');
  await page.clock.runFor(10_000);
  expect(await countdownText(page)).toBe('00:00:00');
});

test('the countdown restarts on every load', async ({ page }) => {
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  await page.clock.runFor(5000);
  await expect.poll(() => countdownText(page)).toBe('05:47:18');
  await page.reload();
  await islandsReady(page);
  expect(await countdownText(page)).toBe('05:47:23');
});

test('the carousel advances every 5 seconds, wraps after the 12th, and a dot jumps', async ({ page }) => {
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  const slide = page.getByTestId('carousel-slide');
  const dots = page.getByTestId('carousel-dot');
  await expect(dots).toHaveCount(12);
  await expect(slide).toHaveAttribute('data-index', '0');
  await expect(slide.getByTestId('platform-tag')).toBeVisible();
  await page.clock.runFor(4900);
  await expect(slide).toHaveAttribute('data-index', '0');
  await page.clock.runFor(100);
  await expect(slide).toHaveAttribute('data-index', '1');
  await dots.nth(11).click();
  await expect(slide).toHaveAttribute('data-index', '11');
  await expect(dots.nth(11)).toHaveAttribute('aria-current', 'true');
  await page.clock.runFor(5000);
  await expect(slide).toHaveAttribute('data-index', '0');
});

test('the carousel stays still for people who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  await page.clock.runFor(15_000);
  await expect(page.getByTestId('carousel-slide')).toHaveAttribute('data-index', '0');
  await page.getByTestId('carousel-dot').nth(3).click();
  await expect(page.getByTestId('carousel-slide')).toHaveAttribute('data-index', '3');
});

test('the stats row shows the spec figures', async ({ page }) => {
  await page.goto('/');
  const t = page.locator('#testimonials');
  await expect(t.getByRole('heading', { name: 'Real Freedom Stories' })).toBeVisible();
  for (const text of ['15K+', 'People Helped', '4.9/5', 'Average Rating', '30d', 'Time to Results']) await expect(t).toContainText(text);
});

test('the FAQ opens one item at a time, each collapsible, with the keyboard too', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('#faq');
  await expect(faq.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(faq).toContainText('Answers to common questions about our digital detox guides');
  const items = faq.locator('details');
  const questions = faq.locator('summary');
  await expect(questions).toHaveCount(landing.sections.find((s) => s.type === 'faq')!.items!.length);
  const answer = (i: number) => items.nth(i).locator('summary + *');
  await questions.nth(0).click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(answer(0)).toBeVisible();
  await questions.nth(1).click();
  await expect(items.nth(0)).not.toHaveAttribute('open');
  await expect(answer(0)).toBeHidden();
  await expect(answer(1)).toBeVisible();
  await questions.nth(1).click();
  await expect(items.nth(1)).not.toHaveAttribute('open');
  await questions.nth(2).focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(2)).toHaveAttribute('open', '');
  await page.keyboard.press('Space');
  await expect(items.nth(2)).not.toHaveAttribute('open');
});

test('the e-mail capture rejects an address without @', async ({ page }) => {
  await page.goto('/#email-capture');
  await islandsReady(page);
  const form = page.getByTestId('capture-form');
  const field = form.getByRole('textbox', { name: 'Email address' });
  await expect(field).toHaveAttribute('type', 'email');
  await expect(field).toHaveAttribute('required', '');
  await field.fill('not-an-address');
  await form.getByRole('button').click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByTestId('capture-thanks')).toHaveCount(0);
  for (const text of ['Instant download', 'No credit card', '3-day challenge', 'No spam, ever. Unsubscribe at any time. We respect your privacy.']) {
    await expect(page.locator('#email-capture')).toContainText(text);
  }
});
