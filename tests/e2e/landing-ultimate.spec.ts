// The landing page's problem section and the bundle's page: texts, figures derived from the catalogue,
// platform tiles, bonus cards, cut testimonials, the exclusive FAQ, the countdown and the buy flow to the
// bundle's configured checkout. All of it is read from the pages and the catalogue as the generator
// compiles them (site.ts), so a price, a platform or a bonus added there keeps this green.
import { expect, test } from '@playwright/test';
import { bonusValue, bundledProducts, coreValue, discountPercent, money, originalPrice, savings } from '../../model/catalogue.ts';
import { islandsReady, pausedClock } from './helpers.ts';
import { bundle, buyButtonCount, offerTimers, plain, sectionOf, site } from './site.ts';

const pad = (n: number) => String(n).padStart(2, '0');

test.describe('landing: the problem section', () => {
  const block = sectionOf('/', 'problem');
  const heading = plain(block.heading);

  test('shows its heading, its cards with their figures, the hard truth and its buttons', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('main > section', { has: page.getByRole('heading', { level: 2, name: heading }) });
    await expect(section.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    const cards = section.getByTestId('problem-card');
    await expect(cards).toHaveCount(block.cards.length);
    for (const [i, card] of block.cards.entries()) {
      await expect(cards.nth(i).getByRole('heading', { level: 3 })).toHaveText(card.title);
      if (card.figure) await expect(cards.nth(i)).toContainText(card.figure.value);
      await expect(cards.nth(i)).toContainText(plain(card.description));
    }
    if (block.truth) await expect(section.getByRole('heading', { name: block.truth.title })).toBeVisible();
    for (const name of block.buttons ?? []) {
      await expect(section.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name, exact: true })).toHaveAttribute('type', 'button');
    }
  });

  test('its buttons do nothing', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/');
    await islandsReady(page);
    // A toast would load the toaster: none is asked for.
    const toasterRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(sonner|toaster)-/.test(r.url())) toasterRequests.push(r.url());
    });
    const section = page.locator('main > section', { has: page.getByRole('heading', { level: 2, name: heading }) });
    for (const name of block.buttons ?? []) {
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

/** The countdown's units `elapsed` seconds after the page loaded. */
function salesCountdownAfter(elapsed: number) {
  const { hours, minutes, seconds } = site.countdowns.sales;
  const left = Math.max(0, hours * 3600 + minutes * 60 + seconds - elapsed);
  return { hours: pad(Math.floor(left / 3600)), minutes: pad(Math.floor(left / 60) % 60), seconds: pad(left % 60) };
}

const ultimate = bundle;
if (ultimate) test.describe('the bundle’s page', () => {
  const route = ultimate.route;
  // The bundle's figures as the catalogue computes them.
  const members = bundledProducts(site, ultimate);
  const bonuses = ultimate.bonuses ?? [];

  test('the bundle hero: price against the computed original, savings, discount, one h1', async ({ page }) => {
    const res = await page.goto(route);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(new RegExp(ultimate.title));
    const offer = page.getByTestId('bundle-offer');
    await expect(offer.getByTestId('price')).toContainText(money(ultimate.price));
    await expect(offer.locator('s')).toHaveText(money(originalPrice(site, ultimate)));
    await expect(offer).toContainText(`Save ${money(savings(site, ultimate))} • Limited Time`);
    await expect(offer).toContainText(`${discountPercent(site, ultimate)}% off`);
    await expect(offer).toContainText(`Core Value: ${money(coreValue(site, ultimate))}`);
    await expect(offer).toContainText(`Bonus value: ${money(bonusValue(ultimate))}`);
    await expect(offer.getByRole('link', { name: `Get Instant Access for ${money(ultimate.price)}` })).toBeVisible();
  });

  test('one platform tile per bundled guide, linking to its page', async ({ page }) => {
    await page.goto(route);
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
    await page.goto(route);
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

  test('testimonials are cut to the set length', async ({ page }) => {
    const { items, maxLength } = sectionOf(route, 'testimonial-cards');
    await page.goto(route);
    const quotes = page.getByTestId('testimonial-card').locator('blockquote');
    await expect(quotes).toHaveCount(items.length);
    for (const [i, text] of (await quotes.allTextContents()).entries()) {
      const inner = text.replace(/^“|”$/g, '');
      const full = plain(items[i]!.content);
      expect(inner.length).toBeLessThanOrEqual(maxLength);
      // A longer story is cut with an ellipsis, a short one shown whole.
      if (inner !== full) expect(inner.endsWith('…') && full.startsWith(inner.slice(0, -1)), inner).toBe(true);
    }
  });

  test("the FAQ shows the page's questions and only one is open at a time", async ({ page }) => {
    const block = sectionOf(route, 'faq');
    const last = block.items.length - 1;
    await page.goto(route);
    await islandsReady(page);
    const faq = page.locator('#faq');
    await expect(faq.getByRole('heading', { level: 2, name: plain(block.heading) })).toBeVisible();
    // Each question a <details> whose <summary> is the question.
    const items = faq.locator('details');
    const buttons = faq.locator('summary');
    await expect(buttons).toHaveCount(block.items.length);
    for (const [i, q] of block.items.entries()) await expect(buttons.nth(i)).toContainText(plain(q.question));
    await buttons.nth(0).click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(faq.locator('details[open] > summary + *')).toHaveCount(1);
    // The answers as the catalogue fills them in (a token such as {countWord:ultimate} counts the guides).
    await expect(faq.locator('details[open] > summary + *')).toHaveText(plain(block.items[0]!.answer));
    if (last > 0) {
      await buttons.nth(last).click();
      await expect(items.nth(last)).toHaveAttribute('open', '');
      await expect(items.nth(0)).not.toHaveAttribute('open');
      await expect(faq.locator('details[open] > summary + *')).toHaveCount(1);
      await expect(faq.locator('details[open] > summary + *')).toHaveText(plain(block.items[last]!.answer));
    }
    await buttons.nth(last).press('Enter'); // keyboard closes it again
    await expect(items.nth(last)).not.toHaveAttribute('open');
    await expect(faq.locator('details[open] > summary + *')).toHaveCount(0);
  });

  test('the countdown starts at the configured time and ticks each second', async ({ page }) => {
    const { countdowns } = offerTimers(route);
    test.skip(!countdowns, 'the bundle’s page shows no countdown');
    await pausedClock(page);
    await page.goto(route);
    await islandsReady(page);
    const timers = page.getByTestId('countdown');
    await expect(timers).toHaveCount(countdowns);
    const unit = (i: number, u: 'hours' | 'minutes' | 'seconds') => timers.nth(i).locator(`[data-unit="${u}"]`);
    const expectShown = async (i: number, elapsed: number) => {
      const shown = salesCountdownAfter(elapsed);
      for (const u of ['hours', 'minutes', 'seconds'] as const) await expect(unit(i, u)).toHaveText(shown[u]);
    };
    for (let i = 0; i < countdowns; i++) await expectShown(i, 0);
    await page.clock.runFor(1000);
    for (let i = 0; i < countdowns; i++) await expectShown(i, 1);
    // On to the next minute: the seconds borrow from the minutes.
    const borrow = site.countdowns.sales.seconds + 1;
    await page.clock.runFor((borrow - 1) * 1000);
    await expectShown(0, borrow);
  });

  test('buy: the toast, then after the configured delay the bundle checkout from site.config.yaml', async ({ page }) => {
    const delay = site.checkout.redirectDelayMs;
    expect(ultimate.checkoutUrl).toMatch(/^https:\/\//);
    await page.route((u) => u.href.startsWith(ultimate.checkoutUrl), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
    await pausedClock(page);
    await page.goto(route);
    await islandsReady(page);
    const buttons = page.locator(`a[data-checkout="${ultimate.checkoutUrl}"]`);
    await expect(buttons).toHaveCount(buyButtonCount(route, ultimate.id));
    await page.getByRole('link', { name: `Get Instant Access for ${money(ultimate.price)}` }).first().click();
    // The toaster loads with the first toast (real time), then sonner shows it on its next timer turn.
    await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached();
    await page.clock.runFor(delay / 2);
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveCount(1);
    await expect(toast.getByText('Redirecting to Purchase', { exact: true })).toBeVisible();
    await expect(toast.getByText('Taking you to the secure checkout page...', { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(route);
    await page.clock.runFor(delay / 2);
    await page.waitForURL((u) => u.href.startsWith(ultimate.checkoutUrl));
    await expect(page.locator('body')).toHaveText('checkout');
  });
});
