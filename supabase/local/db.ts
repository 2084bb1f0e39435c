// One small interface over the two databases the stand-in runs on: embedded
// PGlite (default, nothing to install) and a real PostgreSQL server
// (DATABASE_URL). Everything else talks to `Database` only.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import { lockDataFolder } from './data-lock.ts';
import { emptyCluster, keepEmptyCluster } from './empty-cluster.ts';

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters (migrations, bootstrap); resolves to each statement's rows. */
  exec(text: string): Promise<Record<string, unknown>[][]>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in BEGIN ... COMMIT, rolling back if it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The fields of a PostgreSQL error both drivers expose. */
export interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return typeof e === 'object' && e !== null && typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code);
}

interface OpenOptions {
  /** postgres://... of a server whose user may create roles (a superuser). */
  databaseUrl?: string;
  /** Folder for PGlite's files; ignored with `memory` or `databaseUrl`. */
  dataDir?: string;
  memory?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (!opts.memory && !opts.dataDir) throw new Error('openDatabase needs dataDir, memory or databaseUrl');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  return openPglite(opts.memory ? undefined : opts.dataDir);
}

const EXTENSIONS = { pgcrypto };

async function openPglite(dir: string | undefined): Promise<Database> {
  // A folder is one process's at a time (data-lock.ts): refused here, before PGlite reads a byte.
  const lock = dir ? lockDataFolder(dir) : undefined;
  let db: PGlite;
  try {
    // A new cluster starts from the kept empty one (empty-cluster.ts); the first is made by initdb and kept.
    const fresh = !dir || !existsSync(join(dir, 'PG_VERSION'));
    const names = Object.keys(EXTENSIONS);
    const empty = fresh ? emptyCluster(names) : undefined;
    db = await PGlite.create({ dataDir: dir, extensions: EXTENSIONS, ...(empty ? { loadDataDir: empty } : {}) });
    // Keeping it only saves later starts: a database that cannot keep it opens all the same.
    if (fresh && !empty) await keepEmptyCluster(db, names).catch(() => undefined);
  } catch (e) {
    lock?.release();
    throw e;
  }
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      const r = await q.query<T>(text, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    async exec(text: string) {
      return (await q.exec(text)).map((r) => r.rows as Record<string, unknown>[]);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    // PGlite has one connection; its transaction() queues other work meanwhile.
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail at start, not at the first request, when the server is unreachable.
  await pool.query('select 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      const r = await q.query(text, params);
      return { rows: r.rows as T[] };
    },
    async exec(text: string) {
      // pg answers one result for one statement, an array for several.
      const r = (await q.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(r) ? r : [r]).map((x) => x.rows as Record<string, unknown>[]);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
