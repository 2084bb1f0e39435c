// Object bytes, kept beside the database: files under <dataDir>/storage, or
// memory for tests. Names are checked so a key can never leave its folder.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface ObjectStore {
  put(bucket: string, name: string, bytes: Uint8Array): Promise<void>;
  get(bucket: string, name: string): Promise<Buffer | undefined>;
  /** Forgets an object's bytes; nothing when there are none. */
  remove(bucket: string, name: string): Promise<void>;
}

/** True when every segment of the key is a plain name (no '', '.', '..'). */
export function safeKey(name: string): boolean {
  return name.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\0'));
}

export function memoryObjectStore(): ObjectStore {
  const objects = new Map<string, Buffer>();
  return {
    async put(bucket, name, bytes) {
      objects.set(`${bucket}/${name}`, Buffer.from(bytes));
    },
    async get(bucket, name) {
      return objects.get(`${bucket}/${name}`);
    },
    async remove(bucket, name) {
      objects.delete(`${bucket}/${name}`);
    },
  };
}

export function diskObjectStore(root: string): ObjectStore {
  const pathOf = (bucket: string, name: string) => {
    if (!safeKey(bucket) || !safeKey(name)) throw new Error(`unsafe object key ${bucket}/${name}`);
    // A file name may hold 255 bytes; a longer key segment (valid in Storage) is stored under its hash.
    const segment = (s: string) => (Buffer.byteLength(s) > 200 ? `~${createHash('sha256').update(s).digest('hex')}` : s);
    return join(root, segment(bucket), ...name.split('/').map(segment));
  };
  return {
    async put(bucket, name, bytes) {
      const file = pathOf(bucket, name);
      await mkdir(dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    async get(bucket, name) {
      try {
        return await readFile(pathOf(bucket, name));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw e;
      }
    },
    async remove(bucket, name) {
      await rm(pathOf(bucket, name), { force: true });
    },
  };
}
