// The stand-in purges the list at every start, as pg_cron does daily on a hosted project
// (list.purge_pending): an address left pending for more than 30 days is gone after a restart; a
// younger pending one and one confirmed long ago stay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startStandIn } from '../../supabase/local/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'standin-purge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('deletes addresses pending for more than 30 days when it starts, and only those', async () => {
  const first = await startStandIn({ port: 0, dataDir: dir, quiet: true });
  try {
    await first.query(
      `insert into public.email_captures (email, status, status_changed_at, consented_at) values
         ('pending-31-days@example.com', 'pending', now() - interval '31 days', now() - interval '31 days'),
         ('pending-29-days@example.com', 'pending', now() - interval '29 days', now() - interval '29 days'),
         ('confirmed-400-days@example.com', 'confirmed', now() - interval '400 days', now() - interval '400 days')`,
    );
  } finally {
    await first.close();
  }
  const again = await startStandIn({ port: 0, dataDir: dir, quiet: true });
  try {
    const { rows } = await again.query<{ email: string }>('select email from public.email_captures order by email');
    expect(rows.map((r) => r.email)).toEqual(['confirmed-400-days@example.com', 'pending-29-days@example.com']);
  } finally {
    await again.close();
  }
}, 120_000);
