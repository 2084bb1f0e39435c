// One stand-in (in-memory database, free port) shared by every stand-in test
// file: booting embedded PostgreSQL takes seconds, so it is done once.
import type { TestProject } from 'vitest/node';
import { startStandIn } from '../../supabase/local/server.ts';
import { ADMIN, AREA_ADMIN, MODULE_ADMIN, SECOND_ADMIN, USERS } from './users.ts';

export default async function setup(project: TestProject) {
  const standIn = await startStandIn({ port: 0, memory: true, quiet: true, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  for (const u of USERS) await standIn.createUser(u.email, u.password);
  for (const a of [SECOND_ADMIN, AREA_ADMIN, MODULE_ADMIN]) await standIn.createUser(a.email, a.password, { role: 'admin' });
  // Every test request comes from this machine: the per-client hourly limits would soon refuse them.
  // The limits are configuration (private.hourly_limits); tests/db proves them.
  await standIn.query(`update private.hourly_limits set per_hour = 1000000 where scope <> 'site'`);
  project.provide('standInUrl', standIn.url);
  project.provide('anonKey', standIn.anonKey);
  return () => standIn.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    standInUrl: string;
    anonKey: string;
  }
}
