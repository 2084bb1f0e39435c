// `npm run analytics:bots`: writes supabase/migrations/<now>_analytics_bots.sql from the installed
// isbot, unless the newest such migration already holds the same pattern.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, parseCli, runCli, type Command } from '../../generator/cli/args.ts';
import { botMigrationSql } from './bot-pattern.ts';
import { latestBotMigration, MIGRATIONS } from './latest.ts';

const ANALYTICS_BOTS: Command = {
  usage: 'npm run analytics:bots',
  does: "Writes supabase/migrations/<now>_analytics_bots.sql, the database's bot pattern from the installed isbot's list, unless the newest such migration already holds it. Run it after updating isbot, then npm run migrations:write -- --from-migrations (private.is_bot's source, supabase/schemas/private/functions/is_bot.sql, follows the migration) and npm run migrations:lock.",
  examples: ['npm run analytics:bots && npm run migrations:write -- --from-migrations && npm run migrations:lock'],
};

await runCli('analytics:bots', () => {
  parseCli(process.argv.slice(2), ANALYTICS_BOTS);
  const version = (JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/isbot/package.json'), 'utf8')) as { version: string }).version;
  const sql = botMigrationSql(version);
  const latest = latestBotMigration();
  if (latest && readFileSync(latest, 'utf8') === sql) {
    console.log(`${latest}: already isbot ${version}'s pattern; nothing to do.`);
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const file = join(MIGRATIONS, `${stamp}_analytics_bots.sql`);
    writeFileSync(file, sql);
    console.log(`wrote ${file} (isbot ${version})`);
  }
  return EXIT.ok;
});
