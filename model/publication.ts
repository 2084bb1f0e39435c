// Whether a page is live as of a moment (drafts and scheduled pages), shared by the generator, which
// leaves unpublished pages out of a build, and the runtime, which marks them in the dev server.
import type { PageDefinition } from './page.ts';

export type Publication = { state: 'published' } | { state: 'draft' } | { state: 'scheduled'; publishAt: string };

/** Whether a page is live as of `asOf`. `page.publishAt` is already normalised to UTC ISO. */
export function publicationOf(page: Pick<PageDefinition, 'draft' | 'publishAt'>, asOf: Date): Publication {
  if (page.draft) return { state: 'draft' };
  if (page.publishAt && Date.parse(page.publishAt) > asOf.getTime()) return { state: 'scheduled', publishAt: page.publishAt };
  return { state: 'published' };
}

/** "1 Dec 2026, 09:00 UTC", or "1 Dec 2026" at midnight UTC: how a ribbon and the build's output show a moment. */
export function showMoment(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;
  return midnight ? day : `${day}, ${d.toISOString().slice(11, 16)} UTC`;
}
