// What npm start and the stand-in read of site.config.yaml's `analytics` before anything is compiled
// (a server starting does not compile the site): whether it counts, and how long raw events are kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The schema's default for analytics.rawDays (schemas/site-config.schema.json), and the database's (analytics.settings.raw_days). */
export const DEFAULT_RAW_DAYS = 30;

function analyticsOf(root: string): { enabled?: boolean; rawDays?: unknown } | undefined {
  try {
    const analytics = (parse(readFileSync(join(root, 'site.config.yaml'), 'utf8')) as { analytics?: { enabled?: boolean; rawDays?: unknown } | null } | null)?.analytics;
    return analytics ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether the site under `root` counts (site.config.yaml `analytics`, enabled unless it says false). */
export function analyticsEnabled(root: string): boolean {
  const analytics = analyticsOf(root);
  return analytics !== undefined && analytics.enabled !== false;
}

/**
 * analytics.rawDays, for the database's analytics.settings.raw_days: the days the privacy page promises
 * raw events are kept. The default when absent; undefined when it is not a whole number the schema
 * allows (npm run validate names it; the database keeps what it had).
 */
export function analyticsRawDays(root: string): number | undefined {
  const days = analyticsOf(root)?.rawDays ?? DEFAULT_RAW_DAYS;
  return Number.isInteger(days) && (days as number) >= 1 && (days as number) <= 3650 ? (days as number) : undefined;
}
