// Supabase Storage's routes under /storage/v1 that the site uses: upload to a
// bucket (POST, or PUT to replace; multipart or raw body; x-upsert), listing a
// bucket's folder (POST object/list, as the request's role, so only what the
// select policies allow is listed) and the public object route (GET, HEAD). Like Storage, an upload first tests the
// write as the request's role and only then takes the bytes; the database's
// policies decide. Errors are Storage's {statusCode, code, error, message},
// sent with HTTP 400 unless they are server errors, as Storage does.
import { createHash, randomUUID } from 'node:crypto';
import { testAsRole, asRole, isApiRole } from './as-role.ts';
import type { Ctx } from './context.ts';
import { isPgError, type PgError } from './db.ts';
import { checkApiKey } from './gateway.ts';
import { BodyTooLarge, Reply, ReplyError, bearerToken, gatewayHeaders, header } from './http.ts';
import { verifyLocalJwt, type Claims } from './jwt.ts';
import { findBucket, findObject, writeObjectRow, type BucketRow, type ObjectMetadata } from './objects.ts';
import { safeKey } from './object-store.ts';

/** The instance-wide upload limit (config.toml [storage] file_size_limit). */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

function storageError(statusCode: string, code: string, error: string, message: string): ReplyError {
  return new ReplyError(Reply.json(statusCode === '500' ? 500 : 400, { statusCode, code, error, message }));
}

const accessDenied = (message: string) => storageError('403', 'AccessDenied', 'Unauthorized', message);
const noSuchBucket = () => storageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
const noSuchKey = () => storageError('404', 'NoSuchKey', 'not_found', 'Object not found');

