// The studio's select (studio/controls.tsx, Radix) as a person uses it: a button (role combobox) named
// by its label, opened to show its options (role option), one picked by its name.
import type { Locator, Page } from '@playwright/test';

/** The options a select offers, by their names, read with the list open; the list is closed again. */
export async function optionsOf(page: Page, select: Locator): Promise<string[]> {
  await select.click();
  const list = page.getByRole('listbox');
  await list.waitFor();
  const names = await list.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
  return names;
}

/** Picks the option named `name` in the select labelled `label`. */
export async function choose(page: Page, label: string, name: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}
