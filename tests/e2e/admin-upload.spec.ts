// /admin/upload: a visitor gets a sign-in form and no upload controls; a wrong password is refused;
// a signed-in non-admin is refused by the database; the admin uploads a real PDF (validation toasts,
// 'Uploading…', the public address serving the same bytes, upsert), the session survives a reload,
// and signing out brings the sign-in form back. And the upload reaches the page: a platform built without
// a preview source shows the owner's upload on its next view, without a rebuild.
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { compiledSite } from './site.ts';
import { startStaticServer } from '../../generator/host/serve.ts';
import { previewPath, productById } from '../../model/catalogue.ts';
import { addPlatform, copyProject, projectRoot } from '../unit/fixture.ts';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD } from '../../supabase/local/keys.ts';
import { signInAdmin } from './admin-second-factor.ts';
import { createUser, islandsReady, openAdmin, removeObject, submitAdminSignIn, SUPABASE_URL as SUPABASE } from './helpers.ts';
import { E2E_PORT } from '../ports.ts';

// The backend the site under test was built against (see playwright.config.ts).
const toSupabase = (url: URL) => url.origin === SUPABASE;
const TEST_PATH = 'tests/e2e-admin-upload.pdf';

/** A small, real PDF made with pdf-lib; the label makes each one's bytes different. */
async function makePdf(label: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(label);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([320, 200]).drawText(`${label}, page ${i}`, { x: 24, y: 100, size: 14, font });
  return Buffer.from(await doc.save());
}

const pdfFile = async (label: string) => ({ name: 'preview.pdf', mimeType: 'application/pdf', buffer: await makePdf(label) });

const openPage = (page: Page) => openAdmin(page, '/admin/upload');
const signIn = submitAdminSignIn;

const uploadButton = (page: Page) => page.getByTestId('admin-upload-form').getByRole('button', { name: 'Upload PDF' });

test('a visitor sees the sign-in form and no upload controls', async ({ page }) => {
  await openPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload a Preview PDF' })).toBeVisible();
  const form = page.getByTestId('admin-sign-in');
  await expect(form.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByLabel('Destination path')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /upload/i })).toHaveCount(0);
});

test('a wrong password is refused, in the page and as a toast', async ({ page }) => {
  await openPage(page);
  await signIn(page, LOCAL_ADMIN_EMAIL, 'not-the-password');
  await expect(page.getByTestId('sign-in-error')).toHaveText('Invalid login credentials');
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText('Sign-in failed');
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText('Invalid login credentials');
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
});

test('a signed-in user who is not an admin may try, and the database refuses the upload with its own message', async ({ page }) => {
  // A member without the admin role, added to the site's own stand-in through the test control port.
  const MEMBER = { email: `member-${Date.now()}@example.com`, password: 'just-a-member-password' };
  await createUser(MEMBER.email, MEMBER.password);
  const before = Buffer.from(await (await fetch(`${SUPABASE}/storage/v1/object/public/previews/facebook-detox-preview.pdf`)).arrayBuffer());
  await openPage(page);
  await signIn(page, MEMBER.email, MEMBER.password);
  const session = page.getByTestId('admin-session');
  await expect(session).toContainText(`Signed in as ${MEMBER.email}`);
  await expect(session).toContainText('not an admin');

  await page.getByLabel('PDF file').setInputFiles(await pdfFile('member upload'));
  await page.getByLabel('Destination path').fill('facebook-detox-preview.pdf');
  await uploadButton(page).click();

  const toast = page.locator('[data-sonner-toast][data-type="error"]');
  await expect(toast).toContainText('Upload failed');
  await expect(toast).toContainText('new row violates row-level security policy');
  const why = page.getByTestId('upload-error');
  await expect(why).toContainText('new row violates row-level security policy');
  await expect(why).toContainText('Only admins may upload previews');
  await expect(page.getByTestId('upload-result')).toHaveCount(0);

  // The preview is untouched.
  const after = Buffer.from(await (await fetch(`${SUPABASE}/storage/v1/object/public/previews/facebook-detox-preview.pdf`)).arrayBuffer());
  expect(after.equals(before)).toBe(true);
});

