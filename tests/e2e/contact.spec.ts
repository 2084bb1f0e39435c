// The contact page: a message reaches the database; the 'Sending...', success and failure states;
// the required, typed fields; the response-time card beside the form.
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page, type Route } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { dbQuery, islandsReady, SUPABASE_URL as SUPABASE } from './helpers.ts';
import { plain, sectionOf, sectionsOf } from './site.ts';

// The backend the site under test was built against (see playwright.config.ts).
const toSupabase = (url: URL) => url.origin === SUPABASE;
const toContactTable = (url: URL) => toSupabase(url) && url.pathname === '/rest/v1/rpc/send_contact_message';

// supabase-js wants a WebSocket class when created; Node 20 has none and no channel is opened here.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used');
  }
}

/**
 * The stored messages with this subject, read from the local database as its owner (the admin's
 * own reads need a second factor at aal2; admin-area.spec.ts signs in that way).
 */
async function storedMessages(subject: string) {
  return dbQuery('select first_name, last_name, email, subject, message from public.contact_messages where subject = $1', [subject]);
}

function fields(page: Page) {
  const form = page.getByTestId('contact-form');
  return {
    form,
    firstName: form.getByLabel('First name'),
    lastName: form.getByLabel('Last name'),
    email: form.getByLabel('Email'),
    subject: form.getByLabel('Subject'),
    message: form.getByLabel('Message'),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}

async function fillIn(page: Page, m: { first_name: string; last_name: string; email: string; subject: string; message: string }) {
  const f = fields(page);
  await f.firstName.fill(m.first_name);
  await f.lastName.fill(m.last_name);
  await f.email.fill(m.email);
  await f.subject.fill(m.subject);
  await f.message.fill(m.message);
}

/** Holds matching requests until release() is called, so the in-between state can be seen. */
async function holdRequests(page: Page, match: (url: URL) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((ok) => (release = ok));
  let held = 0;
  await page.route(match, async (route: Route) => {
    held++;
    await gate;
    await route.continue();
  });
  return { release: () => release(), held: () => held };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/contact');
  await islandsReady(page);
});

test('a message is sent: Sending... while it travels, then the success toast, a cleared form, and the row in the database', async ({ page }) => {
  const message = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    // A fresh address each run: the database takes at most 5 messages an hour from one address.
    email: `ada+${Date.now()}@example.com`,
    subject: `Download problem ${Date.now()}`,
    message: 'The download link in my receipt opens a blank page.\nCould you send a new one?',
  };
  await fillIn(page, message);
  const hold = await holdRequests(page, toContactTable);
  const f = fields(page);
  await f.send.click();

  const sending = f.form.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await expect.poll(() => hold.held()).toBe(1);
  hold.release();

  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(1);
  for (const field of [f.firstName, f.lastName, f.email, f.subject, f.message]) await expect(field).toHaveValue('');
  await expect(f.send).toBeEnabled();

  expect(await storedMessages(message.subject)).toEqual([message]);
});

test('with the backend unreachable: the destructive toast, the error logged, and every field kept', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route(toSupabase, (route) => route.abort('connectionrefused'));
  const message = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', subject: 'Refund request', message: 'Please refund my TikTok guide.' };
  await fillIn(page, message);
  const f = fields(page);
  await f.send.click();

  await expect(page.getByText('Error sending message')).toBeVisible();
  await expect(page.getByText('Please try again later or contact us directly.')).toBeVisible();
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(1);
  await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
  await expect(f.firstName).toHaveValue(message.first_name);
  await expect(f.lastName).toHaveValue(message.last_name);
  await expect(f.email).toHaveValue(message.email);
  await expect(f.subject).toHaveValue(message.subject);
  await expect(f.message).toHaveValue(message.message);
  await expect(f.send).toBeEnabled();
  expect(errors.some((e) => /contact message/i.test(e))).toBe(true);
});

test('messages sent in someone\'s name never lock that address out: a sixth in the hour is accepted', async ({ page }) => {
  const email = `busy+${Date.now()}@example.com`;
  const visitor = createClient(SUPABASE, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });
  for (let i = 0; i < 5; i++) {
    const { error } = await visitor.rpc('send_contact_message', { p_first_name: 'Busy', p_last_name: 'Sender', p_email: email, p_subject: `Earlier ${i}`, p_message: 'Hello again.' });
    expect(error).toBeNull();
  }
  const message = { first_name: 'Busy', last_name: 'Sender', email, subject: `Sixth ${Date.now()}`, message: 'One more question.' };
  await fillIn(page, message);
  await fields(page).send.click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  expect(await storedMessages(message.subject)).toHaveLength(1);
});

test('all five fields are required, the e-mail field is e-mail-typed, the message has 6 rows', async ({ page }) => {
  const f = fields(page);
  for (const field of [f.firstName, f.lastName, f.email, f.subject, f.message]) {
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('required', '');
  }
  await expect(f.email).toHaveAttribute('type', 'email');
  await expect(f.message).toHaveAttribute('rows', '6');

  let requests = 0;
  await page.route(toContactTable, (route) => {
    requests++;
    return route.abort();
  });
  // Empty: the browser refuses to submit.
  await f.send.click();
  expect(await f.form.evaluate((form: HTMLFormElement) => form.checkValidity())).toBe(false);
  expect(await f.firstName.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  // Everything filled but an address without @: still refused.
  await fillIn(page, { first_name: 'Alan', last_name: 'Turing', email: 'not-an-address', subject: 'Hello', message: 'Hi there' });
  await f.send.click();
  expect(await f.email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  await page.waitForTimeout(300);
  expect(requests).toBe(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('the response-time card, tips and support FAQ are shown, the card beside the form on desktop', async ({ page }) => {
  const form = sectionOf('/contact', 'contact-form');
  await expect(page.getByRole('heading', { level: 1, name: sectionOf('/contact', 'page-title').title })).toBeVisible();
  const card = page.getByTestId('response-times');
  const times = form.responseTimes;
  await expect(card.getByRole('heading', { name: times.heading })).toBeVisible();
  const rows = card.locator('dl > div');
  await expect(rows).toHaveCount(times.items.length);
  for (const [i, { label, time }] of times.items.entries()) {
    await expect(rows.nth(i).locator('dt')).toHaveText(label);
    await expect(rows.nth(i).locator('dd').first()).toHaveText(time);
  }
  if (form.tips) await expect(page.getByRole('heading', { name: form.tips.heading })).toBeVisible();
  for (const block of sectionsOf('/contact', 'faq')) {
    const faq = page.locator('main > section', { has: page.getByRole('heading', { name: plain(block.heading) }) });
    await expect(faq.locator('summary')).toHaveCount(block.items.length);
    for (const [i, q] of block.items.entries()) await expect(faq.locator('summary').nth(i)).toContainText(plain(q.question));
  }

  // Desktop: side by side, tops aligned. Phone: the card under the form.
  await page.setViewportSize({ width: 1280, height: 900 });
  let formBox = (await page.getByTestId('contact-form').boundingBox())!;
  let box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThan(formBox.x + formBox.width);
  await page.setViewportSize({ width: 390, height: 900 });
  formBox = (await page.getByTestId('contact-form').boundingBox())!;
  box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThan(formBox.y + formBox.height);
});
