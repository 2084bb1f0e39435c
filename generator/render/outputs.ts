// The output folder as the last build left it: each file's content hash, size and modification time.
// A file whose content is unchanged is not written again (its mtime stays), a file the build no
// longer makes is removed with its .br/.gz, and precompression runs only for changed content.
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compressFiles, isPage, qualityFor, shouldCompress, type Compressed, type CompressJob } from '../stages/precompress.ts';
import { hashOf } from '../store/hash.ts';
import type { FileRecord, Stamp } from '../store/state.ts';
import type { CacheAccess } from '../store/store.ts';

const stampOf = (file: string): Stamp | undefined => {
  try {
    const s = statSync(file);
    return { size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    return undefined;
  }
};
const same = (a?: Stamp, b?: Stamp) => !!a && !!b && a.size === b.size && a.mtimeMs === b.mtimeMs;

export class Outputs {
  readonly files: Record<string, FileRecord> = {};
  /** Files written (or removed) by this build, relative to the output folder. */
  readonly written: string[] = [];
  readonly removed: string[] = [];

  constructor(
    readonly outDir: string,
    private readonly previous: Record<string, FileRecord>,
  ) {}

  /** Whether a file is still what this build's last run wrote (nobody touched or removed it). */
  intact(rel: string): boolean {
    return same(this.previous[rel], stampOf(join(this.outDir, rel)));
  }

  /** Files whose .br and .gz were made with them (pages, by their render thread; client assets). */
  private readonly precompressed = new Set<string>();

  /**
   * Writes a file unless it already holds this content. `compressed`: its .br and .gz, made by the
   * caller (written with it), so compress() leaves it alone.
   */
  write(rel: string, data: string | Uint8Array, hash = hashOf(data), compressed?: Compressed): void {
    this.put(rel, hash, (full) => writeFileSync(full, data));
    if (!compressed) return;
    this.precompressed.add(rel);
    const rec = this.files[rel]!;
    const full = join(this.outDir, rel);
    // Unchanged content whose .br (and .gz) are still the ones made from it keeps them as they are.
    const gzKept = compressed.gz ? same(rec.gz, stampOf(`${full}.gz`)) : !rec.gz;
    if (rec === this.previous[rel] && same(rec.br, stampOf(`${full}.br`)) && gzKept) return;
    writeFileSync(`${full}.br`, compressed.br);
    this.written.push(`${rel}.br`);
    if (compressed.gz) {
      writeFileSync(`${full}.gz`, compressed.gz);
      this.written.push(`${rel}.gz`);
    } else if (this.previous[rel]?.gz) rmSync(`${full}.gz`, { force: true });
    this.files[rel] = { ...rec, br: stampOf(`${full}.br`), gz: compressed.gz ? stampOf(`${full}.gz`) : undefined };
  }

  /**
   * Copies a file unless it already holds the same content. A hard link where the file system allows it
   * (ten thousand pages' social cards cost no copy); the output's file and the cache's are then one
   * file, which is why put() removes a file before making it anew rather than writing into it.
   * Keyed by content, never by name: a cache file made again under the same name (its code changed, or
   * the cache was emptied) may hold other bytes. Its content is hashed only when the source is not the
   * very file (inode, size, time) the last build copied.
   */
  copy(rel: string, from: string): void {
    const s = statSync(from);
    const source = { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino };
    const before = this.previous[rel];
    const unchanged = !!before?.source && before.source.ino === source.ino && same(before.source, source);
    if (unchanged && this.intact(rel)) {
      this.files[rel] = before;
      return;
    }
    this.put(rel, unchanged ? before.hash : hashOf(readFileSync(from)), (full) => {
      try {
        linkSync(from, full);
      } catch {
        copyFileSync(from, full);
      }
    });
    this.files[rel] = { ...this.files[rel]!, source };
  }

  /** Makes `rel` with `make` unless the last build left this very content there, and records it. */
  private put(rel: string, hash: string, make: (full: string) => void): void {
    const before = this.previous[rel];
    if (before?.hash === hash && this.intact(rel)) {
      this.files[rel] = before;
      return;
    }
    const full = join(this.outDir, rel);
    mkdirSync(dirname(full), { recursive: true });
    // A file this build made before may be a link to a cache file (copy): never written into.
    if (before) rmSync(full, { force: true });
    make(full);
    this.files[rel] = { hash, ...stampOf(full)! };
    this.written.push(rel);
  }

  /** Keeps a file the build did not remake (an unchanged page), with its record (its .br too, if intact). */
  keep(rel: string): void {
    const rec = (this.files[rel] = this.previous[rel]!);
    if (rec.br && same(rec.br, stampOf(join(this.outDir, `${rel}.br`)))) this.precompressed.add(rel);
  }

  /** Removes what the last build wrote and this one did not, and folders left empty. */
  removeStale(): void {
    for (const rel of Object.keys(this.previous)) {
      if (this.files[rel]) continue;
      for (const f of [rel, `${rel}.br`, `${rel}.gz`]) rmSync(join(this.outDir, f), { force: true });
      this.removed.push(rel);
      for (let dir = dirname(join(this.outDir, rel)); dir.startsWith(this.outDir) && dir !== this.outDir; dir = dirname(dir)) {
        if (!existsSync(dir) || readdirSync(dir).length) break;
        rmdirSync(dir);
      }
    }
  }

  /**
   * Writes .br and .gz beside every other text file whose content changed since they were made, from
   * the cache of compressed results (by content hash and the compression code's digest) or, failing
   * that, on worker threads. `reuse` false: the files already compressed in the folder are not trusted
   * (a clean build, or one whose compression code changed) and the cache is not read.
   */
  async compress(cacheDir: string, skip: (rel: string) => boolean, reuse: boolean, { stats, code: tool }: Pick<CacheAccess, 'stats' | 'code'>): Promise<{ compressed: number; reused: number }> {
    const code = tool.codeDigest(new URL('../stages/precompress.ts', import.meta.url)).slice(0, 16);
    mkdirSync(cacheDir, { recursive: true });
    const jobs: CompressJob[] = [];
    const copied: string[] = [];
    const wanted = new Set<string>();
    for (const [rel, rec] of Object.entries(this.files)) {
      const full = join(this.outDir, rel);
      if (this.precompressed.has(rel)) continue;
      if (!shouldCompress(rel, rec.size) || skip(rel)) {
        // Grown too small to compress: its old .br/.gz go, as a clean build would not make them.
        if (this.previous[rel]?.br) for (const f of [`${full}.br`, `${full}.gz`]) rmSync(f, { force: true });
        continue;
      }
      const quality = qualityFor(rel, rec.size);
      const name = `${rec.hash}.${code}.q${quality}`;
      const keep = join(cacheDir, name);
      wanted.add(name);
      const before = this.previous[rel];
      // A page (compressed here only when its .br went missing) gets no .gz, as its render thread makes none.
      const brotliOnly = isPage(rel);
      const encodings = brotliOnly ? ['br'] : ['br', 'gz'];
      if (reuse && before?.hash === rec.hash && same(before.br, stampOf(`${full}.br`)) && (brotliOnly ? !before.gz : same(before.gz, stampOf(`${full}.gz`)))) {
        rec.br = before.br;
        rec.gz = before.gz;
        continue;
      }
      if (reuse && encodings.every((e) => existsSync(`${keep}.${e}`))) {
        for (const e of encodings) copyFileSync(`${keep}.${e}`, `${full}.${e}`);
        copied.push(rel);
      } else jobs.push({ file: full, quality, keep, brotliOnly });
    }
    await compressFiles(jobs);
    for (const rel of [...copied, ...jobs.map((j) => j.file.slice(this.outDir.length + 1))]) {
      const full = join(this.outDir, rel);
      const gz = isPage(rel) ? undefined : stampOf(`${full}.gz`);
      this.files[rel] = { ...this.files[rel]!, br: stampOf(`${full}.br`), gz };
      this.written.push(`${rel}.br`, ...(gz ? [`${rel}.gz`] : []));
    }
    // The cache keeps what this build's files need, so it never outgrows the site.
    for (const name of readdirSync(cacheDir)) if (!wanted.has(name.replace(/\.(br|gz)$/, ''))) unlinkSync(join(cacheDir, name));
    stats.recomputed('compressed files', jobs.length);
    stats.reused('compressed files', copied.length);
    return { compressed: jobs.length, reused: copied.length };
  }
}
