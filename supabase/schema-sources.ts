// Each function, view and table's policies written once: supabase/schemas/<schema>/<kind>/<name>.sql holds
// its current text, and the migrations are written from those files (`npm run migrations:write`,
// supabase/schema-sources-cli.ts), as Supabase's declarative schemas do with a diff. Migrations stay
// ordinary, frozen and ordered, so `supabase db push` applies them as before.
//
// The diff is per object and made by the database itself: a throwaway PGlite built from every migration
// prints each object from its catalogs (pg_get_functiondef with grants and comment, pg_get_viewdef,
// pg_policies); then every source is applied on top and the objects are printed again. An object whose
// two prints differ, or that has no source file, is what a new migration must carry.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Sql } from './local/db.ts';
import { bootstrap, migrate } from './local/migrate.ts';
import { MIGRATIONS_DIR } from './migrations-lock.ts';
import { NOT_EXTENSION, OWN } from './schema-dump.ts';

export const SOURCES_DIR = fileURLToPath(new URL('./schemas/', import.meta.url));

type Kind = 'functions' | 'views' | 'policies';

/** One object as a database's catalogs print it. `path` is its source file under SOURCES_DIR. */
export interface Printed {
  path: string;
  /** What a person calls it: `function private.count_request`, `policies on public.email_captures`. */
  name: string;
  /** The source text: executable, and what the file would hold. */
  text: string;
  /** The statements that remove it from this database (a policy set is dropped before it is written again). */
  drop: string;
}

const sourcePath = (schema: string, kind: Kind, name: string) => `${schema}/${kind}/${name}.sql`;

/** Who may call or read it: revoked from everyone Supabase grants to by default, then granted as now. */
const grants = (acl: string, on: string, owner: string) => `case when ${acl} is null then '' else
    format(E'\\nrevoke all on ${on} %s from public, anon, authenticated, service_role;', obj)
    || coalesce((select string_agg(format(E'\\ngrant %s on ${on} %s to %s%s;', g.privs, obj, g.role, g.opt), '' order by g.role)
       from (select case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as role,
                    string_agg(a.privilege_type, ', ' order by a.privilege_type) as privs,
                    case when bool_or(a.is_grantable) then ' with grant option' else '' end as opt
             from aclexplode(${acl}) a where a.grantee <> ${owner} group by a.grantee) g), '') end`;

async function functions(sql: Sql): Promise<Printed[]> {
  const { rows } = await sql.query<{ schema: string; name: string; text: string; drop: string }>(
    `select schema, name, string_agg(text, E'\\n\\n' order by sig) as text, string_agg(format('drop function %s;', sig), E'\\n' order by sig) as drop
     from (select n.nspname as schema, p.proname as name, obj as sig,
                  rtrim(pg_get_functiondef(p.oid), E'\\n') || ';' || ${grants('p.proacl', 'function', 'p.proowner')}
                  || coalesce(format(E'\\ncomment on function %s is %L;', obj, obj_description(p.oid, 'pg_proc')), '') as text
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace, lateral (select p.oid::regprocedure::text as obj) o
           where ${OWN} and p.prokind in ('f', 'p') and ${NOT_EXTENSION('pg_proc', 'p.oid')}) f
     group by schema, name`,
  );
  return rows.map((r) => ({ path: sourcePath(r.schema, 'functions', r.name), name: `function ${r.schema}.${r.name}`, text: `${r.text}\n`, drop: r.drop }));
}

async function views(sql: Sql): Promise<Printed[]> {
  const { rows } = await sql.query<{ schema: string; name: string; text: string; drop: string }>(
    `select n.nspname as schema, c.relname as name, format('drop view %s;', obj) as drop,
            format(E'create or replace view %s%s as\\n%s', obj, coalesce(' with (' || array_to_string(c.reloptions, ', ') || ')', ''), pg_get_viewdef(c.oid, true))
            || ${grants('c.relacl', 'table', 'c.relowner')}
            || coalesce(format(E'\\ncomment on view %s is %L;', obj, obj_description(c.oid, 'pg_class')), '') as text
     from pg_class c join pg_namespace n on n.oid = c.relnamespace, lateral (select format('%I.%I', n.nspname, c.relname) as obj) o
     where c.relkind = 'v' and ${OWN}`,
  );
  return rows.map((r) => ({ path: sourcePath(r.schema, 'views', r.name), name: `view ${r.schema}.${r.name}`, text: `${r.text}\n`, drop: r.drop }));
}

