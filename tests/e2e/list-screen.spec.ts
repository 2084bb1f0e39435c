// The owner's list screen (/admin/subscribers) at a desktop's and a phone's width: the counts by status
// are the database's, each address shows its status and consent record, the CSV export carries both,
// an import keeps statuses but never confirms an address without a consent date, one address is erased
// after a dialog, and at 390 px every control, the last column's Erase included, can be reached. The
// insights screen shows subscribers per day beside the visits. Full-page pictures of both widths go to
// SHOTS_DIR (default: the system's temporary folder), for a person to look at.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PRIVACY_WORDING, wordingVersion } from '../../model/list/consent.ts';
import { SUBSCRIBER_STATUSES } from '../../model/list/status.ts';
import { signInAdmin } from './admin-second-factor.ts';
import { dbQuery, openAdmin } from './helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'owners-list-shots');
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function capturedThroughTheDatabase(email: string, route: string) {
  await dbQuery(`select public.capture_starter_kit_email($1, null, $2, 'email-capture', $3)`, [email, route, await wordingVersion(PRIVACY_WORDING)]);
}

async function expectCountsOfTheDatabase(page: Page) {
  const counts = await dbQuery<{ status: string; n: number }>('select status, count(*)::int as n from public.email_captures group by status');
  for (const status of SUBSCRIBER_STATUSES) {
    const n = counts.find((c) => c.status === status)?.n ?? 0;
    await expect(page.getByTestId(`list-count-${status}`).getByTestId('value'), status).toHaveText(n.toLocaleString('en-US'));
  }
}