/** Storage's DBError.fromDBError, for the codes an upload can meet. */
function fromDbError(e: PgError): ReplyError {
  if (e.code === '42501') {
    return accessDenied(e.message.includes('row-level security') ? 'new row violates row-level security policy' : e.message);
  }
  if (e.code === '23505') return storageError('409', 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists');
  return storageError('500', 'DatabaseError', 'DatabaseError', `database error, code: ${e.code}`);
}

// Storage's own rule for object keys (S3-safe characters), plus no empty or
// dot segments so a key maps to a file inside the data folder.
const validKey = (key: string) => key.length > 0 && Buffer.byteLength(key) <= 1024 && /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/.test(key) && safeKey(key);

export async function handleStorage(ctx: Ctx): Promise<Reply> {
  const segments = ctx.path.split('/').slice(1).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const [kind, first, ...rest] = segments;
  if (kind === 'object' && first === 'public' && (ctx.method === 'GET' || ctx.method === 'HEAD') && rest.length >= 2) {
    return servePublic(ctx, rest[0]!, rest.slice(1).join('/'));
  }
  if (kind === 'object' && first === 'list' && rest.length === 1 && ctx.method === 'POST') {
    return list(ctx, rest[0]!);
  }
  if (kind === 'object' && first && rest.length >= 1 && (ctx.method === 'POST' || ctx.method === 'PUT')) {
    return upload(ctx, first, rest.join('/'));
  }
  // Fastify's answer for a route Storage does not have.
  return Reply.json(404, { message: `Route ${ctx.method}:/storage/v1${ctx.path} not found`, error: 'Not Found', statusCode: 404 });
}

async function requestClaims(ctx: Ctx): Promise<Claims> {
  await checkApiKey(ctx.req, ctx.url);
  const token = bearerToken(ctx.req);
  if (!token) throw storageError('400', 'InvalidJWT', 'InvalidJWT', "headers must have required property 'authorization'");
  let claims: Claims;
  try {
    claims = await verifyLocalJwt(token);
  } catch (e) {
    // Storage verifies with jose too and passes its message on.
    throw accessDenied(e instanceof Error ? e.message : 'Invalid JWT');
  }
  if (!isApiRole(claims.role)) throw accessDenied(`permission denied to set role "${String(claims.role)}"`);
  return claims;
}

interface IncomingFile {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
}

async function incomingFile(ctx: Ctx, bucket: BucketRow): Promise<IncomingFile> {
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const tooLarge = () => storageError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
  let raw: Buffer;
  try {
    // Multipart framing needs a little room beyond the file itself.
    raw = await ctx.body(limit + 64 * 1024);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw tooLarge();
    throw e;
  }
  const contentType = header(ctx.req, 'content-type') ?? '';
  let file: IncomingFile;
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Request('http://stand-in/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) })
      .formData()
      .catch(() => undefined);
    const part = form && [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!part) throw storageError('400', 'InvalidRequest', 'InvalidRequest', 'No content provided');
    const seconds = form.get('cacheControl');
    file = {
      bytes: new Uint8Array(await part.arrayBuffer()),
      mimetype: part.type || 'application/octet-stream',
      cacheControl: typeof seconds === 'string' && seconds ? `max-age=${seconds}` : 'no-cache',
    };
  } else {
    file = {
      bytes: new Uint8Array(raw),
      mimetype: contentType || 'application/octet-stream',
      cacheControl: header(ctx.req, 'cache-control') ?? 'no-cache',
    };
  }
  if (file.bytes.length === 0) throw storageError('400', 'InvalidRequest', 'InvalidRequest', 'No content provided');
  if (file.bytes.length > limit) throw tooLarge();
  const allowed = bucket.allowed_mime_types ?? [];
  const bare = file.mimetype.split(';')[0]!.trim().toLowerCase();
  const matches = (a: string) => a === bare || (a.endsWith('/*') && bare.startsWith(a.slice(0, -1)));
  if (allowed.length > 0 && !allowed.some(matches)) {
    throw storageError('415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${file.mimetype} is not supported`);
  }
  return file;
}

async function upload(ctx: Ctx, bucketId: string, name: string): Promise<Reply> {
  const claims = await requestClaims(ctx);
  if (!validKey(name)) throw storageError('400', 'InvalidKey', 'InvalidKey', `Invalid key: ${name.length > 100 ? `${name.slice(0, 100)}…` : name}`);
  const bucket = await findBucket(ctx.db, bucketId);
  if (!bucket) throw noSuchBucket();
  const upsert = ctx.method === 'PUT' || header(ctx.req, 'x-upsert') === 'true';
  const owner = claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
  const write = (metadata: ObjectMetadata, version: string) => ({ bucket: bucketId, name, owner, metadata, version, upsert });
  const placeholder: ObjectMetadata = {
    eTag: '', size: 0, mimetype: '', cacheControl: '', lastModified: '', contentLength: 0, httpStatusCode: 200,
  };
  try {
    // Permission first, before a single byte is accepted (Storage's canUpload).
    await testAsRole(ctx.db, claims, (tx) => writeObjectRow(tx, write(placeholder, randomUUID())), gatewayHeaders(ctx.req));
    const file = await incomingFile(ctx, bucket);
    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.length,
      mimetype: file.mimetype,
      cacheControl: file.cacheControl,
      lastModified: new Date().toUTCString(),
      contentLength: file.bytes.length,
      httpStatusCode: 200,
    };
    const { id } = await asRole(ctx.db, claims, async (tx) => {
      const row = await writeObjectRow(tx, write(metadata, randomUUID()));
      // Bytes land before the commit; a failed write rolls the row back.
      await ctx.objects.put(bucketId, name, file.bytes);
      return row;
    }, gatewayHeaders(ctx.req));
    return Reply.json(200, { Key: `${bucketId}/${name}`, Id: id });
  } catch (e) {
    if (isPgError(e)) throw fromDbError(e);
    throw e;
  }
}

async function servePublic(ctx: Ctx, bucketId: string, name: string): Promise<Reply> {
  const bucket = await findBucket(ctx.db, bucketId);
  if (!bucket || !bucket.public) throw noSuchBucket();
  const object = validKey(name) ? await findObject(ctx.db, bucketId, name) : undefined;
  const bytes = object && (await ctx.objects.get(bucketId, name));
  if (!object || !bytes) throw noSuchKey();
  const meta = object.metadata;
  const headers: Record<string, string> = {
    'content-type': meta?.mimetype || 'application/octet-stream',
    'cache-control': meta?.cacheControl || 'no-cache',
    etag: meta?.eTag || `"${createHash('md5').update(bytes).digest('hex')}"`,
    'last-modified': object.updated_at,
    'accept-ranges': 'bytes',
  };
  const download = ctx.url.searchParams.get('download');
  if (download !== null) {
    const filename = download || name.split('/').pop() || 'download';
    headers['content-disposition'] = `attachment; filename="${filename.replace(/"/g, '')}"`;
  }
  if (header(ctx.req, 'if-none-match') === headers.etag) return Reply.empty(304, headers);
  const range = /^bytes=(\d*)-(\d*)$/.exec(header(ctx.req, 'range') ?? '');
  if (range && (range[1] || range[2])) {
    const size = bytes.length;
    let start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    let end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) return Reply.empty(416, { ...headers, 'content-range': `bytes */${size}` });
    [start, end] = [Math.max(0, start), end];
    return new Reply(206, bytes.subarray(start, end + 1), { ...headers, 'content-range': `bytes ${start}-${end}/${size}` });
  }
  return new Reply(200, bytes, { ...headers, 'content-length': String(bytes.length) });
}

