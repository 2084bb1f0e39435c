// What a fresh stand-in starts with: the local admin, and the preview
// PDFs in the previews bucket (the same files `supabase seed buckets` uploads
// from config.toml's objects_path).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './db.ts';
import type { ObjectStore } from './object-store.ts';
import { findObject, writeObjectRow } from './objects.ts';
import { seedAdmin } from './users.ts';

export const PREVIEWS_DIR = fileURLToPath(new URL('../seed/previews/', import.meta.url));

export { seedAdmin };

/** The committed preview PDFs; rendered from content/previews if a file is missing. */
async function previewBytes(name: string): Promise<Uint8Array> {
  const file = join(PREVIEWS_DIR, name);
  if (existsSync(file)) return readFileSync(file);
  const { renderPreviewPdf } = await import('../../pdf/render-guide-pdf.ts');
  return renderPreviewPdf(name.replace(/-preview\.pdf$/, ''));
}

/**
 * Puts each preview into the bucket unless it is already there, so an upload
 * by the admin survives a restart. Returns the names it seeded.
 */
export async function seedPreviews(db: Database, objects: ObjectStore): Promise<string[]> {
  // Every preview with a source in content/previews/, and any other PDF committed beside them.
  const { previewSourceNames } = await import('../../pdf/render-guide-pdf.ts');
  const fromSources = previewSourceNames().map((n) => `${n}-preview.pdf`);
  const names = existsSync(PREVIEWS_DIR) ? [...new Set([...fromSources, ...readdirSync(PREVIEWS_DIR).filter((f) => f.endsWith('.pdf'))])] : fromSources;
  const seeded: string[] = [];
  for (const name of names) {
    const present = (await findObject(db, 'previews', name)) && (await objects.get('previews', name));
    if (present) continue;
    const bytes = await previewBytes(name);
    await db.transaction(async (tx) => {
      // As the stand-in itself (Storage's service role), not as a visitor.
      await writeObjectRow(tx, {
        bucket: 'previews',
        name,
        owner: null,
        upsert: true,
        version: randomUUID(),
        metadata: {
          eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
          size: bytes.length,
          mimetype: 'application/pdf',
          cacheControl: 'max-age=3600',
          lastModified: new Date().toUTCString(),
          contentLength: bytes.length,
          httpStatusCode: 200,
        },
      });
      await objects.put('previews', name, bytes);
    });
    seeded.push(name);
  }
  return seeded;
}