test('the list at 1280 px: counts, consent records, export, import that never confirms without consent, erasure', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const given = unique('listed');
  await capturedThroughTheDatabase(given, '/blog');
  await openAdmin(page, '/admin/subscribers');
  await signInAdmin(page);
  await expectCountsOfTheDatabase(page);
  // At a desktop's width the list fits: nothing to scroll sideways.
  await expect(page.getByTestId('subscribers-table')).toBeVisible();
  await expect(page.getByTestId('scroll-cue')).toHaveCount(0);
  // The app published the privacy wording the forms show, so the screen can name it.
  await expect.poll(async () => (await dbQuery<{ wording: string }>('select wording from private.consent_wordings where version = $1', [await wordingVersion(PRIVACY_WORDING)]))[0]?.wording).toBe(PRIVACY_WORDING);

  const row = page.locator(`[data-testid="subscriber-row"][data-email="${given}"]`);
  await expect(row.getByTestId('subscriber-status')).toHaveText('Pending');
  await expect(row.getByTestId('subscriber-consent')).toContainText('/blog');
  await expect(row.getByTestId('subscriber-consent')).toContainText('form email-capture');
  await expect(row.getByTestId('subscriber-consent')).toContainText(`wording ${await wordingVersion(PRIVACY_WORDING)}, the current wording`);
  await expect(page.locator('[data-testid="source-row"][data-route="/blog"]')).toBeVisible();

  await test.step('the export carries each address with its status and consent record', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = readFileSync((await (await download).path())!, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,status,consented_at,consent_route,consent_form,consent_wording,source,confirmed_at,unsubscribed_at,subscribed_at');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${given.replace(/\./g, '\\.')},pending,\\d{4}-[^,]+,/blog,email-capture,${await wordingVersion(PRIVACY_WORDING)},starter_kit,`)));
  });

  const withConsent = unique('imported-with-consent');
  const withoutConsent = unique('imported-without-consent');
  await test.step('an import keeps a status with a consent date; without one the address is pending and asked to confirm', async () => {
    const csv = [
      'email,status,consented_at,consent_route',
      `${withConsent},confirmed,2025-03-01T10:00:00Z,another tool's form`,
      `${withoutConsent},confirmed,,`,
      'not an address,confirmed,2025-03-01T10:00:00Z,',
    ].join('\r\n');
    const file = join(test.info().outputPath(), 'import.csv');
    mkdirSync(test.info().outputPath(), { recursive: true });
    writeFileSync(file, csv);
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const report = page.getByTestId('import-result');
    await expect(report.getByTestId('import-inserted')).toHaveText('2');
    await expect(report.getByTestId('import-pending')).toHaveText('1');
    await expect(report.getByTestId('import-refused')).toHaveText('1');
    const statuses = await dbQuery<{ email: string; status: string; asked: boolean }>(
      'select email, status, confirm_due_at is not null or confirm_sent_at is not null as asked from public.email_captures where email = any($1) order by email',
      [[withConsent, withoutConsent]],
    );
    expect(statuses).toEqual([
      { email: withConsent, status: 'confirmed', asked: false },
      { email: withoutConsent, status: 'pending', asked: true },
    ].sort((a, b) => a.email.localeCompare(b.email)));
    await expectCountsOfTheDatabase(page);
  });

  await test.step('one address is erased after the dialog, every trace of it', async () => {
    await page.getByLabel('Search addresses').fill(withConsent);
    await page.getByRole('button', { name: 'Search' }).click();
    const imported = page.locator(`[data-testid="subscriber-row"][data-email="${withConsent}"]`);
    await imported.getByRole('button', { name: `Erase ${withConsent}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase this address?' });
    await expect(dialog).toContainText(withConsent);
    await dialog.getByRole('button', { name: 'Erase everything' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]', { hasText: 'Address erased' })).toBeVisible();
    await expect(imported).toHaveCount(0);
    expect(await dbQuery('select 1 from public.email_captures where email = $1', [withConsent])).toEqual([]);
  });

  await page.goto('/admin/subscribers');
  await expect(page.getByTestId('subscribers-table')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'list-screen-1280.png'), fullPage: true });
});

test('the list at 390 px: every count, control and column can be reached', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await capturedThroughTheDatabase(unique('phone'), '/');
  await openAdmin(page, '/admin/subscribers');
  await signInAdmin(page);
  await expectCountsOfTheDatabase(page);
  // Nothing pushes the page sideways: the wide table scrolls inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const control of [page.getByRole('button', { name: 'Export CSV' }), page.getByLabel('Status', { exact: true }), page.getByLabel('CSV file'), page.getByRole('button', { name: 'Import CSV' })]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport();
  }
  await expect(page.getByTestId('scroll-cue').first()).toBeVisible();
  // The last column's button, scrolled to inside the table, opens its dialog; Cancel leaves everything.
  const erase = page.getByTestId('subscriber-row').first().getByRole('button', { name: /^Erase / });
  await erase.scrollIntoViewIfNeeded();
  await expect(erase).toBeInViewport();
  await erase.click();
  await expect(page.getByRole('alertdialog')).toBeInViewport();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The picture shows the table from its first column, as the owner first sees it.
  await page.evaluate(() => {
    document.querySelectorAll('[data-testid="wide-table"]').forEach((t) => (t.scrollLeft = 0));
    window.scrollTo(0, 0);
  });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'list-screen-390.png'), fullPage: true });
});

test('the insights show subscribers per day beside the visits', async ({ page }) => {
  await openAdmin(page, '/admin/insights?range=7');
  await signInAdmin(page);
  const section = page.getByTestId('insights-list');
  await expect(section.getByRole('heading', { name: 'Subscribers per day' })).toBeVisible();
  const [{ n }] = (await dbQuery<{ n: number }>(`select count(*)::int as n from public.email_captures where status = 'confirmed'`)) as [{ n: number }];
  await expect(section.getByTestId('insights-list-totals')).toContainText(`${n.toLocaleString('en-US')} confirmed subscribers now`);
  await section.getByText('The list per day as a table').click();
  await expect(section.getByTestId('list-daily-table').locator('tbody tr')).toHaveCount(7);
});
