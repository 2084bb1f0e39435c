import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CONTROL_TOKEN_HEADER } from '../../generator/host/test-control.ts';
import { E2E_PORT, E2E_SUPABASE_PORT } from '../ports.ts';

/** Waits until every island on the page has hydrated: the page's ready flag covers those that load at
 * once or when idle; each that waits to be visible is scrolled to and waited for, then the page is
 * scrolled back to the top. */
export async function islandsReady(page: Page): Promise<void> {
  // Islands load after the first painted frame and idle ones when the browser is idle: under a paused
  // fake clock (page.clock) those callbacks wait for the clock, so it is moved on a frame at a time,
  // less than a second in all (no countdown second passes).
  const fakeClock = await page.evaluate(() => '__pwClock' in globalThis);
  let moved = 0;
  const settle = async (done: () => Promise<boolean>) => {
    while (fakeClock && moved < 800 && !(await done())) {
      await page.clock.runFor(20);
      moved += 20;
      await page.waitForTimeout(20);
    }
  };
  await settle(async () => (await page.locator('html[data-islands-ready="true"]').count()) > 0);
  await page.waitForSelector('html[data-islands-ready="true"]');
  // By position among all visible islands, not among those still waiting: a locator of the waiting
  // ones would move on to the next island as soon as this one hydrates.
  const visible = page.locator('[data-island][data-hydrate="visible"]');
  const count = await visible.count();
  if (!count) return;
  for (let i = 0; i < count; i++) {
    const island = visible.nth(i);
    if ((await island.getAttribute('data-hydrated')) !== null) continue;
    // Scrolling is all a visible island waits for (an IntersectionObserver, which no fake clock holds
    // back); the clock stays where it is, so timed islands already running are not moved on. Scrolled
    // at once: the site's smooth scrolling (scroll-behavior) would paint every frame of the way.
    await island.evaluate((el) => (el.firstElementChild ?? el.parentElement!).scrollIntoView({ behavior: 'instant' }));
    await expect(island).toHaveAttribute('data-hydrated', /^(true|error)$/);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** A paused fake clock: time moves only through page.clock.runFor, so timed tests are exact. */
export async function pausedClock(page: Page): Promise<void> {
  const start = new Date('2026-01-01T12:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

const CONTROL = `http://127.0.0.1:${E2E_PORT + 1}`;
/** The run's token for the control server (made by playwright.config.ts). */
const controlHeaders = () => ({ 'content-type': 'application/json', [CONTROL_TOKEN_HEADER]: process.env.STANDIN_CONTROL_TOKEN ?? '' });

/** Rows from the local database as its owner (past row-level security), through `npm start`'s test control port. */
export async function dbQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const res = await fetch(`${CONTROL}/query`, { method: 'POST', headers: controlHeaders(), body: JSON.stringify({ sql, params }) });
  const body = (await res.json()) as T[] | { error: string };
  if (!res.ok) throw new Error((body as { error: string }).error);
  return body as T[];
}

/** Adds a user who can sign in with a password (app_metadata given, e.g. { role: 'admin' }). */
export async function createUser(email: string, password: string, appMetadata?: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${CONTROL}/users`, { method: 'POST', headers: controlHeaders(), body: JSON.stringify({ email, password, appMetadata }) });
  return ((await res.json()) as { id: string }).id;
}

/** The local stand-in's address as the e2e build sees it. */
/** Removes a stored object (its row and its bytes) from the site's own stand-in, through the test control port. */
export async function removeObject(bucket: string, name: string): Promise<void> {
  const res = await fetch(`${CONTROL}/objects/remove`, { method: 'POST', headers: controlHeaders(), body: JSON.stringify({ bucket, name }) });
  if (!res.ok) throw new Error(`control /objects/remove: ${res.status} ${await res.text()}`);
}

export const SUPABASE_URL = `http://127.0.0.1:${E2E_SUPABASE_PORT}`;

/** The routes the built site lists in its sitemap (every page but /404 and /admin/...). */
export async function sitemapRoutes(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/** Opens an admin route and waits until it knows whether someone is signed in. */
export async function openAdmin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await islandsReady(page);
  await expect(page.getByTestId('admin-checking')).toHaveCount(0);
}

/** Fills in and sends the admin sign-in form. */
export async function submitAdminSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByTestId('admin-sign-in');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}
