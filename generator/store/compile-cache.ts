// Parse and schema validation are per file, so their results are kept by the file's content hash:
// an unchanged page is neither parsed nor validated again. Its YAML is parsed only if a diagnostic
// must point into it (source.ts's lazySource). Kept on disk (the build) and, for a process that compiles
// on every save (the dev server, the studio), with an in-memory layer too: what the last compile made of
// each file and page, reused while its text is unchanged (`remember`). The entries' shape is the core's
// (core/read.ts's FileEntry): the store, at the bottom, only keeps them.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ToolCode } from './code-graph.ts';
import { hashOf } from './hash.ts';
import type { StoreStats } from './store-stats.ts';

/**
 * On disk: the salt on the first line, then one entry a line, `key<TAB>JSON` (JSON has no raw line
 * breaks). Entries stay JSON text until used, so loading a thousand pages' entries is a split, not a
 * parse of JSON inside JSON, and saving is a join.
 */
const SEPARATOR = '\t';

/** Its name in the build's statistics. */
const CACHE = 'parse and validate';

// The entry's type is the core's (core/read.ts): the store does not import it. Left unnamed (a cache
// made without naming it), it takes whatever the compile gives it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export class CompileCache<FileEntry extends object = any> {
  /** Content key -> the entry as JSON (parsed on each use, so callers may mutate what they get). */
  private entries = new Map<string, string>();
  private used = new Set<string>();
  private salt = '';
  private dirty = false;
  /** The salt the file on disk holds, and the entries set since it was read (written by appending). */
  private savedSalt?: string;
  private added = new Map<string, string>();

  /**
   * `file`: where the cache lives on disk (none: in memory only); `fresh`: start empty, ignoring what it
   * holds; `stats` and `code`: its store's counts and code (without a store, a reading of its own).
   */
  constructor(
    private readonly file?: string,
    fresh = false,
    private readonly stats?: StoreStats,
    private readonly code = new ToolCode(),
  ) {
    if (file && !fresh && existsSync(file)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      this.salt = this.savedSalt = lines[0] ?? '';
      for (let i = 1; i < lines.length; i++) {
        const line = lines[i]!;
        const tab = line.indexOf(SEPARATOR);
        // A damaged line is only a slower build: its file is parsed again.
        if (tab > 0) this.entries.set(line.slice(0, tab), line.slice(tab + 1));
      }
    }
  }

  /** Called once per compile: a change to the schemas or to the code that reads and validates empties the cache. */
  begin(schemasDigest: string): void {
    // The code its entries come from: the one read-and-validate function and the schemas' validators
    // (which also complete templates' blocks), with all they import.
    const salt = hashOf(schemasDigest, this.code.codeDigest(new URL('../core/read.ts', import.meta.url), new URL('../core/schemas.ts', import.meta.url)));
    if (salt !== this.salt) {
      this.entries.clear();
      this.salt = salt;
      this.dirty = true;
    }
    this.used.clear();
  }

  private key(kind: string, text: string): string {
    return contentKey(kind, text);
  }

  /** The in-memory layer: the last compile's results by key, when this process compiles again (remember()). */
  private memory?: Map<string, unknown>;

  /** Keeps the last compile's results in memory too (the dev server and the studio compile on every save). */
  remember(): this {
    this.memory ??= new Map();
    return this;
  }

  /** What the last compile made under `key`, in memory (nothing unless remember() was called). */
  recall<T>(key: string): T | undefined {
    return this.memory?.get(key) as T | undefined;
  }

  keep(key: string, value: unknown): void {
    this.memory?.set(key, value);
  }

  /** Whether this cache keeps results in memory (remember()). */
  get remembers(): boolean {
    return this.memory !== undefined;
  }

  /** How many entries it holds (a nearly empty cache means a cold compile). */
  get size(): number {
    return this.entries.size;
  }

  has(kind: string, text: string): boolean {
    return this.entries.has(this.key(kind, text));
  }

  /**
   * An entry already keyed (contentKey) and written as JSON, made elsewhere (a worker thread) or by
   * this thread (`entry`: the object itself, handed to the first get instead of parsing it again).
   */
  setRaw(key: string, json: string, entry?: FileEntry): void {
    this.entries.set(key, json);
    this.added.set(key, json);
    if (entry) this.unparsed.set(key, entry);
    this.used.add(key);
    this.dirty = true;
    this.stats?.recomputed(CACHE);
  }

  /** Entries made by this thread and not yet handed out. */
  private unparsed = new Map<string, FileEntry>();

  get(kind: string, text: string): FileEntry | undefined {
    const key = this.key(kind, text);
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    if (!this.added.has(key)) this.stats?.reused(CACHE);
    const made = this.unparsed.get(key);
    if (made) {
      this.unparsed.delete(key);
      this.used.add(key);
      return made;
    }
    let entry: FileEntry;
    try {
      entry = JSON.parse(hit) as FileEntry;
    } catch {
      return undefined;
    }
    this.used.add(key);
    return entry;
  }

  set(kind: string, text: string, entry: FileEntry): void {
    this.setRaw(this.key(kind, text), JSON.stringify(entry));
  }

  private saveDelayMs?: number;
  private writeLater?: NodeJS.Timeout;

  /**
   * For a process that compiles on every save (the dev server): every entry is kept and written a
   * while after the last save, not on each; the next build trims them.
   */
  keepAll(delayMs: number): this {
    this.saveDelayMs = delayMs;
    return this.remember();
  }

  /**
   * Writes what the last compile made. New entries are appended to the file (a one-page edit adds one
   * line, not tens of megabytes); once a quarter of the entries are no longer used, the file is
   * written anew with only what the last compile used, so it never outgrows the site for long.
   */
  save(): void {
    if (this.saveDelayMs !== undefined) {
      clearTimeout(this.writeLater);
      this.writeLater = setTimeout(() => this.write(false), this.saveDelayMs);
      this.writeLater.unref();
      return;
    }
    const unused = [...this.entries.keys()].filter((key) => !this.used.has(key));
    const trim = unused.length > this.entries.size / 4;
    if (trim) for (const key of unused) this.entries.delete(key);
    this.write(trim);
  }

  /**
   * Set by the build: the file is written by the thread pool while the build goes on (a cold
   * 1,000-article cache is 20 MB), and `written` settles once it is on disk.
   */
  writeInBackground = false;
  written: Promise<void> = Promise.resolve();

  private write(whole: boolean): void {
    if (!this.file || !this.dirty) return;
    const file = this.file;
    mkdirSync(dirname(file), { recursive: true });
    if (!whole && this.savedSalt === this.salt && existsSync(file)) {
      if (this.writeInBackground) {
        const added = [...this.added];
        this.written = this.written.then(() => writeLines(file, 'a', '', added));
      } else {
        let lines = '';
        for (const [key, json] of this.added) lines += `\n${key}${SEPARATOR}${json}`;
        appendFileSync(file, lines);
      }
    } else {
      const tmp = `${file}.${process.pid}.tmp`;
      if (this.writeInBackground) {
        const entries = [...this.entries];
        this.written = this.written.then(() => writeLines(tmp, 'w', this.salt, entries)).then(() => rename(tmp, file));
      } else {
        const lines = [this.salt];
        for (const [key, json] of this.entries) lines.push(`${key}${SEPARATOR}${json}`);
        writeFileSync(tmp, lines.join('\n'));
        renameSync(tmp, file);
      }
      this.savedSalt = this.salt;
    }
    this.added.clear();
    this.dirty = false;
  }
}

