// Each function, view and policy set is written once, in supabase/schemas/: every source is what the
// migrations make (a source edited without its migration, or a migration written without its source,
// fails here naming the object and the command), and each object has exactly one source file. On a
// copy, `npm run migrations:write` turns one changed source into one new migration holding only that
// object, after which the two agree again.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../supabase/migrations-lock.ts';
import { SOURCES_DIR, describeDifference, misplacedDefinitions, sourceDifferences, sourceFiles } from '../../supabase/schema-sources.ts';
import { projectRoot } from '../unit/fixture.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the migrations and the sources. */
function copy() {
  const root = mkdtempSync(join(tmpdir(), 'schema-sources-'));
  dirs.push(root);
  const env = { MIGRATIONS_DIR: join(root, 'migrations'), SCHEMAS_DIR: join(root, 'schemas') };
  cpSync(MIGRATIONS_DIR, env.MIGRATIONS_DIR, { recursive: true });
  cpSync(SOURCES_DIR, env.SCHEMAS_DIR, { recursive: true });
  return env;
}

/** `npm run migrations:write [-- args]` on a copy. */
function writeCommand(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), join(projectRoot, 'supabase/schema-sources-cli.ts'), ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: r.status, output: r.stdout + r.stderr };
}

/** A plpgsql function's source, with a line added to its body: a change the database keeps. */
function changeOneFunction(schemasDir: string): { file: string; name: string } {
  const file = sourceFiles(schemasDir).find((f) => f.includes('/functions/') && /\nbegin\n/.test(readFileSync(join(schemasDir, f), 'utf8')))!;
  const text = readFileSync(join(schemasDir, file), 'utf8');
  writeFileSync(join(schemasDir, file), text.replace('\nbegin\n', '\nbegin\n  -- changed by tests/db/schema-sources.test.ts\n'));
  const [schema, , base] = file.split('/');
  return { file, name: `function ${schema}.${base!.replace(/\.sql$/, '')}` };
}

const newFiles = (before: string[], dir: string) => readdirSync(dir).filter((f) => !before.includes(f));

describe('the schema sources', () => {
  it('are what the migrations make, each object in its one file', async () => {
    expect(sourceFiles().length).toBeGreaterThan(0);
    expect(misplacedDefinitions()).toEqual([]);
    expect((await sourceDifferences()).map(describeDifference)).toEqual([]);
  }, 120_000);

  it('name a file that defines another object, so nothing has two sources', () => {
    const env = copy();
    const [first, second] = sourceFiles(env.SCHEMAS_DIR).filter((f) => f.includes('/functions/'));
    appendFileSync(join(env.SCHEMAS_DIR, first!), `\n${readFileSync(join(env.SCHEMAS_DIR, second!), 'utf8')}`);
    expect(misplacedDefinitions(env.SCHEMAS_DIR)).toEqual([expect.stringContaining(`supabase/schemas/${first} defines what belongs in supabase/schemas/${second}`)]);
  });

  it('a changed source: the check names it and the command; the command writes one migration of it alone; then they agree', () => {
    const env = copy();
    const { file, name } = changeOneFunction(env.SCHEMAS_DIR);
    const check = writeCommand(['--check'], env);
    expect(check.status, check.output).toBe(1);
    expect(check.output).toContain(`${name}: supabase/schemas/${file} and the migrations differ`);
    expect(check.output).toContain('npm run migrations:write');

    const before = readdirSync(env.MIGRATIONS_DIR);
    const written = writeCommand(['--name', 'probe'], env);
    expect(written.status, written.output).toBe(0);
    const added = newFiles(before, env.MIGRATIONS_DIR);
    expect(added).toEqual([expect.stringMatching(/^\d{14}_probe\.sql$/)]);
    const migration = readFileSync(join(env.MIGRATIONS_DIR, added[0]!), 'utf8');
    expect([...migration.matchAll(/^-- (.+): supabase\/schemas\/(.+)$/gm)].map((m) => [m[1], m[2]])).toEqual([[name, file]]);
    expect(migration).toContain('-- changed by tests/db/schema-sources.test.ts');
    expect(added[0]! > before.sort().at(-1)!).toBe(true);

    const again = writeCommand([], env);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('nothing to write');
    expect(newFiles(before, env.MIGRATIONS_DIR)).toEqual(added);
  }, 180_000);

  it('a migration written without its source: the check names the object; --from-migrations writes the source', () => {
    const env = copy();
    const { file, name } = changeOneFunction(env.SCHEMAS_DIR);
    const changed = readFileSync(join(env.SCHEMAS_DIR, file), 'utf8');
    writeFileSync(join(env.MIGRATIONS_DIR, '99990101000000_by_hand.sql'), changed);
    cpSync(join(SOURCES_DIR, file), join(env.SCHEMAS_DIR, file));
    const check = writeCommand(['--check'], env);
    expect(check.status, check.output).toBe(1);
    expect(check.output).toContain(`${name}: supabase/schemas/${file} and the migrations differ`);
    expect(check.output).toContain('npm run migrations:write -- --from-migrations');

    const pulled = writeCommand(['--from-migrations'], env);
    expect(pulled.status, pulled.output).toBe(0);
    expect(readFileSync(join(env.SCHEMAS_DIR, file), 'utf8')).toContain('-- changed by tests/db/schema-sources.test.ts');
    expect(writeCommand(['--check'], env).status).toBe(0);
  }, 180_000);
});
