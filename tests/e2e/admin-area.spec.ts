// The owner's admin area (/admin, /admin/messages, /admin/subscribers, /admin/previews, /admin/upload):
// one client-side app behind Supabase sign-in. A visitor sees only the sign-in form; a message sent
// through /contact reaches the admin's inbox and can be marked handled; an address captured on the
// landing page is in the subscriber list and its CSV; a signed-in non-admin is refused and sees no
// rows; every admin route has a prerendered shell and unknown ones are 404; public pages never load
// the admin app's code.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD } from '../../supabase/local/keys.ts';
import { TOTP } from 'otpauth';
import { forgetWrongCodes, giveCode, nextCode, signInAdmin, totpOf } from './admin-second-factor.ts';
import { createUser, dbQuery, islandsReady, openAdmin, submitAdminSignIn, SUPABASE_URL } from './helpers.ts';
import { seriousAxeViolations } from '../axe.ts';

const ROUTES = ['/admin', '/admin/insights', '/admin/messages', '/admin/subscribers', '/admin/newsletters', '/admin/previews', '/admin/upload', '/admin/settings'];
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

const open = openAdmin;

async function signIn(page: Page, email: string, password: string) {
  await submitAdminSignIn(page, email, password);
  await expect(page.getByTestId('admin-session')).toContainText(`Signed in as ${email}`);
}

/** Requests the page makes to the database's tables (PostgREST) and storage listing. */
function dataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === SUPABASE_URL && (url.pathname.startsWith('/rest/v1/') || url.pathname.startsWith('/storage/v1/object/list/'))) seen.push(`${r.method()} ${url.pathname}`);
  });
  return seen;
}

test('every admin route is served from its prerendered shell; unknown /admin paths are 404', async ({ request }) => {
  for (const route of ROUTES) {
    const res = await request.get(route);
    expect(res.status(), route).toBe(200);
    const html = await res.text();
    expect(html, route).toContain('data-island="admin-app"');
    expect(html, route).toContain('Checking whether you are signed in');
  }
  for (const route of ['/admin/nope', '/admin/messages/12', '/admin/upload/extra']) {
    const res = await request.get(route);
    expect(res.status(), route).toBe(404);
    expect(await res.text()).not.toContain('data-island="admin-app"');
  }
});

test('a visitor at /admin/messages sees only the sign-in form, and no data is asked for', async ({ page }) => {
  const requests = dataRequests(page);
  // The prerendered shell hydrates without a mismatch or any other error.
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, '/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const form = page.getByTestId('admin-sign-in');
  await expect(form.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByTestId('admin-session')).toHaveCount(0);
  await expect(page.getByTestId('messages-list')).toHaveCount(0);
  await expect(page.getByText('Mark as handled')).toHaveCount(0);
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
});

test('a message sent through /contact reaches /admin/messages, where the admin reads it and marks it handled', async ({ page }) => {
  const subject = unique('Refund question');
  const body = 'Hello,\nI bought the TikTok guide twice by mistake. Could you refund one?';
  await page.goto('/contact');
  await islandsReady(page);
  const contact = page.getByTestId('contact-form');
  await contact.getByLabel('First name').fill('Marta');
  await contact.getByLabel('Last name').fill('Ortiz');
  await contact.getByLabel('Email').fill('marta@example.com');
  await contact.getByLabel('Subject').fill(subject);
  await contact.getByLabel('Message').fill(body);
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();

  await open(page, '/admin/messages');
  await signInAdmin(page);
  // Newest first: the message just sent is the first row.
  const first = page.getByTestId('message-row').first();
  await expect(first).toContainText(subject);
  await expect(first).toContainText('Marta Ortiz');
  await expect(first).toContainText('New');
  await expect(page.getByTestId('messages-total')).toHaveText(/^[\d,]+ messages?$/);

  await first.click();
  await expect(page).toHaveURL(/\/admin\/messages\?message=\d+$/);
  const reader = page.getByTestId('message-reader');
  await expect(reader.getByRole('heading', { name: subject })).toBeVisible();
  await expect(reader).toContainText('marta@example.com');
  await expect(reader.getByText(body.split('\n')[1]!)).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', /^mailto:marta@example\.com\?subject=Re%3A%20/);

  await reader.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText('Marked as handled');
  await expect(reader.getByTestId('message-status')).toContainText('Handled');
  await expect(reader.getByRole('button', { name: 'Mark as not handled' })).toBeEnabled();
  await expect(first).toContainText('Handled');
  const [stored] = await dbQuery<{ handled_at: string | null }>('select handled_at from public.contact_messages where subject = $1', [subject]);
  expect(stored!.handled_at).not.toBeNull();

  // The filters: handled shows it, not handled does not.
  const filters = page.getByRole('navigation', { name: 'Filter messages' });
  await filters.getByRole('link', { name: 'Not handled' }).click();
  await expect(page).toHaveURL(/handled=unhandled/);
  await expect(page.getByTestId('message-reader')).toHaveCount(0);
  await expect(page.getByTestId('message-row').filter({ hasText: subject })).toHaveCount(0);
  await filters.getByRole('link', { name: 'Handled', exact: true }).click();
  await expect(page.getByTestId('message-row').filter({ hasText: subject })).toHaveCount(1);

  // And back to unhandled, from the reader.
  await page.getByTestId('message-row').filter({ hasText: subject }).click();
  await page.getByTestId('message-reader').getByRole('button', { name: 'Mark as not handled' }).click();
  await expect(page.getByTestId('message-reader').getByTestId('message-status')).toContainText('New');
  await expect.poll(async () => (await dbQuery<{ handled_at: string | null }>('select handled_at from public.contact_messages where subject = $1', [subject]))[0]?.handled_at).toBeNull();
});

