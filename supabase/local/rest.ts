// PostgREST's routes under /rest/v1: rpc calls and table reads and writes in
// schema public, each run as the request's role so grants and policies decide.
import { asRole, isApiRole } from './as-role.ts';
import type { Ctx } from './context.ts';
import { isPgError, type Sql } from './db.ts';
import { checkApiKey } from './gateway.ts';
import { Reply, bearerToken, gatewayHeaders, header } from './http.ts';
import { JwtError, verifyLocalJwt, type Claims } from './jwt.ts';
import { fromPgError, pgrst } from './rest-errors.ts';
import { findRelation, orderAndRange, quoteIdent, requestedRange, selectList, whereClause, type Relation } from './rest-query.ts';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

export async function handleRest(ctx: Ctx): Promise<Reply> {
  const apikeyClaims = await checkApiKey(ctx.req, ctx.url);
  const claims = await requestClaims(ctx, apikeyClaims);
  for (const name of ['accept-profile', 'content-profile']) {
    const profile = header(ctx.req, name);
    if (profile && profile !== 'public') {
      throw pgrst(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
    }
  }
  const rpc = /^\/rpc\/([^/]+)$/.exec(ctx.path);
  if (rpc) return callFunction(ctx, claims, decodeURIComponent(rpc[1]!));
  const table = /^\/([^/]+)$/.exec(ctx.path);
  if (table) return tableRoute(ctx, claims, decodeURIComponent(table[1]!));
  if (ctx.path === '' || ctx.path === '/') throw pgrst(404, 'PGRST126', 'Root endpoint metadata is disabled');
  throw pgrst(404, 'PGRST125', 'Invalid path specified in request URL');
}

/** The JWT PostgREST acts on: Authorization, else the apikey itself (anon). */
async function requestClaims(ctx: Ctx, apikeyClaims: Claims): Promise<Claims> {
  const token = bearerToken(ctx.req);
  let claims = apikeyClaims;
  if (token) {
    try {
      claims = await verifyLocalJwt(token);
    } catch (e) {
      if (!(e instanceof JwtError)) throw e;
      const messages: Record<string, [string, string]> = {
        expired: ['PGRST303', 'JWT expired'],
        claims: ['PGRST303', 'Parsing claims failed'],
        signature: ['PGRST301', 'JWT cryptographic operation failed'],
        algorithm: ['PGRST301', 'Wrong or unsupported encoding algorithm'],
        malformed: ['PGRST301', e.parts === 3 ? "JWT couldn't be decoded" : `Expected 3 parts in JWT; got ${e.parts}`],
      };
      const [code, message] = messages[e.kind]!;
      throw pgrst(401, code, message);
    }
  }
  const role = claims.role ?? 'anon';
  // Only the two visitor roles are served; PostgreSQL's own words for any other.
  if (!isApiRole(role)) throw pgrst(403, '42501', `permission denied to set role "${role}"`);
  return { ...claims, role };
}

async function run<T>(ctx: Ctx, claims: Claims, fn: (tx: Sql) => Promise<T>): Promise<T> {
  try {
    return await asRole(ctx.db, claims, fn, gatewayHeaders(ctx.req));
  } catch (e) {
    if (isPgError(e)) throw fromPgError(e, claims.role !== 'anon');
    throw e;
  }
}

async function jsonBody(ctx: Ctx): Promise<unknown> {
  const raw = (await ctx.body()).toString('utf8');
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw pgrst(400, 'PGRST102', 'Empty or invalid json');
  }
}

function prefers(ctx: Ctx, value: string): boolean {
  return (header(ctx.req, 'prefer') ?? '').split(/\s*,\s*/).includes(value);
}

interface FunctionInfo {
  names: string[];
  nargs: number;
  ndefaults: number;
  retset: boolean;
  returns_void: boolean;
  volatile: boolean;
  types: string[];
}

