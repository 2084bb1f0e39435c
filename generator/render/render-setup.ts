// What the render needs, made while the site compiles: Vite's client build (in a child process, see
// client/cached-build.ts) and, for a site with many pages, the render workers (stages/render-pool.ts),
// which load React and the components meanwhile. This module owns both: the client build's promise is
// awaited in one place (client()), and close() leaves neither running, whether the build succeeded or not.
import { join } from 'node:path';
import { clientAssets, type ClientAssets } from '../client/cached-build.ts';
import type { Store } from '../store/store.ts';
import { isYaml, listFiles } from '../store/files.ts';
import { PARALLEL_MIN_PAGES, RenderPool } from '../stages/render-pool.ts';

export interface RenderSetup {
  /** The render workers, when the site has many pages. */
  readonly pool?: RenderPool;
  /** The client assets (Vite's build, or the one reused); rejects with Vite's failure. */
  client(): Promise<ClientAssets>;
  /** Waits for the client build (kept for the next build even when this one failed) and stops the workers. */
  close(): Promise<void>;
}

export function startRender(store: Store, opts: { quiet?: boolean; workers?: number }): RenderSetup {
  const pageCount = listFiles(join(store.root, 'pages'), isYaml).length;
  const pool = pageCount >= PARALLEL_MIN_PAGES && opts.workers !== 0 ? new RenderPool(opts.workers) : undefined;
  const build = clientAssets(store.root, store, store.outDir, { quiet: opts.quiet });
  // Its failure is reported where it is awaited; until then (the compile goes on) it is not unhandled.
  build.catch(() => undefined);
  const client = async () => await build;
  return {
    pool,
    client,
    async close() {
      try {
        await (await client()).finish();
      } catch {
        // Reported by client(), where the build awaited it.
      } finally {
        await pool?.close();
      }
    },
  };
}
