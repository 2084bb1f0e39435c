// site.config.yaml's analytics.rawDays, which the privacy page shows ({countDays}), is the number of days
// the database keeps raw events: the stand-in stores it in analytics.settings.raw_days as it starts
// (generator/cli/backend.ts reads it with generator/host/analytics-config.ts), and analytics.fold() deletes by it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRawDays } from '../../generator/host/analytics-config.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';

const roots: string[] = [];
let standIn: StandIn;
// Started before the tests (PGlite takes seconds to boot, more on a busy machine).
beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true, analyticsRawDays: 7 });
});
afterAll(async () => {
  await standIn?.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function siteWith(config: string): string {
  const root = mkdtempSync(join(tmpdir(), 'raw-days-'));
  roots.push(root);
  writeFileSync(join(root, 'site.config.yaml'), config);
  return root;
}

describe('analytics.rawDays reaches the database', () => {
  it('is read from site.config.yaml: the configured days, the default without one, none when invalid', () => {
    expect(analyticsRawDays(siteWith('name: x\nanalytics:\n  enabled: true\n  rawDays: 7\n'))).toBe(7);
    expect(analyticsRawDays(siteWith('name: x\nanalytics:\n  enabled: true\n'))).toBe(30);
    expect(analyticsRawDays(siteWith('name: x\n'))).toBe(30);
    expect(analyticsRawDays(siteWith('name: x\nanalytics:\n  rawDays: seven\n'))).toBeUndefined();
    expect(analyticsRawDays(siteWith('name: x\nanalytics:\n  rawDays: 0\n'))).toBeUndefined();
  });

  it('the stand-in keeps raw events that many days: the fold deletes older ones only', async () => {
    expect((await standIn.query<{ raw_days: number }>('select raw_days from analytics.settings')).rows[0]!.raw_days).toBe(7);
    await standIn.query(
      `insert into analytics.events (day, at, visitor, kind, route, device)
       select (now() at time zone 'utc')::date - d, now() - d * interval '1 day', '\\x01', 'view', '/', 'phone' from unnest(array[6, 7, 8]) d`,
    );
    await standIn.query('select analytics.fold()');
    const { rows } = await standIn.query<{ age: number }>(`select (now() at time zone 'utc')::date - day as age from analytics.events order by 1`);
    expect(rows.map((r) => r.age)).toEqual([6, 7]);
    // Their counts live on in the rollups.
    expect(Number((await standIn.query<{ n: string }>(`select sum(events) as n from analytics.daily where kind = 'view'`)).rows[0]!.n)).toBe(3);
  });
});