/** The request body's media type, lower case, without parameters ("text/plain;charset=UTF-8" -> "text/plain"). */
function mediaType(ctx: Ctx): string {
  return (header(ctx.req, 'content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
}

/**
 * PostgREST's raw bodies: a POST with Content-Type text/plain goes, as one text value, to a function
 * whose only parameter is unnamed and of type text (application/octet-stream likewise to bytea). The
 * beacon relies on it: text/plain with the key in ?apikey= is a CORS simple request, so
 * navigator.sendBeacon can send it and no preflight delays it.
 */
async function callWithRawBody(ctx: Ctx, claims: Claims, fn: string, type: 'text' | 'bytea'): Promise<Reply> {
  const { rows } = await ctx.db.query<FunctionInfo>(
    `select coalesce(p.proargnames, '{}') as names, p.pronargs as nargs, p.pronargdefaults as ndefaults,
            p.proretset as retset, p.prorettype = 'void'::regtype as returns_void, p.provolatile = 'v' as volatile,
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality u(t, i) order by i) as types
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f' and p.pronargs = 1
       and coalesce(p.proargnames[1], '') = '' and p.proargtypes[0] = $2::regtype`,
    [fn, type],
  );
  const match = rows[0];
  if (!match) {
    throw pgrst(
      404,
      'PGRST202',
      `Could not find the function public.${fn} in the schema cache`,
      `Searched for the function public.${fn} with a single unnamed ${type} parameter, but no matches were found in the schema cache.`,
    );
  }
  const raw = await ctx.body();
  return invoke(ctx, claims, match, `public.${quoteIdent(fn)}($1::${type})`, [type === 'text' ? raw.toString('utf8') : raw]);
}

async function callFunction(ctx: Ctx, claims: Claims, fn: string): Promise<Reply> {
  let args: Record<string, unknown>;
  if (ctx.method === 'POST' && mediaType(ctx) === 'text/plain') return callWithRawBody(ctx, claims, fn, 'text');
  if (ctx.method === 'POST' && mediaType(ctx) === 'application/octet-stream') return callWithRawBody(ctx, claims, fn, 'bytea');
  if (ctx.method === 'POST') {
    const body = (await jsonBody(ctx)) ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw pgrst(400, 'PGRST102', 'The local stand-in takes rpc arguments as one JSON object.');
    }
    args = body as Record<string, unknown>;
  } else if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    args = Object.fromEntries([...ctx.url.searchParams].filter(([k]) => k !== 'apikey'));
  } else {
    throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${ctx.method}`);
  }
  const keys = Object.keys(args).sort();
  const { rows } = await ctx.db.query<FunctionInfo>(
    `select coalesce(p.proargnames, '{}') as names, p.pronargs as nargs, p.pronargdefaults as ndefaults,
            p.proretset as retset, p.prorettype = 'void'::regtype as returns_void, p.provolatile = 'v' as volatile,
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality u(t, i) order by i) as types
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
    [fn],
  );
  const match = rows.find((f) => {
    const names = f.names.slice(0, f.nargs);
    const required = names.slice(0, f.nargs - f.ndefaults);
    return keys.every((k) => names.includes(k)) && required.every((k) => keys.includes(k));
  });
  if (!match) {
    const shown = keys.length ? `(${keys.join(', ')})` : ' without parameters';
    const searched = keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}` : ' without parameters';
    const near = rows[0] && `Perhaps you meant to call the function public.${fn}(${rows[0].names.slice(0, rows[0].nargs).sort().join(', ')})`;
    throw pgrst(
      404,
      'PGRST202',
      `Could not find the function public.${fn}${shown} in the schema cache`,
      `Searched for the function public.${fn}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      near || null,
    );
  }

  const params: unknown[] = [];
  const named = keys.map((k) => {
    const type = match.types[match.names.indexOf(k)] ?? 'text';
    params.push(JSON.stringify(args[k]));
    const p = `$${params.length}`;
    // An array argument comes as a JSON array, which PostgREST reads as PostgreSQL's jsonb_to_record does.
    if (type.endsWith('[]')) return `${quoteIdent(k)} => (select _v from jsonb_to_record(jsonb_build_object('_v', ${p}::jsonb)) as _r(_v ${type}))`;
    return `${quoteIdent(k)} => ${/^jsonb?$/.test(type) ? `${p}::jsonb::${type}` : `(${p}::jsonb #>> '{}')::${type}`}`;
  });
  return invoke(ctx, claims, match, `public.${quoteIdent(fn)}(${named.join(', ')})`, params);
}

/** Runs `call` as the request's role and answers as PostgREST does for `match`'s return type. */
async function invoke(ctx: Ctx, claims: Claims, match: FunctionInfo, call: string, params: unknown[]): Promise<Reply> {
  if (ctx.method !== 'POST' && match.volatile) throw pgrst(405, 'PGRST101', `Cannot use the ${ctx.method} method on RPC`);
  const sql = match.returns_void
    ? `select ${call}, null::text as body`
    : match.retset
      ? `select coalesce(json_agg(_r), '[]')::text as body from ${call} _r`
      : `select to_json(${call})::text as body`;
  const { body, status, headers } = await run(ctx, claims, async (tx) => {
    const { rows } = await tx.query<{ body: string | null }>(sql, params);
    return { body: rows[0]?.body ?? null, ...(await responseSettings(tx)) };
  });
  // PostgREST answers a void function with 204 and no body.
  if (match.returns_void) return Reply.empty(status ?? 204, headers);
  return new Reply(status ?? 200, body ?? 'null', { ...headers, ...JSON_TYPE });
}

