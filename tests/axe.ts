// axe's serious and critical findings on a page, for the end-to-end tests and the studio's browser tests.
// Each run keeps every violation but only one example of what passed. A page without frames is checked
// by axe run in the page itself (the builder's legacy mode): the builder's default opens a blank page on
// every run to merge the frames' partial results in, and with it a run took about three times as long
// (1.0 s against 0.35 s on the landing page), with the same violations. A page with a frame gets the
// default, which reaches into frames of another origin (a sandboxed preview's) where legacy mode does not.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One line each, `where` first: the rule, its impact and help, and where it found up to three nodes. */
export async function seriousAxeViolations(page: Page, where: string, options: { exclude?: string } = {}): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).options({ resultTypes: ['violations'] });
  if (options.exclude) axe.exclude(options.exclude);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
