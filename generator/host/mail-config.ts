// What npm start and npm run dev read of site.config.yaml for the local sender before anything is
// compiled (as analytics-config.ts reads `analytics`): the sender, the rate, and the site's name and
// address for the List-Id and the Message-IDs. Locally the provider does not matter: every mail goes
// to the catcher. A value the schema would refuse falls back to a safe one; npm run validate names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface LocalMailSettings {
  from: string;
  replyTo?: string;
  perSecond: number;
  siteUrl: string;
  siteName: string;
}

/** The schema's default for mail.perSecond (schemas/site-config.schema.json). */
export const DEFAULT_PER_SECOND = 2;

interface ConfigShape {
  site?: { name?: unknown; url?: unknown } | null;
  mail?: { from?: unknown; replyTo?: unknown; perSecond?: unknown } | null;
}

function readConfig(root: string): ConfigShape | null {
  try {
    return parse(readFileSync(join(root, 'site.config.yaml'), 'utf8')) as ConfigShape | null;
  } catch {
    return null;
  }
}

export function localMailSettings(root: string): LocalMailSettings {
  const config = readConfig(root);
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  let siteUrl = text(config?.site?.url) ?? 'https://site.example';
  try {
    new URL(siteUrl);
  } catch {
    siteUrl = 'https://site.example';
  }
  const siteName = text(config?.site?.name) ?? new URL(siteUrl).hostname;
  const perSecond = config?.mail?.perSecond;
  return {
    from: text(config?.mail?.from) ?? `${siteName} <hello@${new URL(siteUrl).hostname}>`,
    replyTo: text(config?.mail?.replyTo),
    perSecond: Number.isInteger(perSecond) && (perSecond as number) >= 1 ? (perSecond as number) : DEFAULT_PER_SECOND,
    siteUrl,
    siteName,
  };
}