/**
 * PostgREST's `response.status` and `response.headers` settings: a function chooses its answer's
 * status and headers this way without raising, so its transaction still commits (the hourly limits
 * count refused attempts so).
 */
async function responseSettings(tx: Sql): Promise<{ status?: number; headers: Record<string, string> }> {
  const { rows } = await tx.query<{ status: string | null; headers: string | null }>(
    `select nullif(current_setting('response.status', true), '') as status, nullif(current_setting('response.headers', true), '') as headers`,
  );
  const status = Number(rows[0]?.status);
  const headers: Record<string, string> = {};
  if (rows[0]?.headers) {
    const list = JSON.parse(rows[0].headers) as unknown;
    if (!Array.isArray(list)) throw pgrst(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
    for (const item of list as Record<string, unknown>[]) for (const [k, v] of Object.entries(item)) headers[k.toLowerCase()] = String(v);
  }
  if (rows[0]?.status && !(Number.isInteger(status) && status >= 100 && status <= 599)) {
    throw pgrst(500, 'PGRST112', 'response.status guc must be a valid status code');
  }
  return { status: rows[0]?.status ? status : undefined, headers };
}

async function tableRoute(ctx: Ctx, claims: Claims, name: string): Promise<Reply> {
  const rel = await findRelation(ctx.db, name);
  switch (ctx.method) {
    case 'GET':
    case 'HEAD':
      return read(ctx, claims, rel);
    case 'POST':
      return insert(ctx, claims, rel);
    case 'PATCH':
      return update(ctx, claims, rel);
    case 'DELETE':
      return remove(ctx, claims, rel);
    default:
      throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${ctx.method}`);
  }
}

/**
 * Rows as PostgREST returns them: an array, or one object when asked for with vnd.pgrst.object.
 * Content-Range is `<first>-<last>/<total>`, with `*` for the total unless it was counted.
 */
function rowsReply(ctx: Ctx, status: number, json: string, count: number, offset = 0, total: number | null = null): Reply {
  if ((header(ctx.req, 'accept') ?? '').includes('application/vnd.pgrst.object')) {
    if (count !== 1) {
      throw pgrst(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${count} rows`);
    }
    return new Reply(status, JSON.stringify((JSON.parse(json) as unknown[])[0]), JSON_TYPE);
  }
  const range = `${count === 0 ? '*' : `${offset}-${offset + count - 1}`}/${total ?? '*'}`;
  return new Reply(status, json, { ...JSON_TYPE, 'content-range': range });
}

/** `Prefer: count=exact` (planned and estimated are counted exactly here too). */
function wantsCount(ctx: Ctx): boolean {
  return ['count=exact', 'count=planned', 'count=estimated'].some((v) => prefers(ctx, v));
}

