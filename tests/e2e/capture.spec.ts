// The starter-kit capture end to end against the local stand-in: stored in the database; with the
// backend down the address waits in the browser, the visitor still gets the kit, and a later visit
// sends it; the public key cannot read the lists.
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { dbQuery, islandsReady, SUPABASE_URL } from './helpers.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function submit(page: import('@playwright/test').Page, email: string) {
  const form = page.getByTestId('capture-form');
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  const button = form.getByRole('button');
  const download = page.waitForEvent('download');
  await button.click();
  return download;
}

test('a captured address is stored, trimmed and lower-cased, and the kit downloads', async ({ page }) => {
  const email = unique('Reader');
  await page.goto('/#email-capture');
  await islandsReady(page);
  const download = await submit(page, `  ${email}  `);
  await expect(page.getByTestId('capture-thanks')).toContainText(email);
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Your free starter kit is downloading now and your email has been captured!')).toBeVisible();
  expect((await download).suggestedFilename()).toBe('free-detox-starter-kit.pdf');
  await expect(page.getByRole('link', { name: 'click here' })).toHaveAttribute('href', '/free-detox-starter-kit.pdf');
  const rows = await dbQuery<{ email: string; source: string }>('select email, source from public.email_captures where email = $1', [email.toLowerCase()]);
  expect(rows).toEqual([{ email: email.toLowerCase(), source: 'starter_kit' }]);
  expect(await page.evaluate(() => localStorage.getItem('captured_emails'))).toBeNull();
});

test('the button says Processing... while the address is saved', async ({ page }) => {
  await page.goto('/#email-capture');
  await islandsReady(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`${SUPABASE_URL}/rest/v1/rpc/**`, async (route) => {
    await held;
    await route.continue();
  });
  const form = page.getByTestId('capture-form');
  await form.getByRole('textbox', { name: 'Email address' }).fill(unique('slow'));
  await form.getByRole('button').click();
  await expect(form.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await expect(page.getByTestId('capture-thanks')).toBeVisible();
});

test('with the backend down the address waits in captured_emails, then a later visit stores it', async ({ page }) => {
  const email = unique('offline');
  await page.route(`${SUPABASE_URL}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/#email-capture');
  await islandsReady(page);
  const download = await submit(page, email);
  await expect(page.getByTestId('capture-thanks')).toContainText(email);
  await expect(page.getByText('Success!')).toBeVisible();
  expect((await download).suggestedFilename()).toBe('free-detox-starter-kit.pdf');
  const queued = JSON.parse((await page.evaluate(() => localStorage.getItem('captured_emails'))) ?? '[]') as { email: string; source: string; timestamp: string; sent: boolean }[];
  expect(queued).toHaveLength(1);
  expect(queued[0]).toMatchObject({ email, source: 'starter_kit', sent: false });
  expect(Date.parse(queued[0]!.timestamp)).toBeGreaterThan(Date.now() - 60_000);
  expect(await dbQuery('select 1 from public.email_captures where email = $1', [email])).toEqual([]);

  // The backend answers again: the next page load sends the queued address, once.
  await page.unroute(`${SUPABASE_URL}/**`);
  let rpcCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/rpc/capture_starter_kit_email')) rpcCalls++;
  });
  await page.goto('/');
  await islandsReady(page);
  await expect.poll(async () => (await dbQuery('select email from public.email_captures where email = $1', [email])).length).toBe(1);
  await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('captured_emails'))) ?? '[]')[0]?.sent).toBe(true);
  await page.goto('/blog');
  await islandsReady(page);
  await page.waitForTimeout(500);
  expect(rpcCalls).toBe(1);
});

test('the starter kit is a real several-page PDF', async ({ request }) => {
  const res = await request.get('/free-detox-starter-kit.pdf');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const body = await res.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await PDFDocument.load(body);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
  expect(pdf.getTitle()).toMatch(/3-Day Digital Detox Starter Kit/);
});

test('the public key cannot read the mailing list or the contact messages', async ({ request }) => {
  await dbQuery("select public.capture_starter_kit_email('listed@example.com')");
  for (const table of ['email_captures', 'contact_messages']) {
    const res = await request.get(`${SUPABASE_URL}/rest/v1/${table}?select=*`, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` } });
    const text = await res.text();
    expect(res.status(), `${table}: ${text}`).toBeGreaterThanOrEqual(400);
    expect(text).not.toContain('listed@example.com');
  }
});

test('the landing page downloads supabase-js only when the visitor submits the form', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/#email-capture');
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.includes('/assets/react-'))).toBe(true);
  expect(scripts.filter((s) => s.includes('/assets/supabase-'))).toEqual([]);
  await submit(page, unique('lazy'));
  await expect(page.getByTestId('capture-thanks')).toBeVisible();
  expect(scripts.filter((s) => s.includes('/assets/supabase-'))).toHaveLength(1);
});