test('a right-to-left override in a sender\'s name stays inside the name in the inbox (<bdi>)', async ({ page }) => {
  const subject = unique('Bidi');
  // U+202E turns the text after it right-to-left until the end of its isolate: shown raw, it would
  // reverse the address and the rest of the line.
  const name = 'Mallory\u202Egnp.exe';
  await dbQuery(`select public.send_contact_message($1, 'Test', 'bidi@example.com', $2, 'A message.')`, [name, subject]);
  await open(page, '/admin/messages');
  await signInAdmin(page);
  const row = page.getByTestId('message-row').filter({ hasText: subject });
  await expect(row.locator('bdi').filter({ hasText: 'Mallory' })).toHaveText(name);
  await expect(row.locator('bdi').filter({ hasText: 'bidi@example.com' })).toHaveText('bidi@example.com');
  await row.click();
  const reader = page.getByTestId('message-reader');
  await expect(reader.locator('bdi').filter({ hasText: 'Mallory' })).toHaveText(name);
  await expect(reader.getByRole('heading').locator('bdi')).toHaveText(subject);
});

test('an address captured on the landing page is in /admin/subscribers and in the downloaded CSV', async ({ page }) => {
  const email = `${unique('subscriber')}@example.com`;
  await page.goto('/#email-capture');
  await islandsReady(page);
  const capture = page.getByTestId('capture-form');
  await capture.getByRole('textbox', { name: 'Email address' }).fill(email);
  const kit = page.waitForEvent('download');
  await capture.getByRole('button').click();
  await expect(page.getByTestId('capture-thanks')).toContainText(email);
  await kit;

  await open(page, '/admin/subscribers');
  await signInAdmin(page);
  const table = page.getByTestId('subscribers-table');
  // Newest first: the address just captured heads the list.
  await expect(table.locator('tbody tr').first()).toContainText(email);
  await expect(page.getByTestId('subscribers-total')).toHaveText(/^[\d,]+ address(es)?$/);

  await page.getByLabel('Search addresses').fill(email.slice(0, 24).toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers\?q=/);
  await expect(page.getByTestId('subscribers-total')).toHaveText(/^1 address matching/);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  // Pending until its owner confirms, with the page and form that took it.
  await expect(table.getByTestId('subscriber-status')).toHaveText('Pending');
  await expect(table.getByTestId('subscriber-consent')).toContainText('form email-capture');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('email,status,consented_at,consent_route,consent_form,consent_wording,source,confirmed_at,unsubscribed_at,subscribed_at');
  const n = (await dbQuery<{ n: number }>('select count(*)::int as n from public.email_captures'))[0]!.n;
  // Every address, not only the page or the search shown.
  expect(lines).toHaveLength(n + 1);
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${email.replace(/\./g, '\\.')},pending,\\d{4}-\\d\\d-\\d\\dT[^,]+,/,email-capture,[0-9a-f]{16},starter_kit,`)));
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText('Export ready');
});

test('a signed-in user who is not an admin is refused and sees no rows', async ({ page }) => {
  const member = { email: `${unique('member')}@example.com`, password: 'just-a-member-password' };
  await createUser(member.email, member.password);
  const requests = dataRequests(page);
  await open(page, '/admin/messages');
  await signIn(page, member.email, member.password);
  await expect(page.getByTestId('admin-session')).toContainText('not an admin');
  await expect(page.getByText('This account is not an administrator')).toBeVisible();
  await expect(page.getByTestId('message-row')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const [label, path] of [['Subscribers', '/admin/subscribers'], ['Overview', '/admin'], ['Previews', '/admin/previews']] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByText('This account is not an administrator')).toBeVisible();
  }
  await expect(page.getByTestId('subscribers-table')).toHaveCount(0);
  await expect(page.getByTestId('preview-row')).toHaveCount(0);
  await expect(page.locator('[data-testid^="stat-"]')).toHaveCount(0);
  // Not only hidden: nothing was asked of the tables or the bucket.
  expect(requests).toEqual([]);
});

test('the admin moves between screens without reloading: overview counts, previews, Replace fills the upload path, sign out', async ({ page }) => {
  await open(page, '/admin');
  await signInAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const subscribers = (await dbQuery<{ n: number }>('select count(*)::int as n from public.email_captures'))[0]!.n;
  await expect(page.getByTestId('stat-subscribers')).toContainText(subscribers.toLocaleString('en-US'));
  const week = (await dbQuery<{ n: number }>("select count(*)::int as n from public.contact_messages where created_at >= now() - interval '7 days'"))[0]!.n;
  await expect(page.getByTestId('stat-messages-week')).toContainText(week.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-previews')).toContainText(/\d+ of \d+/);

  // A client-side app: the marker survives navigation, which a page load would wipe.
  await page.evaluate(() => ((window as unknown as { __stay: boolean }).__stay = true));
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Previews' }).click();
  await expect(page).toHaveURL(/\/admin\/previews$/);
  await expect(page).toHaveTitle(/^Previews \|/);
  await expect(page.getByRole('heading', { level: 1, name: 'Previews' })).toBeVisible();
  const instagram = page.getByTestId('preview-row').filter({ hasText: 'instagram-detox-preview.pdf' });
  await expect(instagram).toContainText('Present');
  await expect(instagram).toContainText(/\d+ KB|\d+\.\d MB/);
  await expect(instagram.getByRole('link', { name: /Open PDF/ })).toHaveAttribute('href', `${SUPABASE_URL}/storage/v1/object/public/previews/instagram-detox-preview.pdf`);
  await instagram.getByRole('link', { name: 'Replace instagram-detox-preview.pdf' }).click();
  await expect(page).toHaveURL(/\/admin\/upload\?path=instagram-detox-preview\.pdf$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload a Preview PDF' })).toBeVisible();
  await expect(page.getByLabel('Destination path')).toHaveValue('instagram-detox-preview.pdf');
  expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('admin-sign-in')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
});

test('public pages never load the admin app; admin pages do', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  for (const route of ['/', '/contact', '/blog', '/instagram-detox']) {
    await page.goto(route);
    if (await page.locator('[data-island]').count()) await islandsReady(page);
  }
  expect(scripts.filter((s) => /admin/i.test(s))).toEqual([]);
  await open(page, '/admin');
  expect(scripts.some((s) => /admin-app/.test(s))).toBe(true);
});

for (const width of [390, 1280]) {
  test(`signed in, every admin screen fits ${width} px without sideways scrolling, has one h1 and passes axe`, async ({ page }) => {
    // Eight screens, each loaded and checked by axe: over a minute on a busy 2-core machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/admin');
    await signInAdmin(page);
    const problems: string[] = [];
    for (const route of [...ROUTES, '/admin/messages?message=1']) {
      await open(page, route);
      await expect(page.getByTestId('admin-session')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${route}: ${overflow} px wider than the screen`);
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) problems.push(`${route}: ${h1} h1 elements`);
      problems.push(...(await seriousAxeViolations(page, route)));
    }
    expect(problems).toEqual([]);
  });
}

