// A migration that has landed never changes: the repository's migrations are as supabase/migrations.lock.json
// holds them and supabase/schema.sql is the schema they make (the CI check); and on a copy, the check
// fails on an edited or removed migration naming it and what to do, `npm run migrations:lock` refuses
// to take the edit into the lock, and adds a new migration in one step.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, MIGRATIONS_DIR, lockProblems, migrationFiles, readLock } from '../../supabase/migrations-lock.ts';
import { SCHEMA_FILE } from '../../supabase/schema-dump.ts';
import { projectRoot } from '../unit/fixture.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** `npm run migrations:lock [-- --check]` on the given folder, lock and schema file. */
function lockCommand(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), join(projectRoot, 'supabase/migrations-lock-cli.ts'), ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: r.status, output: r.stdout + r.stderr };
}

/** A copy of the migrations, their lock and schema.sql. */
function copy() {
  const root = mkdtempSync(join(tmpdir(), 'migrations-lock-'));
  dirs.push(root);
  const env = { MIGRATIONS_DIR: join(root, 'migrations'), MIGRATIONS_LOCK: join(root, 'migrations.lock.json'), SCHEMA_FILE: join(root, 'schema.sql') };
  cpSync(MIGRATIONS_DIR, env.MIGRATIONS_DIR, { recursive: true });
  cpSync(LOCK_FILE, env.MIGRATIONS_LOCK);
  cpSync(SCHEMA_FILE, env.SCHEMA_FILE);
  return env;
}

describe('the migrations lock', () => {
  it('holds every migration of the repository as it is, and schema.sql is current', () => {
    expect(lockProblems()).toEqual({ changed: [], unlocked: [] });
    expect(Object.keys(readLock().migrations)).toEqual(migrationFiles());
    const { status, output } = lockCommand(['--check']);
    expect(status, output).toBe(0);
  }, 120_000);

  it('fails on an edited migration, naming it and what to do, and will not lock the edit', () => {
    const env = copy();
    const file = migrationFiles()[3]!;
    appendFileSync(join(env.MIGRATIONS_DIR, file), '\n-- an edit after it landed\n');
    const lockBefore = readFileSync(env.MIGRATIONS_LOCK, 'utf8');
    const check = lockCommand(['--check'], env);
    expect(check.status).toBe(1);
    expect(check.output).toContain(`${file} changed after it was locked`);
    expect(check.output).toContain(`git checkout origin/main -- ${join(env.MIGRATIONS_DIR, file)}`);
    expect(check.output).toContain('write the change as a new migration');
    const lock = lockCommand([], env);
    expect(lock.status).toBe(1);
    expect(lock.output).toContain(`${file} changed after it was locked`);
    expect(readFileSync(env.MIGRATIONS_LOCK, 'utf8')).toBe(lockBefore);
  }, 120_000);

  it('fails on a removed migration', () => {
    const env = copy();
    const file = migrationFiles()[0]!;
    rmSync(join(env.MIGRATIONS_DIR, file));
    const check = lockCommand(['--check'], env);
    expect(check.status).toBe(1);
    expect(check.output).toContain(`${file} is locked but gone`);
  }, 120_000);

  it('adds a new migration in one command, with the schema it makes; the check then passes', () => {
    const env = copy();
    const newest = migrationFiles().at(-1)!;
    const file = `${String(BigInt(newest.slice(0, 14)) + 100n)}_lock_probe.sql`;
    writeFileSync(join(env.MIGRATIONS_DIR, file), 'create table private.lock_probe (id int primary key);\n');
    const before = lockCommand(['--check'], env);
    expect(before.status).toBe(1);
    expect(before.output).toContain(`${file} is not in the lock: run \`npm run migrations:lock\``);
    const lock = lockCommand([], env);
    expect(lock.status, lock.output).toBe(0);
    expect(lock.output).toContain(`locked ${file}`);
    const written = JSON.parse(readFileSync(env.MIGRATIONS_LOCK, 'utf8')) as { migrations: Record<string, string> };
    expect(Object.keys(written.migrations)).toEqual([...migrationFiles(), file]);
    expect(readFileSync(env.SCHEMA_FILE, 'utf8')).toContain('create table private.lock_probe (');
    expect(lockCommand(['--check'], env).status).toBe(0);
  }, 120_000);

  it('fails when schema.sql is not the schema the migrations make', () => {
    const env = copy();
    writeFileSync(env.SCHEMA_FILE, readFileSync(env.SCHEMA_FILE, 'utf8').replace('visitors bigint', 'visitors integer'));
    const check = lockCommand(['--check'], env);
    expect(check.status).toBe(1);
    expect(check.output).toContain('is not the schema the migrations make: run `npm run migrations:lock`');
  }, 120_000);
});
