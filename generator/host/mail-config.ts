// What npm start and npm run dev read of site.config.yaml for the local sender before anything is
// compiled (as analytics-config.ts reads `analytics`): the sender, and the site's name and address for
// the List-Id and the Message-IDs. Locally neither the provider nor its rate (mail.perSecond) matters:
// every mail goes to the catcher, as fast as it takes them. A value the schema would refuse falls back
// to a safe one; npm run validate names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface LocalMailSettings {
  from: string;
  replyTo?: string;
  siteUrl: string;
  siteName: string;
}

interface ConfigShape {
  site?: { name?: unknown; url?: unknown } | null;
  mail?: { from?: unknown; replyTo?: unknown } | null;
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
  return {
    from: text(config?.mail?.from) ?? `${siteName} <hello@${new URL(siteUrl).hostname}>`,
    replyTo: text(config?.mail?.replyTo),
    siteUrl,
    siteName,
  };
}