test.describe('the second factor', () => {
  // The seed admin's factors are removed with the recovery SQL of docs/owner/second-factor.md, so the admin enrols again.
  const removeFactors = () =>
    dbQuery('delete from auth.mfa_factors where user_id = (select id from auth.users where email = $1)', [LOCAL_ADMIN_EMAIL]);

  test('the seed admin enrols from the shown secret, reaches the inbox, signs out, and signs in with password and code; wrong and reused codes are refused', async ({ page, context }) => {
    test.setTimeout(120_000);
    await removeFactors();
    const requests = dataRequests(page);
    await open(page, '/admin/messages');
    await submitAdminSignIn(page, LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD);
    // Enrolment before any admin data: a QR code and the secret as text.
    const enrol = page.getByTestId('admin-enrol');
    await expect(enrol.getByRole('heading', { name: 'Set up your second factor' })).toBeVisible();
    await expect(enrol.getByTestId('totp-qr')).toHaveJSProperty('complete', true);
    expect(await enrol.getByTestId('totp-qr').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await enrol.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    expect(requests).toEqual([]);
    expect(await seriousAxeViolations(page, 'enrolment')).toEqual([]);

    const totp = totpOf(secret);
    const step = TOTP.counter();
    const code = totp.generate({ timestamp: step * 30_000 });
    // A wrong code first: refused, clearly.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await enrol.getByLabel('6-digit code').fill(wrong);
    await enrol.getByRole('button', { name: 'Confirm' }).click();
    await expect(enrol.getByTestId('code-error')).toHaveText('Wrong code. Enter the 6-digit code your authenticator app shows now.');
    await enrol.getByLabel('6-digit code').fill(code);
    await enrol.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('message-row').first()).toBeVisible();
    await expect(page.getByTestId('admin-enrol')).toHaveCount(0);
    // The session stays aal2 across a reload.
    await page.reload();
    await islandsReady(page);
    await expect(page.getByTestId('message-row').first()).toBeVisible();
    await expect(page.getByTestId('admin-code')).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('admin-sign-in')).toBeVisible();

    // Password, then the code. Another tab of the same browser follows.
    const other = await context.newPage();
    await submitAdminSignIn(page, LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD);
    const form = page.getByTestId('admin-code');
    await expect(form.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await open(other, '/admin');
    await expect(other.getByTestId('admin-code')).toBeVisible();
    await expect(other.getByTestId('stat-subscribers')).toHaveCount(0);
    // The code used to enrol is refused: each code signs in once.
    await form.getByLabel('6-digit code').fill(code);
    await form.getByRole('button', { name: 'Verify' }).click();
    await expect(form.getByTestId('code-error')).toHaveText('This code was already used. Wait for the next one.');
    await expect(page.getByTestId('message-row')).toHaveCount(0);
    await giveCode(page, await nextCode());
    await expect(page.getByTestId('message-row').first()).toBeVisible();
    await expect(other.getByTestId('stat-subscribers')).toBeVisible();
    // Signing out here ends it there too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(other.getByTestId('admin-sign-in')).toBeVisible();
  });

  test('five wrong codes in a row wait before the next try', async ({ page }) => {
    // Only this test's wrong codes count: the server's own limit (five per factor) is tests/standin's.
    await forgetWrongCodes();
    await open(page, '/admin');
    await submitAdminSignIn(page, LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD);
    const form = page.getByTestId('admin-code');
    const field = form.getByLabel('6-digit code');
    const verify = form.getByRole('button', { name: 'Verify' });
    for (let i = 0; i < 5; i++) {
      await field.fill('000000'.slice(String(i).length) + String(i));
      await verify.click();
      await expect(form.getByTestId('code-error')).toBeVisible();
      if (i < 4) await expect(form.getByTestId('code-error')).toContainText('Wrong code');
    }
    await expect(form.getByTestId('code-error')).toContainText(/Five wrong codes in a row\. Wait \d+ seconds before the next try\./);
    await expect(verify).toBeDisabled();
    expect(await seriousAxeViolations(page, 'code form')).toEqual([]);
    // Still waiting after a reload.
    await page.reload();
    await islandsReady(page);
    await expect(page.getByTestId('admin-code').getByTestId('code-error')).toContainText('Five wrong codes in a row');
    await expect(page.getByTestId('admin-code').getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  test('the settings screen lists the authenticators, adds a new one and removes the old one', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, '/admin/settings');
    await signInAdmin(page);
    const rows = page.getByTestId('factor-row');
    const before = await rows.count();
    expect(before).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Add another authenticator' }).click();
    const enrol = page.getByTestId('admin-enrol');
    const secret = (await enrol.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    await enrol.getByLabel('6-digit code').fill(totpOf(secret).generate());
    await enrol.getByRole('button', { name: 'Confirm' }).click();
    await expect(rows).toHaveCount(before + 1);
    // A new phone replaces the old one: the first authenticator is removed; this session, raised by
    // the new one's code, stays signed in.
    const first = rows.first();
    const name = (await first.locator('p').first().textContent())!;
    await first.getByRole('button', { name: `Remove ${name}` }).click();
    await first.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: 'Authenticator removed' })).toBeVisible();
    await expect(rows).toHaveCount(before);
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
    const [{ n }] = (await dbQuery<{ n: number }>(
      `select count(*)::int as n from auth.mfa_factors f join auth.users u on u.id = f.user_id where u.email = $1 and f.status = 'verified'`,
      [LOCAL_ADMIN_EMAIL],
    )) as [{ n: number }];
    expect(n).toBe(before);
  });
});