async function read(ctx: Ctx, claims: Claims, rel: Relation): Promise<Reply> {
  const cols = selectList(rel, ctx.url.searchParams.get('select'));
  const where = whereClause(rel, ctx.url.searchParams);
  const tail = orderAndRange(rel, ctx.url.searchParams);
  const { offset } = requestedRange(ctx.url.searchParams);
  const counted = wantsCount(ctx);
  const table = `public.${quoteIdent(rel.name)}`;
  const sql = `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n,
                      ${counted ? `(select count(*)::int from ${table} ${where.sql})` : 'null::int'} as total
               from (select ${cols} from ${table} ${where.sql}${tail}) _r`;
  const { rows } = await run(ctx, claims, (tx) => tx.query<{ body: string; n: number; total: number | null }>(sql, where.params));
  const { body, n, total } = rows[0]!;
  let status = 200;
  if (total !== null) {
    // PostgREST's range status: past the end is 416, a part of the rows 206 Partial Content.
    if (offset > total) {
      throw pgrst(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
    }
    if (n < total) status = 206;
  }
  return rowsReply(ctx, status, body, n, offset, total);
}

async function insert(ctx: Ctx, claims: Claims, rel: Relation): Promise<Reply> {
  const body = await jsonBody(ctx);
  const items = Array.isArray(body) ? body : [body];
  if (items.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) throw pgrst(400, 'PGRST102', 'Empty or invalid json');
  const listed = ctx.url.searchParams.get('columns');
  const columns = listed
    ? listed.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
    : [...new Set(items.flatMap((x) => Object.keys(x as object)))];
  for (const c of columns) {
    if (!rel.columns.includes(c)) throw pgrst(400, 'PGRST204', `Could not find the '${c}' column of '${rel.name}' in the schema cache`);
  }
  if (items.length === 0 || columns.length === 0) return Reply.empty(201);
  const colList = columns.map(quoteIdent).join(', ');
  const target = `public.${quoteIdent(rel.name)}`;
  let conflict = '';
  const onConflict = ctx.url.searchParams.get('on_conflict');
  if (prefers(ctx, 'resolution=ignore-duplicates') || prefers(ctx, 'resolution=merge-duplicates')) {
    const keys = (onConflict ?? '').split(',').filter(Boolean);
    if (keys.length === 0) throw pgrst(400, 'PGRST100', 'The local stand-in needs on_conflict for an upsert.');
    for (const k of keys) if (!rel.columns.includes(k)) throw pgrst(400, '42703', `column ${rel.name}.${k} does not exist`);
    const action = prefers(ctx, 'resolution=ignore-duplicates')
      ? 'do nothing'
      : `do update set ${columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`;
    conflict = `on conflict (${keys.map(quoteIdent).join(', ')}) ${action}`;
  }
  const statement = `insert into ${target} (${colList}) select ${colList} from json_populate_recordset(null::${target}, $1::json) _ ${conflict}`;
  if (!prefers(ctx, 'return=representation')) {
    await run(ctx, claims, (tx) => tx.query(statement, [JSON.stringify(items)]));
    return Reply.empty(201);
  }
  const cols = selectList(rel, ctx.url.searchParams.get('select'));
  const { rows } = await run(ctx, claims, (tx) =>
    tx.query<{ body: string; n: number }>(
      `with pgrst_source as (${statement} returning *)
       select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${cols} from pgrst_source) _r`,
      [JSON.stringify(items)],
    ),
  );
  return rowsReply(ctx, 201, rows[0]!.body, rows[0]!.n);
}

function requireFilter(where: { sql: string }, verb: 'UPDATE' | 'DELETE') {
  // Supabase loads pg-safeupdate: a write without a filter is refused.
  if (!where.sql) throw pgrst(400, '21000', `${verb} requires a WHERE clause`);
}

async function update(ctx: Ctx, claims: Claims, rel: Relation): Promise<Reply> {
  const body = await jsonBody(ctx);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw pgrst(400, 'PGRST102', 'Empty or invalid json');
  const columns = Object.keys(body);
  for (const c of columns) {
    if (!rel.columns.includes(c)) throw pgrst(400, 'PGRST204', `Could not find the '${c}' column of '${rel.name}' in the schema cache`);
  }
  const where = whereClause(rel, ctx.url.searchParams, 2);
  requireFilter(where, 'UPDATE');
  if (columns.length === 0) return Reply.empty(204);
  const target = `public.${quoteIdent(rel.name)}`;
  const list = columns.map(quoteIdent).join(', ');
  const statement = `update ${target} set (${list}) = (select ${list} from json_populate_record(null::${target}, $1::json)) ${where.sql}`;
  return writeAndReply(ctx, claims, rel, statement, [JSON.stringify(body), ...where.params]);
}

async function remove(ctx: Ctx, claims: Claims, rel: Relation): Promise<Reply> {
  const where = whereClause(rel, ctx.url.searchParams);
  requireFilter(where, 'DELETE');
  return writeAndReply(ctx, claims, rel, `delete from public.${quoteIdent(rel.name)} ${where.sql}`, where.params);
}

async function writeAndReply(ctx: Ctx, claims: Claims, rel: Relation, statement: string, params: unknown[]): Promise<Reply> {
  if (!prefers(ctx, 'return=representation')) {
    await run(ctx, claims, (tx) => tx.query(statement, params));
    return Reply.empty(204);
  }
  const cols = selectList(rel, ctx.url.searchParams.get('select'));
  const { rows } = await run(ctx, claims, (tx) =>
    tx.query<{ body: string; n: number }>(
      `with pgrst_source as (${statement} returning ${quoteIdent(rel.name)}.*)
       select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${cols} from pgrst_source) _r`,
      params,
    ),
  );
  return rowsReply(ctx, 200, rows[0]!.body, rows[0]!.n);
}

