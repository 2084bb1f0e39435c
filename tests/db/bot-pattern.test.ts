// The bot list track() refuses is isbot's, said in PostgreSQL's regex dialect: the generated
// migration is up to date with the installed isbot, and the database agrees with isbot itself on
// real browsers' and bots' user agents.
import { readFileSync } from 'node:fs';
import { isbot } from 'isbot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botMigrationSql } from '../../supabase/bots/bot-pattern.ts';
import { latestBotMigration } from '../../supabase/bots/latest.ts';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { bootstrap, migrate } from '../../supabase/local/migrate.ts';

const browsers = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
];
const bots = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
  'python-requests/2.31.0',
  'Go-http-client/1.1',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Wget/1.21.4',
  'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
];

describe('the bot pattern', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    await bootstrap(db);
    await migrate(db);
  });
  afterAll(() => db?.close());

  it('the newest generated migration holds the installed isbot list (else run npm run analytics:bots)', () => {
    const file = latestBotMigration();
    expect(file).toBeDefined();
    const version = (JSON.parse(readFileSync('node_modules/isbot/package.json', 'utf8')) as { version: string }).version;
    expect(readFileSync(file!, 'utf8')).toBe(botMigrationSql(version));
  });

  it('the database says what isbot says', async () => {
    const said = async (ua: string) => (await db.query<{ b: boolean }>('select private.is_bot($1) as b', [ua])).rows[0]!.b;
    for (const ua of [...browsers, ...bots]) expect(await said(ua), ua).toBe(isbot(ua));
    for (const ua of bots) expect(await said(ua), ua).toBe(true);
    for (const ua of browsers) expect(await said(ua), ua).toBe(false);
  });
});
