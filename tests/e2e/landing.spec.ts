// The landing page's behaviours: countdown, carousel, exclusive FAQ, and the e-mail capture states.
// Start times, intervals, testimonials and questions are read from the page and the catalogue (site.ts).
import { expect, test, type Page } from '@playwright/test';
import { islandsReady, pausedClock } from './helpers.ts';
import { plain, sectionOf, site } from './site.ts';

const countdownText = (page: Page) =>
  page.locator('#products [data-testid="countdown"]').evaluate((el) => [...el.querySelectorAll('[data-unit]')].map((u) => u.textContent).join(':'));

const pad = (n: number) => String(n).padStart(2, '0');
const start = site.countdowns.landing;
const startSeconds = start.hours * 3600 + start.minutes * 60 + start.seconds;
/** The products section's countdown banner, if the page shows one. */
const banner = sectionOf('/', 'products').countdown;
/** The countdown's text `elapsed` seconds after the page loaded. */
const shownAfter = (elapsed: number) => {
  const left = Math.max(0, startSeconds - elapsed);
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor(left / 60) % 60)}:${pad(left % 60)}`;
};

test('the countdown starts at the configured time, ticks each second, borrows, and stops at 0:00:00', async ({ page }) => {
  test.skip(!banner, 'the landing page shows no countdown');
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  await expect(page.locator('#products')).toContainText(plain(banner!));
  expect(await countdownText(page)).toBe(shownAfter(0));
  await page.clock.runFor(1000);
  await expect.poll(() => countdownText(page)).toBe(shownAfter(1));
  // On to the next minute: the seconds borrow from the minutes.
  const borrow = start.seconds + 1;
  await page.clock.runFor((borrow - 1) * 1000);
  await expect.poll(() => countdownText(page)).toBe(shownAfter(borrow));
  await page.clock.runFor((startSeconds - borrow) * 1000);
  await expect.poll(() => countdownText(page)).toBe('00:00:00');
  await page.clock.runFor(10_000);
  expect(await countdownText(page)).toBe('00:00:00');
});

test('the countdown restarts on every load', async ({ page }) => {
  test.skip(!banner, 'the landing page shows no countdown');
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  await page.clock.runFor(5000);
  await expect.poll(() => countdownText(page)).toBe(shownAfter(5));
  await page.reload();
  await islandsReady(page);
  expect(await countdownText(page)).toBe(shownAfter(0));
});

test('the carousel advances at its interval, wraps after the last story, and a dot jumps', async ({ page }) => {
  const { items, intervalMs } = sectionOf('/', 'testimonials');
  const last = items.length - 1;
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  const slide = page.getByTestId('carousel-slide');
  const dots = page.getByTestId('carousel-dot');
  await expect(dots).toHaveCount(items.length);
  await expect(slide).toHaveAttribute('data-index', '0');
  const shown = slide.locator('figure[aria-hidden="false"]');
  await expect(shown).toContainText(plain(items[0]!.content));
  await expect(shown.getByTestId('platform-tag')).toHaveText(items[0]!.platform);
  await expect(shown.getByTestId('platform-tag')).toBeVisible();
  await page.clock.runFor(intervalMs - 100);
  await expect(slide).toHaveAttribute('data-index', '0');
  await page.clock.runFor(100);
  await expect(slide).toHaveAttribute('data-index', String(1 % items.length));
  await dots.nth(last).click();
  await expect(slide).toHaveAttribute('data-index', String(last));
  await expect(dots.nth(last)).toHaveAttribute('aria-current', 'true');
  await expect(shown).toContainText(plain(items[last]!.content));
  await expect(shown.getByTestId('platform-tag')).toHaveText(items[last]!.platform);
  await page.clock.runFor(intervalMs);
  await expect(slide).toHaveAttribute('data-index', '0');
});

test('the carousel stays still for people who prefer reduced motion', async ({ page }) => {
  const { items, intervalMs } = sectionOf('/', 'testimonials');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await pausedClock(page);
  await page.goto('/');
  await islandsReady(page);
  await page.clock.runFor(3 * intervalMs);
  await expect(page.getByTestId('carousel-slide')).toHaveAttribute('data-index', '0');
  const last = items.length - 1;
  await page.getByTestId('carousel-dot').nth(last).click();
  await expect(page.getByTestId('carousel-slide')).toHaveAttribute('data-index', String(last));
});

test('the stats row shows the catalogue’s figures', async ({ page }) => {
  await page.goto('/');
  const t = page.locator('#testimonials');
  await expect(t.getByRole('heading', { name: sectionOf('/', 'testimonials').heading })).toBeVisible();
  for (const text of [site.stats.peopleHelped, 'People Helped', site.stats.averageRating, 'Average Rating', site.stats.timeToResults, 'Time to Results']) await expect(t).toContainText(text);
});

test('the FAQ opens one item at a time, each collapsible, with the keyboard too', async ({ page }) => {
  const block = sectionOf('/', 'faq');
  const answer = (i: number) => plain(block.items[i]!.answer);
  const last = block.items.length - 1;
  expect(last, 'the landing FAQ has two questions or more').toBeGreaterThan(0);
  await page.goto('/');
  const faq = page.locator('#faq');
  await expect(faq.getByRole('heading', { name: plain(block.heading) })).toBeVisible();
  if (block.subheading) await expect(faq).toContainText(plain(block.subheading));
  // Each question a <details> whose <summary> is the question.
  const items = faq.locator('details');
  const buttons = faq.locator('summary');
  await expect(buttons).toHaveCount(block.items.length);
  for (const [i, q] of block.items.entries()) await expect(buttons.nth(i)).toContainText(plain(q.question));
  await buttons.nth(0).click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(faq.getByText(answer(0))).toBeVisible();
  await buttons.nth(1).click();
  await expect(items.nth(0)).not.toHaveAttribute('open');
  await expect(faq.getByText(answer(0))).toBeHidden();
  await expect(faq.getByText(answer(1))).toBeVisible();
  await buttons.nth(1).click();
  await expect(items.nth(1)).not.toHaveAttribute('open');
  await buttons.nth(last).focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(last)).toHaveAttribute('open', '');
  await page.keyboard.press('Space');
  await expect(items.nth(last)).not.toHaveAttribute('open');
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