/** A table's policies are one object: the file says every policy the table has, and nothing else does. */
async function policies(sql: Sql): Promise<Printed[]> {
  const { rows } = await sql.query<{ schema: string; name: string; text: string; drop: string }>(
    `select schemaname as schema, tablename as name,
            string_agg(format('create policy %I on %I.%I as %s for %s to %s%s%s;', policyname, schemaname, tablename, lower(permissive), lower(cmd),
                              array_to_string(roles, ', '), coalesce(E'\\n  using (' || qual || ')', ''), coalesce(E'\\n  with check (' || with_check || ')', '')),
                       E'\\n\\n' order by policyname) as text,
            string_agg(format('drop policy %I on %I.%I;', policyname, schemaname, tablename), E'\\n' order by policyname) as drop
     from pg_policies group by schemaname, tablename`,
  );
  return rows.map((r) => ({ path: sourcePath(r.schema, 'policies', r.name), name: `policies on ${r.schema}.${r.name}`, text: `${r.text}\n`, drop: r.drop }));
}

/** Every function, view and table's policies the database holds, by source path. */
export async function printObjects(sql: Sql): Promise<Map<string, Printed>> {
  const all = [...(await functions(sql)), ...(await views(sql)), ...(await policies(sql))];
  return new Map(all.sort((a, b) => a.path.localeCompare(b.path)).map((o) => [o.path, o]));
}

/** The source files, relative to `dir`: functions and views first, policies last (they may call a new function). */
export function sourceFiles(dir = SOURCES_DIR): string[] {
  if (!existsSync(dir)) return [];
  const files = (readdirSync(dir, { recursive: true }) as string[]).map((f) => f.split('\\').join('/')).filter((f) => f.endsWith('.sql'));
  const rank = (f: string) => (f.includes('/policies/') ? 1 : 0);
  return files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const ident = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name.toLowerCase());
const DEFINES: [Kind, RegExp][] = [
  ['functions', new RegExp(String.raw`^\s*create\s+(?:or\s+replace\s+)?(?:function|procedure)\s+(${ident})\s*\.\s*(${ident})\s*\(`, 'gim')],
  ['views', new RegExp(String.raw`^\s*create\s+(?:or\s+replace\s+)?view\s+(${ident})\s*\.\s*(${ident})`, 'gim')],
  ['policies', new RegExp(String.raw`^\s*create\s+policy\s+${ident}\s+on\s+(?:table\s+)?(${ident})\s*\.\s*(${ident})`, 'gim')],
];

/**
 * What each source file says it defines, by the path each object's file must have: a file that defines
 * nothing, or an object that is not its own (so an object would have two sources), is a problem.
 */
export function misplacedDefinitions(dir = SOURCES_DIR): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(join(dir, file), 'utf8');
    const defined = DEFINES.flatMap(([kind, re]) => [...text.matchAll(re)].map((m) => sourcePath(unquote(m[1]!), kind, unquote(m[2]!))));
    if (!defined.length) problems.push(`supabase/schemas/${file} defines no schema-qualified function, view or policy: each source file holds one object (supabase/schemas/<schema>/<functions|views|policies>/<name>.sql).`);
    for (const path of new Set(defined)) {
      if (path !== file) problems.push(`supabase/schemas/${file} defines what belongs in supabase/schemas/${path}: each object has one source file, at that path.`);
    }
  }
  return problems;
}

