// The project's schema as the database's own catalogs say it is after every migration: each table with
// its columns, constraints, indexes, row-level security, grants and comment; each function as
// pg_get_functiondef prints it, with its grants; each policy; each trigger and view. Read in one
// place (supabase/schema.sql, `npm run schema`), and compared between two databases by the repair
// migration's test (tests/db/migration-repair.test.ts). Works the same on PGlite and PostgreSQL.
import { fileURLToPath } from 'node:url';
import { openDatabase, type Sql } from './local/db.ts';
import { bootstrap, migrate } from './local/migrate.ts';
import { MIGRATIONS_DIR } from './migrations-lock.ts';

/** The schemas the migrations own; auth and storage are Supabase's (the stand-in's bootstrap), their policies aside. */
export const OWN = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'extensions', 'auth', 'storage', 'supabase_migrations')
  and n.nspname not like 'pg_%'`;
/** Objects an extension made (pgcrypto's functions) are the extension's, not the migrations'. */
export const NOT_EXTENSION = (cls: string, oid: string) => `not exists (select 1 from pg_depend d where d.classid = '${cls}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

/** A grant list as aclitems (role=privileges/grantor); null is the default (the owner's only), none is revoked from all. */
const acl = (column: string) => `case when ${column} is null then null else coalesce((select string_agg(x::text, ' ' order by x::text) from unnest(${column}) x), 'none') end`;

async function lines(sql: Sql, text: string): Promise<string[]> {
  return (await sql.query<{ s: string }>(text)).rows.map((r) => r.s);
}

async function tables(sql: Sql): Promise<string[]> {
  return lines(
    sql,
    `select format(E'create table %I.%I (\\n%s\\n);', n.nspname, c.relname,
         (select string_agg(format('  %I %s%s%s', a.attname, format_type(a.atttypid, a.atttypmod),
                  case when a.attnotnull then ' not null' else '' end,
                  coalesce(' default ' || pg_get_expr(ad.adbin, ad.adrelid), '')), E',\\n' order by a.attnum)
          from pg_attribute a left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped))
       || coalesce((select string_agg(format(E'\\nalter table %I.%I add constraint %I %s;', n.nspname, c.relname, k.conname, pg_get_constraintdef(k.oid)), '' order by k.conname)
                    from pg_constraint k where k.conrelid = c.oid), '')
       || coalesce((select string_agg(E'\\n' || pg_get_indexdef(i.indexrelid) || ';', '' order by i.indexrelid::regclass::text)
                    from pg_index i where i.indrelid = c.oid
                      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = c.oid)), '')
       || case when c.relrowsecurity then format(E'\\nalter table %I.%I enable row level security;', n.nspname, c.relname) else '' end
       || case when c.relforcerowsecurity then format(E'\\nalter table %I.%I force row level security;', n.nspname, c.relname) else '' end
       || coalesce(E'\\n-- grants: ' || ${acl('c.relacl')}, '')
       || coalesce(E'\\ncomment on table ' || format('%I.%I', n.nspname, c.relname) || ' is ' || quote_literal(obj_description(c.oid, 'pg_class')) || ';', '')
       || coalesce((select string_agg(format(E'\\ncomment on column %I.%I.%I is %L;', n.nspname, c.relname, a.attname, col_description(c.oid, a.attnum)), '' order by a.attnum)
                    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and col_description(c.oid, a.attnum) is not null), '') as s
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and ${OWN} and ${NOT_EXTENSION('pg_class', 'c.oid')}
     order by n.nspname, c.relname`,
  );
}

async function views(sql: Sql): Promise<string[]> {
  return lines(
    sql,
    `select format(E'create view %I.%I as\\n%s', n.nspname, c.relname, pg_get_viewdef(c.oid, true)) as s
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('v', 'm') and ${OWN} order by n.nspname, c.relname`,
  );
}

async function functions(sql: Sql): Promise<string[]> {
  return lines(
    sql,
    `select rtrim(pg_get_functiondef(p.oid), E'\\n') || ';'
       || coalesce(E'\\n-- grants: ' || ${acl('p.proacl')}, '')
       || coalesce(E'\\ncomment on function ' || p.oid::regprocedure::text || ' is ' || quote_literal(obj_description(p.oid, 'pg_proc')) || ';', '') as s
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${OWN} and p.prokind in ('f', 'p') and ${NOT_EXTENSION('pg_proc', 'p.oid')}
     order by n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`,
  );
}

async function policies(sql: Sql): Promise<string[]> {
  return lines(
    sql,
    `select format('create policy %I on %I.%I as %s for %s to %s%s%s;', policyname, schemaname, tablename, lower(permissive), lower(cmd),
                   array_to_string(roles, ', '), coalesce(E'\\n  using (' || qual || ')', ''), coalesce(E'\\n  with check (' || with_check || ')', '')) as s
     from pg_policies order by schemaname, tablename, policyname`,
  );
}

async function triggers(sql: Sql): Promise<string[]> {
  return lines(
    sql,
    `select pg_get_triggerdef(t.oid, true) || ';' as s
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where not t.tgisinternal and n.nspname not in ('pg_catalog', 'information_schema')
     order by n.nspname, c.relname, t.tgname`,
  );
}

async function schemas(sql: Sql): Promise<string[]> {
  return lines(
    sql,
    `select format('create schema %I;', n.nspname)
       || coalesce(E'\\n-- grants: ' || ${acl('n.nspacl')}, '') as s
     from pg_namespace n where ${OWN} and n.nspname <> 'public' order by 1`,
  );
}

/** The schema, section by section; equal texts mean the same tables, functions, policies and grants. */
export async function dumpSchema(sql: Sql): Promise<string> {
  const sections: [string, string[]][] = [
    ['Schemas', await schemas(sql)],
    ['Tables', await tables(sql)],
    ['Views', await views(sql)],
    ['Functions', await functions(sql)],
    ['Policies (every schema, storage.objects included)', await policies(sql)],
    ['Triggers', await triggers(sql)],
  ];
  return sections.map(([title, items]) => `-- ${title}\n\n${items.join('\n\n')}\n`).join('\n');
}

export const SCHEMA_FILE = fileURLToPath(new URL('./schema.sql', import.meta.url));

/** supabase/schema.sql's text: the schema of a database built from the stand-in's bootstrap and every migration in `dir`. */
export async function schemaFileText(dir = MIGRATIONS_DIR): Promise<string> {
  const db = await openDatabase({ memory: true });
  try {
    await bootstrap(db);
    await migrate(db, dir);
    return [
      '-- Generated by `npm run migrations:lock` (supabase/schema-dump.ts) from a database built from every',
      "-- migration: the current state of each table, function and policy, as the database's catalogs print",
      '-- it. Read it here; change the schema only with a new migration. Nothing runs this file (`supabase db',
      '-- push` applies migrations/), and `npm run migrations:lock -- --check` fails when it is not current.',
      '',
      await dumpSchema(db),
    ].join('\n');
  } finally {
    await db.close();
  }
}