/**
 * Writes `head`, then each entry on a line of its own, a megabyte at a time: while the pages render,
 * the file (200 MB for 10,000 pages) never stands in memory whole, as one string and its bytes.
 */
async function writeLines(path: string, flags: 'a' | 'w', head: string, entries: [string, string][]): Promise<void> {
  const handle = await open(path, flags);
  try {
    let chunk = head;
    for (let i = 0; i < entries.length; i++) {
      const [key, json] = entries[i]!;
      chunk += `\n${key}${SEPARATOR}${json}`;
      // Written lines are let go: what is left to write is all this holds.
      entries[i] = undefined as never;
      if (chunk.length >= 1 << 20) {
        await handle.write(chunk);
        chunk = '';
      }
    }
    if (chunk) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

/** The key of an entry: what kind of result, for which file, and a hash of the text it is made from. */
export function contentKey(kind: string, text: string): string {
  return createHash('sha256').update(kind).update('\0').update(text).digest('base64url');
}

/** The compile cache of a project, under its build cache folder (one file per project folder). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function compileCacheFor<FileEntry extends object = any>(cacheDir: string, root: string, fresh = false, stats?: StoreStats, code?: ToolCode): CompileCache<FileEntry> {
  return new CompileCache<FileEntry>(join(cacheDir, `compile-${hashOf(resolve(root)).slice(0, 16)}.lines`), fresh, stats, code);
}


