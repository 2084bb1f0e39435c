// The storage.objects statements Supabase Storage runs for an upload, shared
// by the stand-in and the database tests so both exercise the same SQL.
import type { Sql } from './db.ts';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectWrite {
  bucket: string;
  name: string;
  owner: string | null;
  metadata: ObjectMetadata;
  version: string;
  /** x-upsert: true runs INSERT ... ON CONFLICT DO UPDATE (needs select, insert and update policies). */
  upsert: boolean;
}

export async function writeObjectRow(tx: Sql, o: ObjectWrite): Promise<{ id: string }> {
  const conflict = o.upsert
    ? `on conflict (name, bucket_id) do update set
         owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
         version = excluded.version, updated_at = now(), last_accessed_at = now()`
    : '';
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
     values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5)
     ${conflict}
     returning id`,
    [o.bucket, o.name, o.owner, JSON.stringify(o.metadata), o.version],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into storage.objects returned no row');
  return row;
}

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** Looks a bucket up as the stand-in itself (Storage reads buckets with its own rights). */
export async function findBucket(sql: Sql, id: string): Promise<BucketRow | undefined> {
  const { rows } = await sql.query<BucketRow>(
    'select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  return rows[0];
}

interface StoredObject {
  id: string;
  version: string | null;
  metadata: ObjectMetadata | null;
  updated_at: string;
}

export async function findObject(sql: Sql, bucket: string, name: string): Promise<StoredObject | undefined> {
  const { rows } = await sql.query<StoredObject>(
    `select id, version, metadata, to_char(updated_at at time zone 'UTC', 'Dy, DD Mon YYYY HH24:MI:SS "GMT"') as updated_at
     from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0];
}
