// The small part of PostgREST's query language the stand-in understands:
// `select` with plain columns, filters with eq/neq/gt/gte/lt/lte/like/ilike/
// is/in (each may be negated with not.), order, limit and offset. Anything else is refused the way PostgREST refuses a bad query,
// never silently ignored.
import { distance } from 'fastest-levenshtein';
import type { Sql } from './db.ts';
import { pgrst } from './rest-errors.ts';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface Relation {
  name: string;
  columns: string[];
}

export async function findRelation(sql: Sql, name: string): Promise<Relation> {
  const { rows } = await sql.query<{ attname: string }>(
    `select a.attname from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
     order by a.attnum`,
    [name],
  );
  if (rows.length === 0) {
    const hint = await closestTable(sql, name);
    throw pgrst(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, hint && `Perhaps you meant the table 'public.${hint}'`);
  }
  return { name, columns: rows.map((r) => r.attname) };
}

async function closestTable(sql: Sql, name: string): Promise<string | null> {
  const { rows } = await sql.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
  );
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const { relname } of rows) {
    const d = distance(name, relname);
    if (d < bestDistance && d <= Math.max(2, Math.floor(relname.length / 4))) [best, bestDistance] = [relname, d];
  }
  return best;
}

function requireColumn(rel: Relation, column: string): string {
  if (!rel.columns.includes(column)) throw pgrst(400, '42703', `column ${rel.name}.${column} does not exist`);
  return quoteIdent(column);
}

/** `select=` as a SQL column list. */
export function selectList(rel: Relation, select: string | null): string {
  if (select === null || select === '*' || select === '') return '*';
  return select
    .split(',')
    .map((raw) => {
      const col = raw.trim();
      if (col === '*') return '*';
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(col)) {
        throw pgrst(400, 'PGRST100', `failed to parse select parameter (${select})`, 'The local stand-in reads plain column names only.');
      }
      return requireColumn(rel, col);
    })
    .join(', ');
}

const COMPARISONS: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

const RESERVED = new Set(['select', 'columns', 'order', 'limit', 'offset', 'on_conflict', 'apikey']);

interface Where {
  sql: string;
  params: unknown[];
}

/** Filters (`col=eq.value` ...) as a WHERE clause with parameters starting at `$first`. */
export function whereClause(rel: Relation, query: URLSearchParams, first = 1): Where {
  const parts: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  };
  for (const [key, value] of query) {
    if (RESERVED.has(key)) continue;
    const col = requireColumn(rel, key);
    const m = /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|is|in)\.(.*)$/s.exec(value);
    if (!m) {
      throw pgrst(400, 'PGRST100', `failed to parse filter (${value})`, 'The local stand-in supports the eq, neq, gt, gte, lt, lte, like, ilike, is and in operators.');
    }
    const [, not, op, arg = ''] = m;
    let clause: string;
    if (op === 'eq') clause = `${col}::text = ${param(arg)}`;
    else if (op === 'neq') clause = `${col}::text <> ${param(arg)}`;
    else if (Object.hasOwn(COMPARISONS, op!)) {
      // Compared in the column's own type (a timestamp as a timestamp), as PostgREST does: the
      // untyped parameter takes the column's type, and a value that is not one is a 22xxx error.
      clause = `${col} ${COMPARISONS[op!]} ${param(arg)}`;
    } else if (op === 'like' || op === 'ilike') {
      // PostgREST lets `*` stand for `%`, since `%` is awkward in a URL.
      clause = `${col}::text ${op} ${param(arg.replace(/\*/g, '%'))}`;
    } else if (op === 'is') {
      const v = arg.toLowerCase();
      if (!['null', 'true', 'false', 'unknown'].includes(v)) throw pgrst(400, 'PGRST100', `failed to parse filter (${value})`);
      clause = `${col} is ${v}`;
    } else {
      const list = /^\((.*)\)$/s.exec(arg);
      if (!list) throw pgrst(400, 'PGRST100', `failed to parse filter (${value})`);
      const items = list[1] === '' ? [] : list[1]!.split(',').map((s) => s.replace(/^"(.*)"$/s, '$1'));
      clause = `${col}::text = any(${param(items)}::text[])`;
    }
    parts.push(not ? `not (${clause})` : clause);
  }
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

/** `limit` and `offset` as numbers (offset 0 and no limit when absent). */
export function requestedRange(query: URLSearchParams): { offset: number; limit: number | null } {
  const read = (key: 'limit' | 'offset') => {
    const v = query.get(key);
    if (v === null) return null;
    if (!/^\d+$/.test(v)) throw pgrst(400, 'PGRST100', `failed to parse ${key} (${v})`);
    return Number(v);
  };
  return { limit: read('limit'), offset: read('offset') ?? 0 };
}

/** The WHERE-less tail of a read: ORDER BY, then LIMIT and OFFSET. */
export function orderAndRange(rel: Relation, query: URLSearchParams): string {
  let out = '';
  const order = query.get('order');
  if (order) {
    const terms = order.split(',').map((term) => {
      const [col = '', ...mods] = term.split('.');
      const dir = mods.find((m) => m === 'asc' || m === 'desc') ?? 'asc';
      const nulls = mods.find((m) => m === 'nullsfirst' || m === 'nullslast');
      if (mods.some((m) => !['asc', 'desc', 'nullsfirst', 'nullslast'].includes(m))) {
        throw pgrst(400, 'PGRST100', `failed to parse order (${order})`);
      }
      return `${requireColumn(rel, col)} ${dir}${nulls ? ` nulls ${nulls.slice(5)}` : ''}`;
    });
    out += ` order by ${terms.join(', ')}`;
  }
  for (const key of ['limit', 'offset'] as const) {
    const v = query.get(key);
    if (v === null) continue;
    if (!/^\d+$/.test(v)) throw pgrst(400, 'PGRST100', `failed to parse ${key} (${v})`);
    out += ` ${key} ${Number(v)}`;
  }
  return out;
}