test('the admin signs in, is told about a missing file and a bad path, uploads a PDF, and can replace it', async ({ page, request }) => {
  await openPage(page);
  await signInAdmin(page);
  const session = page.getByTestId('admin-session');
  await expect(session).toContainText(`Signed in as ${LOCAL_ADMIN_EMAIL}`);
  await expect(session.getByRole('button', { name: 'Sign out' })).toBeVisible();

  const file = page.getByLabel('PDF file');
  const path = page.getByLabel('Destination path');
  await expect(file).toHaveAttribute('accept', 'application/pdf,.pdf');
  await expect(path).toHaveValue('facebook-detox-preview.pdf');

  // No file chosen.
  await uploadButton(page).click();
  await expect(page.getByText('No file selected')).toBeVisible();
  await expect(page.getByText('Please choose a PDF file first.')).toBeVisible();

  // A path that does not end with .pdf.
  const first = await makePdf(`first upload ${Date.now()}`);
  await file.setInputFiles({ name: 'preview.pdf', mimeType: 'application/pdf', buffer: first });
  await path.fill('tests/e2e-admin-upload.txt');
  await uploadButton(page).click();
  await expect(page.getByText('Invalid file name')).toBeVisible();
  await expect(page.getByText('The path must end with .pdf')).toBeVisible();

  // A file that only pretends to be a PDF is not sent.
  await file.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
  await path.fill(TEST_PATH);
  await uploadButton(page).click();
  await expect(page.getByText('Not a PDF file')).toBeVisible();
  await expect(page.getByTestId('upload-result')).toHaveCount(0);

  // The real upload, held for a moment so 'Uploading…' can be seen.
  await file.setInputFiles({ name: 'preview.pdf', mimeType: 'application/pdf', buffer: first });
  let release!: () => void;
  const gate = new Promise<void>((ok) => (release = ok));
  await page.route(
    (url) => toSupabase(url) && url.pathname.startsWith('/storage/v1/object/previews/'),
    async (route) => {
      await gate;
      await route.continue();
    },
    { times: 1 },
  );
  await uploadButton(page).click();
  const uploading = page.getByTestId('admin-upload-form').getByRole('button', { name: 'Uploading…' });
  await expect(uploading).toBeVisible();
  await expect(uploading).toBeDisabled();
  release();

  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Preview is now publicly accessible.')).toBeVisible();
  const expectedUrl = `${SUPABASE}/storage/v1/object/public/previews/${TEST_PATH}`;
  const link = page.getByTestId('public-url');
  await expect(link).toHaveText(expectedUrl);
  await expect(link).toHaveAttribute('href', expectedUrl);
  let served = await request.get(expectedUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await served.body(), first)).toBe(0);

  // The same path again (upsert) replaces the file.
  const second = await makePdf(`second upload ${Date.now()}`);
  await file.setInputFiles({ name: 'preview-v2.pdf', mimeType: 'application/pdf', buffer: second });
  const answer = page.waitForResponse((r) => r.url().startsWith(`${SUPABASE}/storage/v1/object/previews/`) && r.request().method() === 'POST');
  await uploadButton(page).click();
  expect((await answer).status()).toBe(200);
  await expect(uploadButton(page)).toBeEnabled();
  await expect(page.getByText('Upload successful', { exact: true }).first()).toBeVisible();
  await expect(page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'Upload failed' })).toHaveCount(0);
  await expect(link).toHaveText(expectedUrl);
  served = await request.get(expectedUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await served.body(), second)).toBe(0);

  // The session survives a reload (supabase-js keeps it); signing out ends it.
  await page.reload();
  await islandsReady(page);
  await expect(page.getByTestId('admin-session')).toContainText(`Signed in as ${LOCAL_ADMIN_EMAIL}`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('admin-sign-in')).toBeVisible();
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await page.reload();
  await islandsReady(page);
  await expect(page.getByTestId('admin-sign-in')).toBeVisible();
});

