// One stand-in (in-memory database, free port) shared by every stand-in test
// file: booting embedded PostgreSQL takes seconds, so it is done once.
import type { TestProject } from 'vitest/node';
import { startStandIn } from '../../supabase/local/server.ts';
import { ADMIN, USERS } from './users.ts';

export default async function setup(project: TestProject) {
  const standIn = await startStandIn({ port: 0, memory: true, quiet: true, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  for (const u of USERS) await standIn.createUser(u.email, u.password);
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
