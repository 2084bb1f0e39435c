import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const MIGRATIONS = join(import.meta.dirname, '../migrations');

/** The newest generated bot-pattern migration, or undefined. */
export function latestBotMigration(): string | undefined {
  const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('_analytics_bots.sql')).sort();
  return files.length ? join(MIGRATIONS, files.at(-1)!) : undefined;
}
