import type { Page } from '@playwright/test';

/** Waits until every island on the page has hydrated. */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForSelector('html[data-islands-ready="true"]');
}

/** A paused fake clock: time moves only through page.clock.runFor, so timed tests are exact. */
export async function pausedClock(page: Page): Promise<void> {
  const start = new Date('2026-01-01T12:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}
