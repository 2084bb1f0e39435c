// What a visitor does before the islands' scripts arrive is not lost (issue 24, point 5): on a phone-sized
// window whose script files are held back, a form sent completes once its island has hydrated, a control
// tapped takes effect, typed text survives hydration, and no address ever holds what was typed. The FAQ
// needs no script at all: it opens before hydration and with JavaScript off, one answer at a time.
// Texts and counts are read from the page, never named here.
import { expect, test, type Page } from '@playwright/test';
import { dbQuery, islandsReady, sitemapRoutes } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

const HOLD_MS = 1500;

/** Holds every script file the page requests until release(), at least HOLD_MS after this was called;
 * held() counts the requests waiting, so a test sees that an island has started to load. */
async function holdScripts(page: Page) {
  const since = Date.now();
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let held = 0;
  await page.route(
    (url) => /\.m?js$/.test(url.pathname),
    async (route) => {
      held++;
      await gate;
      await route.continue();
    },
  );
  return {
    held: () => held,
    release: async () => {
      await page.waitForTimeout(Math.max(0, HOLD_MS - (Date.now() - since)));
      open();
    },
  };
}

/** Every address the page's frame has shown, and every request's address. */
function addresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(f.url()));
  page.on('request', (r) => seen.push(r.url()));
  return seen;
}

/** Each form of address a URL could carry the text in. */
const encodings = (text: string) => [text, encodeURIComponent(text), encodeURIComponent(text).replace(/%20/g, '+')];

function expectNoneHolds(seen: string[], texts: string[]) {
  for (const text of texts) for (const form of encodings(text)) expect(seen.filter((u) => u.includes(form)), `an address holds "${text}"`).toEqual([]);
}

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test('the starter-kit form sent before hydration completes once its island is ready, and no address holds the e-mail', async ({ page }) => {
  const seen = addresses(page);
  const scripts = await holdScripts(page);
  await page.goto('/');
  const url = page.url();
  const island = page.locator('[data-island="email-capture"]');
  const form = page.getByTestId('capture-form');
  const email = unique('early');
  await form.getByRole('textbox').fill(email);
  await expect(island).not.toHaveAttribute('data-hydrated');
  await form.getByRole('button').click();
  // Held, and the island's code asked for at once.
  await expect.poll(scripts.held).toBeGreaterThan(0);
  expect(page.url()).toBe(url);
  await scripts.release();

  await expect(page.getByTestId('capture-thanks')).toContainText(email);
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  expect(page.url()).toBe(url);
  await expect.poll(async () => (await dbQuery('select 1 from public.email_captures where email = $1', [email])).length).toBe(1);
  expectNoneHolds(seen, [email]);
});

test('the contact form sent before hydration completes once its island is ready, and no address holds what was typed', async ({ page }) => {
  const seen = addresses(page);
  const scripts = await holdScripts(page);
  await page.goto('/contact');
  const url = page.url();
  const form = page.getByTestId('contact-form');
  const island = page.locator('[data-island="contact-form"]');
  const message = { 'First name': 'Early', 'Last name': 'Sender', Email: unique('contact'), Subject: `Before hydration ${Date.now()}`, Message: 'Sent before the scripts came.' };
  for (const [label, value] of Object.entries(message)) await form.getByLabel(label).fill(value);
  await expect(island).not.toHaveAttribute('data-hydrated');
  await form.getByRole('button').click();
  await expect.poll(scripts.held).toBeGreaterThan(0);
  expect(page.url()).toBe(url);
  await scripts.release();

  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(1);
  await expect(form.getByLabel('Email')).toHaveValue('');
  expect(page.url()).toBe(url);
  const rows = await dbQuery<{ email: string; message: string }>('select email, message from public.contact_messages where subject = $1', [message.Subject]);
  expect(rows).toEqual([{ email: message.Email, message: message.Message }]);
  expectNoneHolds(seen, [message.Email, message.Subject]);
});

