import type { Page } from '@playwright/test';

/** Waits until every island on the page has hydrated. */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForSelector('html[data-islands-ready="true"]');
}
