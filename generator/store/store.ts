// The one store a build reads and writes, as Astro's content layer keeps one: opened at the start,
// closed at the end, owning the whole life of what the build keeps between runs:
// - the state of the output folder (state.ts: each page's key and reads, every file written);
// - the compile cache (compile-cache.ts), with its in-memory layer when a process compiles again;
// - the memo of what each module imports (code-graph.ts);
// - the writes that go on in the background while the build does (the compile cache's file).
// `clean` clears it when it opens: nothing stored is read, and the build fills it again. Nothing else
// holds that choice: the other caches a build uses ask the store (`reuse`).
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultCacheDir } from './cache-root.ts';
import { importMemo } from './code-graph.ts';
import { compileCacheFor, type CompileCache } from './compile-cache.ts';
import { emptyState, loadState, saveState, targetDir, type TargetState } from './state.ts';
import { storeStats } from './store-stats.ts';

export interface StoreOptions {
  /** The site's folder. */
  root: string;
  /** The output folder whose state is kept. */
  outDir: string;
  /** Where the build cache lives (default node_modules/.cache/site-build, see cache-root.ts). */
  cacheDir?: string;
  /** Clear the store when it opens. */
  clean?: boolean;
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
  /** The compile cache, until the compile lets go of it (takeCompileCache). */
  takeCompileCache(): CompileCache<FileEntry>;
  /** A write that may finish while the build goes on; close() waits for it. */
  background(write: Promise<void>): void;
  /** Waits for the background writes, then saves the import memo, and the state when the build `completed`. */
  close(completed: boolean): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function openStore<FileEntry extends object = any>(opts: StoreOptions): Store<FileEntry> {
  const cacheDir = opts.cacheDir ?? defaultCacheDir(opts.root);
  const target = targetDir(cacheDir, resolve(opts.outDir));
  storeStats.reset();
  if (opts.clean) {
    rmSync(join(target, 'state.json'), { force: true });
    importMemo.clear();
  }
  const state = opts.clean ? emptyState() : loadState(target);
  // A clean store's compile cache starts empty; what the compile makes is written over the old file.
  let compileCache: CompileCache<FileEntry> | undefined = compileCacheFor<FileEntry>(cacheDir, opts.root, opts.clean);
  compileCache.writeInBackground = true;
  const writes: Promise<void>[] = [];
  return {
    root: opts.root,
    outDir: opts.outDir,
    cacheDir,
    target,
    reuse: !opts.clean,
    state,
    takeCompileCache() {
      if (!compileCache) throw new Error('store.ts: the compile cache was already taken');
      const cache = compileCache;
      // Ten thousand pages' entries are hundreds of megabytes: the store keeps only the pending write.
      compileCache = undefined;
      return cache;
    },
    background: (write) => void writes.push(write),
    async close(completed) {
      await Promise.all(writes);
      if (completed) saveState(target, state);
      importMemo.save();
    },
  };
}