test.describe('hourly limits', () => {
  const setSiteLimit = (perHour: number) =>
    dbQuery(`update private.hourly_limits set per_hour = $1 where action = 'contact_messages' and scope = 'site'`, [perHour]);
  test.afterEach(async () => {
    await setSiteLimit(200);
  });

  test('past the site-wide cap the contact form asks the browser for a proof of work and the message gets through; the overview shows the tripped hour', async ({ page }) => {
    // The cap set low through its one place of configuration (the test control's SQL): one more
    // message this hour, then the breaker trips.
    const [{ n }] = (await dbQuery<{ n: number }>(
      `select coalesce(sum(requests), 0)::int as n from public.rate_limit_windows
       where action = 'contact_messages' and scope = 'site' and window_start = date_trunc('hour', now())`,
    )) as [{ n: number }];
    await setSiteLimit(n + 1);
    // Every answer of the contact function, in order, with when it came.
    const answers: { status: number; at: number }[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/rest/v1/rpc/send_contact_message')) answers.push({ status: r.status(), at: Date.now() });
    });
    const send = async (subject: string) => {
      answers.length = 0;
      await page.goto('/contact');
      await islandsReady(page);
      // What the form showed while the browser solved: the calm line, with every field as typed.
      await page.evaluate(() => {
        const w = window as unknown as { seenWhileChecking?: string[] };
        new MutationObserver(() => {
          if (w.seenWhileChecking || !document.querySelector('[data-testid="contact-checking"]')) return;
          w.seenWhileChecking = [...document.querySelectorAll<HTMLInputElement>('[data-testid="contact-form"] [name]')].map((f) => f.value);
        }).observe(document.body, { childList: true, subtree: true });
      });
      const form = page.getByTestId('contact-form');
      await form.getByLabel('First name').fill('Cap');
      await form.getByLabel('Last name').fill('Test');
      await form.getByLabel('Email').fill(`${unique('cap')}@example.com`);
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Message').fill('Testing the hourly cap.');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Message sent successfully!')).toBeVisible({ timeout: 30_000 });
      return answers.map((a) => a.status);
    };
    expect(await send(unique('under the cap'))).toEqual([200]);
    const over = unique('over the cap');
    expect(await send(over)).toEqual([429, 200]);
    const seen = await page.evaluate(() => (window as unknown as { seenWhileChecking?: string[] }).seenWhileChecking);
    expect(seen, 'the calm line was shown while solving, the fields kept').toContain(over);
    expect(seen).toContain('Testing the hourly cap.');
    // The proof of work, from the refusal to the accepted call (solving plus one round trip).
    console.log(`proof of work in Chromium: ${answers[1]!.at - answers[0]!.at} ms`);
    expect(await dbQuery('select id from public.contact_messages where subject = $1', [over])).toHaveLength(1);

    await open(page, '/admin');
    await signInAdmin(page);
    await expect(page.getByTestId('limit-reached').first()).toContainText('Contact messages: the limit for the whole site was reached');

    // The breaker is shown tripped, and the owner reopens the form for the rest of the hour: no proof asked.
    const closed = page.getByTestId('site-limit-closed');
    await expect(closed).toContainText('The contact form asks every visitor for a proof of work');
    await closed.getByRole('button', { name: 'Reopen for this hour' }).click();
    await expect(page.getByText('The contact form is open again')).toBeVisible();
    await expect(closed).toHaveCount(0);
    expect(await send(unique('after reopening'))).toEqual([200]);
  });
});