// The live catalogue may give every platform a preview source, so the platform without one is added to a
// copy of the site (as a marketer adds one: a catalogue entry and a page file), built against the same
// backend and served on a loopback port of its own. Its id is new each run, so no earlier upload is there.
test.describe('a platform without a preview source', () => {
  const stamp = Date.now().toString(36);
  const NEW = { id: `uploaded${stamp}`, platform: `Uploaded${stamp}`, route: `/uploaded${stamp}-detox`, title: 'Uploaded Detox Plan', shortTitle: 'Uploaded Detox' };
  let dir = '';
  let server: Server | undefined;
  let origin = '';
  let pdfPath = '';
  let bucket = '';
  let uploaded = false;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dir = copyProject('upload-reaches-page-');
    addPlatform(dir, NEW);
    const built = compiledSite(dir);
    expect(built.missingPreviews).toContain(NEW.id);
    pdfPath = previewPath(productById(built.site, NEW.id));
    bucket = built.site.previews.bucket;
    const out = join(dir, 'dist');
    await promisify(execFile)(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/build.ts'], {
      cwd: dir,
      env: { ...process.env, VITE_SUPABASE_URL: SUPABASE, OUT_DIR: out },
      maxBuffer: 64 * 1024 * 1024,
    });
    server = await startStaticServer({ dir: out, port: 0, host: '127.0.0.1', log: () => {} });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  // The upload's id is new each run: without this, every run would leave one more PDF in the
  // persistent .data/e2e-* storage.
  test.afterAll(async () => {
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (bucket && pdfPath) {
      // Where npm start keeps the bytes (DATA_DIR in playwright.config.ts).
      const stored = join(projectRoot, `.data/e2e-${E2E_PORT}`, 'storage', bucket, pdfPath);
      // Its bytes are where this looks, or the check after the removal would prove nothing.
      if (uploaded) expect(existsSync(stored)).toBe(true);
      await removeObject(bucket, pdfPath);
      expect((await fetch(`${SUPABASE}/storage/v1/object/public/${bucket}/${pdfPath}`)).ok).toBe(false);
      expect(existsSync(stored)).toBe(false);
    }
  });

  test("its page says 'Preview coming soon'; once the admin uploads its PDF, its next view shows it, without a rebuild", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const pdfUrl = `${SUPABASE}/storage/v1/object/public/${bucket}/${pdfPath}`;
    const salesPage = `${origin}${NEW.route}`;

    // Nothing uploaded: the island asks the storage's list, which answers 200 with no such file, and
    // nothing asks for the file itself (its missing address would answer 400, an error in the console).
    const listed = `${SUPABASE}/storage/v1/object/list/${bucket}`;
    const asked = page.waitForResponse((r) => r.url() === listed && r.request().method() === 'POST');
    const failed: string[] = [];
    // (A headless browser's page views are refused as a bot's: the beacon's answer is not this test's.)
    page.on('response', (r) => r.url().includes('/storage/v1/') && r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    await page.goto(salesPage);
    await islandsReady(page);
    const answer = await asked;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual([]);
    expect(failed).toEqual([]);
    await expect(page.getByTestId('preview-coming-soon')).toBeVisible();
    await expect(page.getByTestId('pdf-viewer')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveCount(0);

    // The owner uploads the PDF at /admin/upload, to the path the page asks for.
    await openPage(page);
    await signInAdmin(page);
    await page.getByLabel('PDF file').setInputFiles({ name: 'preview.pdf', mimeType: 'application/pdf', buffer: await makePdf(`${NEW.title} preview`, 3) });
    await page.getByLabel('Destination path').fill(pdfPath);
    await uploadButton(page).click();
    await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
    uploaded = true;

    // The same built page, viewed again: the viewer, drawing the uploaded file (its three pages).
    await page.goto(salesPage);
    await islandsReady(page);
    const viewer = page.getByTestId('pdf-viewer');
    await expect(viewer).toBeAttached();
    await viewer.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-testid="pdf-canvas"][data-page="1"]')).toBeAttached({ timeout: 20_000 });
    await expect(page.getByTestId('pdf-status')).toHaveText('Page 1 of 3');
    await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute('href', pdfUrl);
    await expect(page.getByTestId('preview-coming-soon')).toHaveCount(0);

    // Without scripts the page is what was built: 'Preview coming soon', never an empty viewer.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(salesPage);
    await expect(plain.getByTestId('preview-coming-soon')).toBeVisible();
    await expect(plain.getByTestId('pdf-viewer')).toHaveCount(0);
    await noScript.close();
  });
});
