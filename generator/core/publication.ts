// Drafts and scheduled pages: which pages a build publishes as of a moment, what it will publish next,
// and the links that would be broken on the live site because they point at a page not yet published.
// Every page is still validated; only `npm run build` (and `npm start`) leave unpublished pages out,
// in one place (compile), so the blog index, the feed, the sitemap and every list built from the
// compiled site follow by themselves.
import type { PageDefinition, SiteConfig } from '../../model/page.ts';
import { publicationOf, showMoment } from '../../model/publication.ts';
import type { CheckedDoc, CheckInput } from './cross-check.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { locate, valueAt, withData, type SourceFile } from './source.ts';

export { publicationOf, showMoment, type Publication } from '../../model/publication.ts';

/**
 * A moment as a page or the command line writes it: a date ("2026-12-01", the start of that day in
 * UTC) or a date-time with its zone ("2026-12-01T09:00:00Z", "2026-12-01T09:00+01:00"). A time
 * without a zone is refused: the build machine's zone would otherwise decide when a page goes live.
 */
export function parseMoment(text: string): { ms: number; iso: string } | { error: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}:\d{2})?)?$/.exec(text.trim());
  if (!m) return { error: 'is not a date like "2026-12-01" or a date-time like "2026-12-01T09:00:00Z"' };
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  if (h !== undefined && zone === undefined) return { error: 'has a time but no zone; add Z (UTC) or an offset such as +01:00' };
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return { error: 'is not a day of the calendar' };
  if (h === undefined) return { ms: day.getTime(), iso: day.toISOString() };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return { error: 'is not a time of day' };
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${frac ?? ''}${zone!.toUpperCase()}`);
  return { ms, iso: new Date(ms).toISOString() };
}

/**
 * The moment from which a page is live, for comparing a link's two ends: never for a draft, and
 * otherwise its publishAt or `asOf`, whichever is later (a page live now is live "from now on").
 */
export function liveFrom(page: Pick<PageDefinition, 'draft' | 'publishAt'> | undefined, asOf: Date): number {
  if (!page) return asOf.getTime();
  if (page.draft) return Infinity;
  return Math.max(asOf.getTime(), page.publishAt ? Date.parse(page.publishAt) : -Infinity);
}

export interface Schedule {
  /** The moment the site was built as of (UTC ISO). */
  builtAsOf: string;
  /** The earliest publishAt still in the future: a rebuild from then on publishes something. */
  nextPublishAt: string | null;
  /** Pages waiting for their moment, earliest first. */
  scheduled: { route: string; file: string; publishAt: string }[];
  /** Pages with `draft: true`. */
  drafts: { route: string; file: string }[];
}

export function scheduleOf(pages: readonly PageDefinition[], asOf: Date): Schedule {
  const scheduled: Schedule['scheduled'] = [];
  const drafts: Schedule['drafts'] = [];
  for (const page of pages) {
    const p = publicationOf(page, asOf);
    if (p.state === 'draft') drafts.push({ route: page.route, file: page.file });
    if (p.state === 'scheduled') scheduled.push({ route: page.route, file: page.file, publishAt: p.publishAt });
  }
  scheduled.sort((a, b) => a.publishAt.localeCompare(b.publishAt) || a.route.localeCompare(b.route));
  return { builtAsOf: asOf.toISOString(), nextPublishAt: scheduled[0]?.publishAt ?? null, scheduled, drafts };
}

/** The served file a scheduler reads (see `scheduleFile`). */
export const SCHEDULE_FILE = 'schedule.json';

/**
 * What dist/schedule.json holds: when the build was made as of, and when a rebuild would publish
 * something. It is served with the site, so it names no unpublished route or title; the build's
 * output (a CI log, not public) lists them.
 */
export function scheduleFile(s: Schedule): string {
  return `${JSON.stringify({ builtAsOf: s.builtAsOf, nextPublishAt: s.nextPublishAt }, null, 2)}\n`;
}

/** A build made as of a moment is out of date once its next publication is due, or when it was made for a later moment. */
export function scheduleIsDue(fileText: string, now: Date): boolean {
  try {
    const { builtAsOf, nextPublishAt } = JSON.parse(fileText) as { builtAsOf?: string; nextPublishAt?: string | null };
    if (builtAsOf && Date.parse(builtAsOf) > now.getTime()) return true;
    return !!nextPublishAt && Date.parse(nextPublishAt) <= now.getTime();
  } catch {
    return true;
  }
}

/** Why a page is not live as of `asOf`, for messages; undefined when it is. */
function notLiveBecause(page: PageDefinition, asOf: Date): string | undefined {
  const p = publicationOf(page, asOf);
  if (p.state === 'draft') return `is a draft (draft: true in ${page.file})`;
  if (p.state === 'scheduled') return `publishes only at ${showMoment(p.publishAt)} (publishAt in ${page.file})`;
  return undefined;
}

/** In the dev server drafts are shown, so what would break the live site is a warning there. */
const softenedIn = (dev: boolean) => (d: Diagnostic): Diagnostic => (dev ? { ...d, severity: 'warning' } : d);

/**
 * A link is broken on the live site for a while when its target goes live later than the page that
 * holds it: a published page linking to a draft or to a later scheduled page. Links from drafts, or
 * between pages published in that order, are fine.
 */
export function publicationLinkRule(asOf: Date, dev: boolean): NonNullable<CheckInput['linkRule']> {
  return (from, to, href, at) => {
    if (liveFrom(to, asOf) <= liveFrom(from.page, asOf)) return undefined;
    const why = notLiveBecause(to, asOf) ?? `publishes at ${showMoment(to.publishAt!)}, after this page`;
    return softenedIn(dev)(diagnostic('LinkToUnpublished', at(), href, why));
  };
}

/**
 * A catalogue product whose sales page is not live yet is unreleased: a build leaves it out of the
 * catalogue it renders from, so the landing cards, the footer's guides and the admin list skip it by
 * themselves. Its catalogue entry and draft page may be committed and validated meanwhile.
 */
export function unreleasedProducts(site: SiteConfig, pages: readonly PageDefinition[], asOf: Date): Map<string, PageDefinition> {
  const byRoute = new Map(pages.map((p) => [p.route, p] as const));
  const out = new Map<string, PageDefinition>();
  for (const product of site.products) {
    const page = byRoute.get(product.route);
    if (page && liveFrom(page, asOf) > asOf.getTime()) out.set(product.id, page);
  }
  return out;
}

/**
 * What else follows from drafts and schedules: a live page (or the site config: navigation, bundles,
 * footer lists) naming an unreleased product by id, and an article dated before it is published.
 */
export function publicationChecks(site: SiteConfig, docs: readonly CheckedDoc[], asOf: Date, dev: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  const unreleased = unreleasedProducts(site, docs.flatMap((d) => (d.page ? [d.page] : [])), asOf);
  for (const { page: from, source, fields } of docs) {
    for (const field of fields) {
      if (field.kind !== 'productId') continue;
      const id = valueAt(source.data, field.path);
      const target = typeof id === 'string' ? unreleased.get(id) : undefined;
      // Its own page, or a page going live no earlier than the product's, may name it.
      if (!target || liveFrom(target, asOf) <= liveFrom(from, asOf)) continue;
      out.push(softenedIn(dev)(diagnostic('UnpublishedProductPage', locate(source, field.path), String(id), target.route, notLiveBecause(target, asOf)!)));
    }
  }
  for (const { page, source } of docs) {
    const date = page?.article?.date;
    if (!date || !page.publishAt || date >= page.publishAt.slice(0, 10)) continue;
    out.push(diagnostic('DateBeforePublishAt', locate(source, ['article', 'date']), date, showMoment(page.publishAt)));
  }
  return out;
}

/** Reads a page's `publishAt` as written, normalised to UTC ISO, or the located error. */
export function readPublishAt(source: SourceFile): { publishAt?: string; error?: Diagnostic } {
  const value = (source.data as { publishAt?: unknown }).publishAt;
  if (typeof value !== 'string') return {};
  const m = parseMoment(value);
  if ('error' in m) return { error: diagnostic('InvalidPublishAt', locate(source, ['publishAt']), value, m.error) };
  return { publishAt: m.iso };
}

/** The build's account of what it left out and when a rebuild would publish the next page. */
export function scheduleSummary(s: Schedule, scheduleFilePath: string): string {
  const lines: string[] = [];
  if (s.drafts.length) lines.push(`  drafts left out (draft: true): ${s.drafts.map((d) => d.route).join(', ')}`);
  for (const p of s.scheduled) lines.push(`  scheduled: ${p.route} publishes at ${showMoment(p.publishAt)} (${p.publishAt})`);
  const due = s.scheduled.filter((p) => p.publishAt === s.nextPublishAt).map((p) => p.route);
  lines.push(
    s.nextPublishAt
      ? `  next publication: ${s.nextPublishAt} (${due.join(', ')}); rebuild then. Written to ${scheduleFilePath}.`
      : `  next publication: none scheduled (${scheduleFilePath}).`,
  );
  return lines.join('\n');
}

/** Whether a page file is live as of `asOf`, read from its own fields before the page is defined. */
export function sourceIsLive(source: SourceFile, asOf: Date): boolean {
  const data = source.data as { draft?: unknown };
  return liveFrom({ draft: data.draft === true, publishAt: readPublishAt(source).publishAt }, asOf) <= asOf.getTime();
}

/**
 * The site config as the live site shows it: without the products whose page is not live, so the
 * catalogue's own tokens ({countWord:ultimate}) and a bundle's figures count only released products.
 * Undefined when every product is released.
 */
export function liveConfig(siteSource: SourceFile, liveByRoute: ReadonlyMap<string, boolean>): SourceFile | undefined {
  const data = siteSource.data as SiteConfig;
  const products = data.products.filter((p) => liveByRoute.get(p.route) !== false);
  if (products.length === data.products.length) return undefined;
  return withData(siteSource, { ...data, products });
}
