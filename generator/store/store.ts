// The one store a build reads and writes, as Astro's content layer keeps one: opened at the start,
// closed at the end, owning the whole life of what the build keeps between runs:
// - the state of the output folder (state.ts: each page's key and reads, every file written);
// - the compile cache (compile-cache.ts): opened here, read by the read step, written here once the
//   compile is valid (compiled()), closed here; with its in-memory layer when a process compiles again
//   (`live`: the dev server and its studio share one store);
// - the memo of what each module imports (code-graph.ts);
// - the counts of what each cache reused and made anew (store-stats.ts), this build's alone;
// - the writes that go on in the background while the build does (the compile cache's file).
// `clean` clears it when it opens: nothing stored is read, and the build fills it again. Nothing else
// holds that choice: the other caches a build uses ask the store (`reuse`).
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultCacheDir } from './cache-root.ts';
import { ImportMemo, ToolCode } from './code-graph.ts';
import { compileCacheFor, type CompileCache } from './compile-cache.ts';
import { emptyState, loadState, saveState, targetDir, type TargetState } from './state.ts';
import { StoreStats } from './store-stats.ts';

export interface StoreOptions {
  /** The site's folder. */
  root: string;
  /** The output folder whose state is kept. */
  outDir: string;
  /** Where the build cache lives (default node_modules/.cache/site-build, see cache-root.ts). */
  cacheDir?: string;
  /** Clear the store when it opens. */
  clean?: boolean;
  /**
   * A process that compiles on every save (the dev server and its studio): the compile cache keeps the
   * last compile's results in memory too, and is written a while after the last save, not on each. It
   * renders into no output folder, so it reads no state.
   */
  live?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Store<FileEntry extends object = any> {
  readonly root: string;
  readonly outDir: string;
  readonly cacheDir: string;
  /** The output folder's own place in the cache (its state, its compressed files). */
  readonly target: string;
  /** Whether results stored before may be used (false: the store was opened clean). */
  readonly reuse: boolean;
  /** What the last build into the output folder left; the build updates it, close() saves it. */
  readonly state: TargetState;
  /** What each cache reused and made anew, in this store's life. */
  readonly stats: StoreStats;
  /** The running tool's code as this store reads it (its import memo is kept in `cacheDir`): the code part of every key. */
  readonly code: ToolCode;
  /** The compile cache the read step reads (core/compile.ts, stages/prevalidate.ts); a build's until compiled(). */
  readonly compileCache: CompileCache<FileEntry>;
  /** The compile was valid: what it made is written (a build's in the background, which close() waits for). */
  compiled(): void;
  /** Waits for the background writes, then saves the import memo, and the state when the build `completed`. */
  close(completed: boolean): Promise<void>;
}

/** What a cache needs of the store: its folder, whether stored results may be used, and where to count. */
export type CacheAccess = Pick<Store, 'cacheDir' | 'reuse' | 'stats' | 'code'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function openStore<FileEntry extends object = any>(opts: StoreOptions): Store<FileEntry> {
  const cacheDir = opts.cacheDir ?? defaultCacheDir(opts.root);
  const target = targetDir(cacheDir, resolve(opts.outDir));
  const stats = new StoreStats();
  const code = new ToolCode(new ImportMemo(cacheDir));
  if (opts.clean) {
    rmSync(join(target, 'state.json'), { force: true });
    code.memo.clear();
  }
  const state = opts.clean || opts.live ? emptyState(code) : loadState(target, code);
  // A clean store's compile cache starts empty; what the compile makes is written over the old file.
  let compileCache: CompileCache<FileEntry> | undefined = compileCacheFor<FileEntry>(cacheDir, opts.root, opts.clean, stats, code);
  if (opts.live) compileCache.keepAll(5_000);
  else compileCache.writeInBackground = true;
  const writes: Promise<void>[] = [];
  return {
    root: opts.root,
    outDir: opts.outDir,
    cacheDir,
    target,
    reuse: !opts.clean,
    state,
    stats,
    code,
    get compileCache() {
      if (!compileCache) throw new Error('store.ts: the compile cache was read after the compile');
      return compileCache;
    },
    compiled() {
      if (!compileCache) throw new Error('store.ts: the compile cache was written twice');
      compileCache.save();
      if (opts.live) return;
      writes.push(compileCache.written);
      // Ten thousand pages' entries are hundreds of megabytes: a build's store keeps only the pending write.
      compileCache = undefined;
    },
    async close(completed) {
      await Promise.all(writes);
      if (completed) saveState(target, state);
      code.memo.save();
    },
  };
}