/** What a source file's text does on a database as it stands: a policy set replaces the table's policies. */
export function applyText(file: string, text: string, current: Map<string, Printed>): string {
  const before = file.includes('/policies/') ? current.get(file)?.drop : undefined;
  return before ? `${before}\n\n${text}` : text;
}

export interface Difference {
  path: string;
  name: string;
  /** `changed`: source and migrations differ; `new`: only the source makes it; `unsourced`: only the migrations do. */
  how: 'changed' | 'new' | 'unsourced';
  /** The object as the migrations make it (absent when new). */
  migrations?: Printed;
}

/**
 * Builds a throwaway database from the migrations in `migrationsDir`, prints every object, applies every
 * source in `sourcesDir` and prints them again: the objects whose text differs, or that have no source.
 */
export async function sourceDifferences(migrationsDir = MIGRATIONS_DIR, sourcesDir = SOURCES_DIR): Promise<Difference[]> {
  const db = await openDatabase({ memory: true });
  try {
    await bootstrap(db);
    await migrate(db, migrationsDir);
    const made = await printObjects(db);
    const files = sourceFiles(sourcesDir);
    for (const file of files) {
      try {
        await db.exec(applyText(file, readFileSync(join(sourcesDir, file), 'utf8'), made));
      } catch (e) {
        throw new Error(`supabase/schemas/${file} does not apply on the migrations' database: ${(e as Error).message}`, { cause: e });
      }
    }
    const sourced = await printObjects(db);
    const differences: Difference[] = [];
    for (const file of files) {
      const before = made.get(file);
      const after = sourced.get(file);
      if (!before) differences.push({ path: file, name: after?.name ?? file, how: 'new' });
      else if (before.text !== after?.text) differences.push({ path: file, name: before.name, how: 'changed', migrations: before });
    }
    const has = new Set(files);
    for (const [path, o] of made) if (!has.has(path)) differences.push({ path, name: o.name, how: 'unsourced', migrations: o });
    return differences;
  } finally {
    await db.close();
  }
}

/** The text of a migration that brings what the migrations make to what the sources say. */
export function migrationText(differences: Difference[], sourcesDir = SOURCES_DIR): string {
  const head = [
    '-- Written by `npm run migrations:write` (supabase/schema-sources-cli.ts) from supabase/schemas/: each object',
    '-- whose source differed from what the migrations before this one make. Like every migration, it never',
    '-- changes once on main; change the source and run the command again.',
  ];
  const toWrite = differences.filter((d) => d.how !== 'unsourced');
  // Policies after functions (they may call one); drops last, once nothing new refers to them.
  toWrite.sort((a, b) => Number(a.path.includes('/policies/')) - Number(b.path.includes('/policies/')) || a.path.localeCompare(b.path));
  const parts = toWrite.map((d) => {
    const text = readFileSync(join(sourcesDir, d.path), 'utf8').trimEnd();
    const current = new Map(d.migrations ? [[d.path, d.migrations]] : []);
    return `-- ${d.name}: supabase/schemas/${d.path}\n${applyText(d.path, text, current)}`;
  });
  const drops = differences.filter((d) => d.how === 'unsourced').map((d) => `-- ${d.name}: its source file is gone\n${d.migrations!.drop}`);
  return `${[head.join('\n'), ...parts, ...drops].join('\n\n')}\n`;
}

/** One line a person can act on: the object, its file, and the command that settles it. */
export function describeDifference(d: Difference): string {
  const file = `supabase/schemas/${d.path}`;
  if (d.how === 'new') return `${d.name} (${file}) is in no migration yet: run \`npm run migrations:write\`.`;
  if (d.how === 'unsourced') return `${d.name} has no source file (${file}): run \`npm run migrations:write -- --from-migrations\` to write it, or \`npm run migrations:write\` to drop it.`;
  return `${d.name}: ${file} and the migrations differ. Changed the source? Run \`npm run migrations:write\`. Wrote a migration? Run \`npm run migrations:write -- --from-migrations\` to copy it into the source.`;
}