interface ListedObject {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

const LIST_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

/** One folder level of a bucket, as storage.from(bucket).list(prefix, options) asks for it. */
async function list(ctx: Ctx, bucketId: string): Promise<Reply> {
  const claims = await requestClaims(ctx);
  let body: Record<string, unknown>;
  try {
    const raw = (await ctx.body()).toString('utf8');
    body = raw.trim() ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    throw storageError('400', 'InvalidRequest', 'InvalidRequest', 'Body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || typeof body.prefix !== 'string') {
    throw storageError('400', 'InvalidRequest', 'InvalidRequest', "body must have required property 'prefix'");
  }
  const limit = typeof body.limit === 'number' && body.limit > 0 ? Math.floor(body.limit) : 100;
  const offset = typeof body.offset === 'number' && body.offset > 0 ? Math.floor(body.offset) : 0;
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && LIST_COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
  const descending = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc';
  const prefix = body.prefix.replace(/^\/+/, '').replace(/([^/])$/, '$1/');
  if (!(await findBucket(ctx.db, bucketId))) throw noSuchBucket();
  let rows: ListedObject[];
  try {
    ({ rows } = await asRole(ctx.db, claims, (tx) =>
      tx.query<ListedObject>(
        `select name, id, to_json(updated_at) #>> '{}' as updated_at, to_json(created_at) #>> '{}' as created_at,
                to_json(last_accessed_at) #>> '{}' as last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and left(name, char_length($2)) = $2`,
        [bucketId, prefix],
      ),
      gatewayHeaders(ctx.req),
    ));
  } catch (e) {
    if (isPgError(e)) throw fromDbError(e);
    throw e;
  }
  // Objects directly in the folder, and each subfolder once (with nulls, as Storage lists them).
  const entries = new Map<string, ListedObject>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const [head = '', ...deeper] = rest.split('/');
    if (!head || (search && !head.toLowerCase().includes(search.toLowerCase()))) continue;
    if (deeper.length > 0) {
      if (!entries.has(`${head}/`)) {
        entries.set(`${head}/`, { name: head, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
    } else {
      entries.set(head, { ...row, name: head });
    }
  }
  const key = (e: ListedObject) => String(e[column as keyof ListedObject] ?? '');
  const sorted = [...entries.values()].sort((a, b) => {
    // Folders first, as Storage's search function returns them.
    if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1;
    const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
    return descending ? -c : c;
  });
  return Reply.json(200, sorted.slice(offset, offset + limit));
}
