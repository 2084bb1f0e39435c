// The stand-in on a real PostgreSQL server (DATABASE_URL), the way a developer
// with a local server runs it: same routes, same answers, and a restart that
// finds its migrations and previews already in place.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { cannotRun, POSTGRES_15 } from '../cannot-run.ts';
import { LOCAL_ADMIN_TOTP_SECRET } from '../../supabase/local/keys.ts';
import { totpFor } from '../../supabase/local/mfa.ts';
import { client, pdfBytes, signedIn } from './stand-in.ts';

const admin = { email: 'pg-admin@example.com', password: 'pg-admin-password' };

if (!postgresAvailable()) cannotRun('stand-in on PostgreSQL 15 (DATABASE_URL)', POSTGRES_15(PG_BIN));
else describe('stand-in on PostgreSQL 15 (DATABASE_URL)', () => {
  let server: ThrowawayPostgres;
  let standIn: StandIn;
  let dataDir: string;
  const start = () => startStandIn({ port: 0, quiet: true, databaseUrl: server.url, dataDir, adminEmail: admin.email, adminPassword: admin.password });

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'detox-standin-'));
    standIn = await start();
  });

  afterAll(async () => {
    await standIn?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('captures an address and refuses an invalid one', async () => {
    expect((await client(standIn).rpc('capture_starter_kit_email', { p_email: 'pg@example.com' })).status).toBe(200);
    expect((await client(standIn).rpc('capture_starter_kit_email', { p_email: 'nope' })).error?.code).toBe('22023');
  });

  it('lets the admin upload, keeping the bytes under the data folder, and serves them publicly', async () => {
    // The real second factor: the seeded local admin's factor, its code computed from the secret.
    const c = await signedIn(standIn, admin);
    const { data: factors } = await c.auth.mfa.listFactors();
    const verified = await c.auth.mfa.challengeAndVerify({ factorId: factors!.totp[0]!.id, code: totpFor(LOCAL_ADMIN_TOTP_SECRET).generate() });
    expect(verified.error).toBeNull();
    const { error } = await c.storage.from('previews').upload('pg.pdf', new Blob([pdfBytes('pg')], { type: 'application/pdf' }), { upsert: true });
    expect(error).toBeNull();
    const res = await fetch(`${standIn.url}/storage/v1/object/public/previews/pg.pdf`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes('pg'));
  });

  it('starts again on the same database without re-running migrations or losing uploads', async () => {
    await standIn.close();
    standIn = await start();
    const res = await fetch(`${standIn.url}/storage/v1/object/public/previews/pg.pdf`);
    expect(res.status).toBe(200);
    expect((await fetch(`${standIn.url}/storage/v1/object/public/previews/facebook-detox-preview.pdf`)).status).toBe(200);
  });
});
