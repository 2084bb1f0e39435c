// The platform sales pages, as a visitor sees them: hero with badge, price and countdown (or 'Special
// Launch Price' when the page turns the countdown off), the PDF preview (or 'Preview coming soon' when no
// preview was made), testimonials cut to the block's length, the upgrade box, the includes list, the FAQ
// accordion and the buy flow to the checkout. Every platform page the site has is checked, and what it
// should show (platforms, prices, plan length, counts, texts) is read from the pages and the catalogue as
// the generator compiles them (site.ts): a new platform is tested by itself.
import { expect, test, type Page } from '@playwright/test';
import { money, originalPrice, previewPath } from '../../model/catalogue.ts';
import { islandsReady, pausedClock, SUPABASE_URL } from './helpers.ts';
import { buyButtonCount, missingPreviews, offerTimers, pages, plain, platformPages, sectionOf, site } from './site.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** The plan lengths of all products: a page's copy names its own, never another. */
const planLengths = new Set(site.products.map((p) => p.planDays));
/** The first platform with a preview in storage, for the test that takes it away. */
const withPreview = platformPages.find(({ product }) => !missingPreviews.has(product.id));

test('the site has platform sales pages', () => {
  expect(platformPages.length).toBeGreaterThan(0);
});

for (const { page: definition, product } of platformPages) {
  const route = definition.route;
  const heroBlock = sectionOf(route, 'platform-hero');
  const { countdowns, launchLabels } = offerTimers(route);
  const hero = (page: Page) => page.locator('main > section').first();

  test.describe(route, () => {
    test('renders with one h1, the back-to-home header, the badge, the price and the plan length', async ({ page }) => {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(heroBlock.headline);
      await expect(hero(page).getByText(heroBlock.badge, { exact: true })).toBeVisible();

      const price = hero(page).getByTestId('price');
      await expect(price).toContainText(money(product.price));
      await expect(price.locator('s')).toHaveText(money(originalPrice(site, product)));
      await expect(hero(page)).toContainText(`${product.title} • ${product.planDays}-day plan`);
      // The copy mentions the same plan length everywhere, never another product's.
      await expect(page.locator('main')).toContainText(`${product.planDays}-day plan`);
      for (const other of planLengths) if (other !== product.planDays) await expect(page.locator('main')).not.toContainText(`${other}-day plan`);

      const back = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back to Home' });
      await expect(back).toHaveAttribute('href', '/');
      await back.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('h1')).toHaveText(sectionOf('/', 'hero').headline);
    });

    if (countdowns) {
      test('the countdown starts at the configured time and ticks each second', async ({ page }) => {
        const start = site.countdowns.sales;
        await pausedClock(page);
        await page.goto(route);
        await islandsReady(page);
        await expect(page.getByText('Special Launch Price', { exact: true })).toHaveCount(launchLabels);
        const timers = page.getByTestId('countdown');
        await expect(timers).toHaveCount(countdowns);
        const unit = (i: number, u: string) => timers.nth(i).locator(`[data-unit="${u}"]`);
        for (let i = 0; i < countdowns; i++) {
          await expect(unit(i, 'hours')).toHaveText(pad(start.hours));
          await expect(unit(i, 'minutes')).toHaveText(pad(start.minutes));
          await expect(unit(i, 'seconds')).toHaveText(pad(start.seconds));
        }
        // One second, then enough more to roll the seconds over: the minutes go down by one.
        await page.clock.runFor(1000);
        const after = (s: number) => {
          const left = start.hours * 3600 + start.minutes * 60 + start.seconds - s;
          return { hours: pad(Math.floor(left / 3600)), minutes: pad(Math.floor(left / 60) % 60), seconds: pad(left % 60) };
        };
        for (let i = 0; i < countdowns; i++) await expect(unit(i, 'seconds')).toHaveText(after(1).seconds);
        const rollOver = start.seconds + 1;
        await page.clock.runFor((rollOver - 1) * 1000);
        await expect(unit(0, 'seconds')).toHaveText(after(rollOver).seconds);
        await expect(unit(0, 'minutes')).toHaveText(after(rollOver).minutes);
        await expect(unit(0, 'hours')).toHaveText(after(rollOver).hours);
      });
    } else {
      test("shows 'Special Launch Price' instead of a countdown", async ({ page }) => {
        await page.goto(route);
        await islandsReady(page);
        await expect(page.getByTestId('countdown')).toHaveCount(0);
        await expect(page.getByRole('timer')).toHaveCount(0);
        const labels = page.getByText('Special Launch Price', { exact: true });
        await expect(labels).toHaveCount(launchLabels);
        await expect(hero(page).getByText('Special Launch Price', { exact: true })).toBeVisible();
      });
    }

    if (missingPreviews.has(product.id)) {
      test("no preview was made: 'Preview coming soon', and no viewer", async ({ page }) => {
        await page.goto(route);
        await expect(page.getByTestId('preview-coming-soon')).toBeVisible();
        await expect(page.getByTestId('pdf-viewer')).toHaveCount(0);
      });
    } else {
      test('the PDF preview shows the public preview PDF, page-fit at the set height, and links to it in a new tab', async ({ page }) => {
        const height = sectionOf(route, 'pdf-preview').height ?? site.previews.height;
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(route);
        const pdf = `${SUPABASE_URL}/storage/v1/object/public/${site.previews.bucket}/${previewPath(product)}`;
        const viewer = page.getByTestId('pdf-viewer');
        await expect(viewer).toHaveCount(1);
        expect(JSON.parse((await page.locator('[data-island="pdf-viewer"]').getAttribute('data-props'))!).url).toBe(pdf);
        await viewer.scrollIntoViewIfNeeded();
        await expect(page.locator('[data-testid="pdf-canvas"][data-page="1"]')).toBeAttached({ timeout: 20_000 });
        expect(Math.round((await viewer.boundingBox())!.height)).toBe(height + 2); // and its 1px border
        const open = page.getByRole('link', { name: 'Open the PDF in a new tab' });
        await expect(open).toHaveAttribute('href', pdf);
        await expect(open).toHaveAttribute('target', '_blank');
      });
    }

    test('the testimonials, cut to the set length with five stars; the upgrade box; the includes list', async ({ page }) => {
      const testimonials = sectionOf(route, 'testimonial-cards');
      await page.goto(route);
      const cards = page.getByTestId('testimonial-card');
      await expect(cards).toHaveCount(testimonials.items.length);
      for (const [i, item] of testimonials.items.entries()) {
        const card = cards.nth(i);
        await expect(card.getByLabel('5 out of 5 stars')).toHaveText('★★★★★');
        const shown = (await card.locator('blockquote').textContent())!.replace(/^“|”$/g, '');
        const full = plain(item.content);
        expect(shown.length).toBeLessThanOrEqual(testimonials.maxLength);
        // A longer story is cut with an ellipsis, a short one shown whole.
        if (shown === full) continue;
        expect(shown.endsWith('…'), shown).toBe(true);
        expect(full.startsWith(shown.slice(0, -1))).toBe(true);
      }

      const upgradeBlock = sectionOf(route, 'upgrade-box');
      const target = site.products.find((p) => p.id === upgradeBlock.product)!;
      const upgradeLink = page.getByRole('link', { name: upgradeBlock.label });
      await expect(upgradeLink).toHaveAttribute('href', target.route);
      const upgrade = page.locator('main > section', { has: upgradeLink });
      await expect(upgrade).toContainText(money(target.price));
      await upgradeLink.click();
      await expect(page).toHaveURL(new RegExp(`${target.route}$`));

      const includesBlock = sectionOf(route, 'includes');
      await page.goto(route);
      const includes = page.locator('main > section', { has: page.getByRole('heading', { name: includesBlock.heading }) });
      await expect(includes.getByRole('listitem')).toHaveCount(includesBlock.items.length);
    });

    test('the FAQ accordion shows the page’s questions, one open at a time, each collapsible', async ({ page }) => {
      const questions = sectionOf(route, 'faq').items;
      const last = questions.length - 1;
      await page.goto(route);
      const faq = page.getByTestId('accordion');
      // Each question a <details> whose <summary> is the question.
      const items = faq.locator('details');
      const buttons = faq.locator('summary');
      await expect(buttons).toHaveCount(questions.length);
      for (const [i, q] of questions.entries()) await expect(buttons.nth(i)).toContainText(plain(q.question));
      for (let i = 0; i <= last; i++) await expect(items.nth(i)).not.toHaveAttribute('open');
      await expect(faq.locator('details[open] > summary + *')).toHaveCount(0);

      await buttons.nth(0).click();
      await expect(items.nth(0)).toHaveAttribute('open', '');
      await expect(faq.locator('details[open] > summary + *')).toHaveCount(1);
      await expect(faq.locator('details[open] > summary + *')).toHaveText(plain(questions[0]!.answer));

      if (last > 0) {
        await buttons.nth(last).click();
        await expect(items.nth(last)).toHaveAttribute('open', '');
        await expect(items.nth(0)).not.toHaveAttribute('open');
        await expect(faq.locator('details[open] > summary + *')).toHaveCount(1);
        await expect(faq.locator('details[open] > summary + *')).toHaveText(plain(questions[last]!.answer));
      }

      await buttons.nth(last).click();
      await expect(items.nth(last)).not.toHaveAttribute('open');
      await expect(faq.locator('details[open] > summary + *')).toHaveCount(0);
    });

    test("buy: a toast, then after the configured delay the product's checkout", async ({ page }) => {
      const delay = site.checkout.redirectDelayMs;
      await page.route((u) => u.href.startsWith(product.checkoutUrl), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
      await pausedClock(page);
      await page.goto(route);
      await islandsReady(page);
      await expect(page.locator(`a[data-checkout="${product.checkoutUrl}"]`)).toHaveCount(buyButtonCount(route, product.id));
      await page.getByRole('link', { name: `Get Instant Access for ${money(product.price)}` }).first().click();
      // The toaster loads with the first toast (real time), then sonner shows it on its next timer turn.
      await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached();
      // Half the delay later the toast shows and we are still on the page.
      await page.clock.runFor(delay / 2);
      const toast = page.locator('[data-sonner-toast]');
      await expect(toast).toHaveCount(1);
      await expect(toast.getByText('Redirecting to Purchase', { exact: true })).toBeVisible();
      await expect(toast.getByText('Taking you to the secure checkout page...', { exact: true })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(route);
      await page.clock.runFor(delay / 2);
      await page.waitForURL((u) => u.href.startsWith(product.checkoutUrl));
      await expect(page.locator('body')).toHaveText('checkout');
    });
  });
}

// A preview the storage does not hold (removed, or not uploaded yet) answers 404 with the storage's JSON
// error: the visitor sees 'Preview coming soon', never that error, the viewer's controls or a link to it.
test("a preview missing from storage shows 'Preview coming soon', never the storage's error", async ({ page }) => {
  test.skip(!withPreview, 'no platform has a preview');
  await page.route(`${SUPABASE_URL}/storage/v1/object/public/**`, (r) =>
    r.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' }) }),
  );
  await page.goto(withPreview!.page.route);
  await page.getByTestId('pdf-viewer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('preview-coming-soon')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pdf-viewer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('NoSuchKey');
});

test('every product of the live catalogue has its sales page', () => {
  const routes = new Set(pages.map((p) => p.route));
  for (const p of site.products) expect(routes.has(p.route), p.id).toBe(true);
});