test('text typed before hydration is still there after it, and is what the form sends', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/contact');
  const form = page.getByTestId('contact-form');
  const island = page.locator('[data-island]', { has: form });
  const typed = { 'First name': 'Typed', 'Last name': 'Early', Email: unique('typed'), Subject: `Typed early ${Date.now()}`, Message: 'Typed while the page was loading.' };
  for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value);
  await scripts.release();
  await islandsReady(page);
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  for (const [label, value] of Object.entries(typed)) await expect(form.getByLabel(label)).toHaveValue(value);
  await form.getByRole('button').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(1);
  expect(await dbQuery('select 1 from public.contact_messages where subject = $1', [typed.Subject])).toHaveLength(1);
});

test('a carousel dot tapped before hydration takes effect once the carousel is ready', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/');
  const dots = page.getByTestId('carousel-dot');
  const count = await dots.count();
  expect(count, 'no carousel on /').toBeGreaterThan(1);
  const island = page.locator('[data-island]', { has: dots.first() });
  await dots.nth(count - 1).click();
  await expect(island).not.toHaveAttribute('data-hydrated');
  await scripts.release();
  await expect(page.getByTestId('carousel-slide')).toHaveAttribute('data-index', String(count - 1));
  await expect(island).toHaveAttribute('data-hydrated', 'true');
});

test('a buy button tapped before hydration still takes the visitor to the checkout', async ({ page, request }) => {
  let route: string | undefined;
  for (const r of await sitemapRoutes(request)) {
    if (!(await (await request.get(r)).text()).includes('data-island="buy-button"')) continue;
    route = r;
    break;
  }
  expect(route, 'no page has a buy button').toBeTruthy();
  const scripts = await holdScripts(page);
  await page.goto(route!);
  const button = page.locator('[data-island="buy-button"] a').first();
  const checkout = (await button.getAttribute('data-checkout'))!;
  await page.route((u) => u.href.startsWith(checkout), (r) => r.fulfill({ body: 'checkout', contentType: 'text/html' }));
  await button.click();
  await expect(page.locator('[data-island="buy-button"]').first()).not.toHaveAttribute('data-hydrated');
  await scripts.release();
  await page.waitForURL((u) => u.href.startsWith(checkout));
});

/** The page's FAQ items: each <details> of a group sharing one name. */
async function faqItems(page: Page) {
  const name = await page.locator('details[name]').first().getAttribute('name');
  expect(name, 'no FAQ on the page').toBeTruthy();
  const items = page.locator(`details[name="${name}"]`);
  expect(await items.count(), 'a FAQ of one item cannot show one-at-a-time').toBeGreaterThan(1);
  return items;
}

async function expectOneAtATime(page: Page) {
  const items = await faqItems(page);
  const last = (await items.count()) - 1;
  await items.nth(0).locator('summary').click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(items.nth(0).locator('summary + *')).toBeVisible();
  await items.nth(last).locator('summary').click();
  await expect(items.nth(last)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open');
  await expect(items.nth(0).locator('summary + *')).toBeHidden();
  await expect(page.locator(`details[name="${await items.first().getAttribute('name')}"][open]`)).toHaveCount(1);
  return { items, last };
}

test('the FAQ opens before hydration, one item at a time, and what was opened stays open after it', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/');
  const { items, last } = await expectOneAtATime(page);
  await scripts.release();
  await islandsReady(page);
  await expect(items.nth(last)).toHaveAttribute('open', '');
  // With a keyboard too.
  await items.nth(last).locator('summary').press('Enter');
  await expect(items.nth(last)).not.toHaveAttribute('open');
});

test('with JavaScript off the FAQ opens one item at a time, and a form sent puts nothing in the address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const seen = addresses(page);
  await page.goto('/');
  await expectOneAtATime(page);
  // The starter kit is still one link away, and the form says why it cannot send.
  const kit = page.getByRole('link', { name: 'Download the starter kit' });
  await expect(kit).toBeVisible();
  expect((await page.request.get((await kit.getAttribute('href'))!)).status()).toBe(200);
  const email = unique('noscript');
  const form = page.getByTestId('capture-form');
  await form.getByRole('textbox').fill(email);
  await form.getByRole('button').click();
  await page.waitForLoadState();
  expectNoneHolds(seen, [email]);
  await context.close();
});
