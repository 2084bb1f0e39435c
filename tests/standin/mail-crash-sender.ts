// A sender for mail-crash.test.ts, in a process of its own so the test can kill it with SIGKILL: the
// stand-in on a data folder (PGlite) with its mailer, and the catcher keeping mail in that folder, as
// npm start runs them. `seed N` first makes N confirmed subscribers and queues a newsletter to them.
// It drains until nothing is queued or being sent, then prints what the database and the catcher hold.
//   npx tsx tests/standin/mail-crash-sender.ts <data dir> <dist dir> [seed N]
import { join } from 'node:path';
import { startMailCatcher } from '../../supabase/local/mail-catcher.ts';
import { startStandIn } from '../../supabase/local/server.ts';

const [dataDir, distDir, seed, count] = process.argv.slice(2);
const catcher = await startMailCatcher({ httpPort: 0, smtpPort: 0, dir: join(dataDir!, 'mail') });
const standIn = await startStandIn({
  port: 0, dataDir, quiet: true,
  mail: {
    smtpUrl: catcher.smtpUrl, distDir: distDir!, pollMs: 3_600_000, leaseSeconds: 3,
    settings: { from: 'Site <hello@site.example>', siteUrl: 'https://site.example', siteName: 'Site', origin: 'http://localhost:4173' },
  },
});
if (seed === 'seed') {
  await standIn.query(`insert into public.email_captures (email, source, status, consented_at) select 'reader' || g || '@example.net', 'starter_kit', 'confirmed', now() from generate_series(1, $1::int) g`, [Number(count)]);
  await standIn.query(`insert into list.sends (newsletter) values ('crash-news')`);
  await standIn.query(`insert into list.deliveries (newsletter, subscriber_id) select 'crash-news', id from public.email_captures`);
  console.log('seeded');
}
for (;;) {
  await standIn.mail!.drain();
  const left = Number((await standIn.query<{ n: string }>(`select count(*) as n from list.deliveries where status in ('queued', 'sending')`)).rows[0]!.n);
  if (!left) break;
  // Deliveries a killed sender left `sending` wait for their lease.
  await new Promise((r) => setTimeout(r, 500));
}
const statuses = (await standIn.query<{ status: string; n: string }>(`select status, count(*) as n from list.deliveries group by status`)).rows;
const messages = catcher.store.list();
console.log(JSON.stringify({ statuses: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])), caught: messages.length, distinct: new Set(messages.map((m) => m.MessageID)).size, refused: catcher.store.duplicates }));
await standIn.close();
await catcher.close();
