// Runs the pgTAP files of supabase/tests (the files `supabase test db` runs on a Supabase project)
// against one of the stand-in's databases, and reads their TAP output. pgTAP is loaded from the
// PostgreSQL 15 package's own SQL (postgresql-15-pgtap): CREATE EXTENSION on a server, the same
// script run directly on PGlite, which cannot load extension files but runs pgTAP's SQL and PL/pgSQL.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../supabase/local/db.ts';

export const PGTAP_DIR = fileURLToPath(new URL('../../supabase/tests/', import.meta.url));
export const PGTAP_EXTENSION_DIR = process.env.PGTAP_EXTENSION_DIR ?? '/usr/share/postgresql/15/extension';

/** pgTAP's install script for its default version, or undefined when the package is not installed. */
export function pgtapScript(): string | undefined {
  const control = join(PGTAP_EXTENSION_DIR, 'pgtap.control');
  if (!existsSync(control)) return undefined;
  const version = /default_version\s*=\s*'([^']+)'/.exec(readFileSync(control, 'utf8'))?.[1];
  const file = join(PGTAP_EXTENSION_DIR, `pgtap--${version}.sql`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export const pgtapFiles = () => readdirSync(PGTAP_DIR).filter((f) => f.endsWith('.sql')).sort();

/** pgTAP in the `extensions` schema, as Supabase installs it, on the path of every role. */
export async function installPgtap(db: Database): Promise<void> {
  if (db.kind === 'postgres') await db.exec('create extension if not exists pgtap with schema extensions');
  else await db.exec(`set search_path = extensions; ${pgtapScript()}; reset search_path;`);
}

/** The search path Supabase gives its database roles, so pgTAP's functions are found unqualified. */
const SUPABASE_SEARCH_PATH = 'set search_path = "$user", public, extensions;';

export interface TapResult {
  planned: number | null;
  passed: string[];
  failed: string[];
  /** Lines starting with #: pgTAP's diagnostics (why a test failed). */
  diagnostics: string[];
}

/** Runs one file as `supabase test db` would (it holds its own begin/rollback) and parses its TAP. */
export async function runPgtapFile(db: Database, file: string): Promise<TapResult> {
  const results = await db.exec(`${SUPABASE_SEARCH_PATH}\n${readFileSync(join(PGTAP_DIR, file), 'utf8')}`);
  const lines = results.flatMap((rows) => rows.flatMap((row) => Object.values(row))).filter((v): v is string => typeof v === 'string').flatMap((v) => v.split('\n'));
  const out: TapResult = { planned: null, passed: [], failed: [], diagnostics: [] };
  for (const line of lines) {
    const plan = /^1\.\.(\d+)$/.exec(line);
    if (plan) out.planned = Number(plan[1]);
    else if (/^ok \d+/.test(line)) out.passed.push(line);
    else if (/^not ok \d+/.test(line)) out.failed.push(line);
    else if (line.startsWith('#')) out.diagnostics.push(line);
  }
  return out;
}

/**
 * Tables in `public` that row-level security leaves open, or that no pgTAP file names
 * (as `public.<table>`): each is a finding.
 */
export async function uncoveredTables(db: Pick<Database, 'query'>): Promise<string[]> {
  const { rows } = await db.query<{ name: string; rls: boolean }>(
    `select c.relname as name, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  const texts = pgtapFiles().map((f) => readFileSync(join(PGTAP_DIR, f), 'utf8'));
  const findings: string[] = [];
  for (const { name, rls } of rows) {
    if (!rls) findings.push(`public.${name}: row-level security is off`);
    const named = new RegExp(`\\bpublic\\.${name}\\b`);
    if (!texts.some((t) => named.test(t))) findings.push(`public.${name}: no file in supabase/tests names it`);
  }
  return findings;
}
