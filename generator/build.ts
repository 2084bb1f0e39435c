// The build, as five steps over one store: open the store (store/store.ts), load the site's files
// (core/load.ts), read each one (core/read.ts, shared with the render workers on a cold compile:
// stages/prevalidate.ts), check everything (core/compile.ts), compile the site (the same), render it
// into the output folder (render/render-mails.ts, then render/render-site.ts), close the store. Vite's client build and the render
// workers start with the store and work while the site compiles (render/render-setup.ts). Nothing is
// written when anything is invalid; a warm build's output is byte-identical to a clean one (`--clean`).
import { join, resolve } from 'node:path';
import { buildBackend, type BuildBackend } from './host/build-backend.ts';
import { assemble, check } from './core/compile.ts';
import type { Diagnostic } from './core/errors.ts';
import { loadSite } from './core/load.ts';
import type { Schedule } from './core/publication.ts';
import type { FileEntry } from './core/read.ts';
import { loadSchemas } from './core/schemas.ts';
import { buildSecretNote, experimentCount } from './host/experiment-secret.ts';
import { isLocalBackend } from './host/backend-url.ts';
import { runningServer } from './host/serving-record.ts';
import { formatReport } from './report/report.ts';
import { PhaseClock, type Timings } from './render/phases.ts';
import { renderMails } from './render/render-mails.ts';
import { outFileFor, renderSite, type SiteRendered } from './render/render-site.ts';
import { startRender } from './render/render-setup.ts';
import { writeGeneratedTypes } from './stages/generated-types.ts';
import { readSite } from './stages/prevalidate.ts';
import { openStore } from './store/store.ts';
import type { CacheCounts } from './store/store-stats.ts';

export { BUILD_PHASES, type Timings } from './render/phases.ts';

export interface BuildOptions {
  outDir?: string;
  quiet?: boolean;
  /** The moment the site is built as of (default now). */
  asOf?: Date;
  /** Reuse nothing: compile, render, compress, build the client assets, validators, images and starter kit anew (the output is the same), and refill the caches. */
  clean?: boolean;
  /** Where the build cache lives (default node_modules/.cache/site-build). */
  cacheDir?: string;
  /** Render worker threads when there are many pages (default: one per core but the main thread's). */
  workers?: number;
}

/** `rendered`, `written`, `removed`, `clientBuilt`: as the render step says (render/render-site.ts). */
export interface BuildResult extends Omit<SiteRendered, 'pages' | 'because'> {
  pages: { route: string; file: string; islands: string[] }[];
  ms: number;
  /** Warnings of a valid site, for the caller to report. */
  warnings: Diagnostic[];
  /** Said when pages are under an experiment and the server of what is built has no EXPERIMENT_SECRET (host/experiment-secret.ts). */
  experimentNote?: string;
  /** The backend the pages were built for; `note` says so when it is a running npm start's. */
  backend: Pick<BuildBackend, 'url' | 'from' | 'note'>;
  /** Drafts and scheduled pages left out, and when a rebuild would publish the next one. */
  schedule: Schedule;
  texts: Map<string, string>;
  /** How many were rendered for which reason: new, inputs (definition, code, settings), file (touched in the output), reads. */
  renderedBecause: Record<string, number>;
  /** Milliseconds per phase. */
  timings: Timings;
  /** Per cache: entries reused and recomputed. */
  caches: CacheCounts;
  /** Each mail's HTML in bytes as sent, by slug (render/render-mails.ts). */
  mailBytes: Record<string, number>;
}

/** The site is invalid: carries every diagnostic; its message is the pretty report. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly texts: Map<string, string>,
  ) {
    super(formatReport(diagnostics, texts));
  }
}

export async function buildSite(root: string, opts: BuildOptions = {}): Promise<BuildResult> {
  const clock = new PhaseClock();
  const outDir = resolve(opts.outDir ?? join(root, 'dist'));
  // Before anything is written: the backend the pages are for (build-backend.ts).
  const backend = buildBackend(root, outDir);
  const asOf = opts.asOf ?? new Date(); // `--as-of`: drafts and pages scheduled later are left out
  const store = openStore<FileEntry>({ root, outDir, cacheDir: opts.cacheDir, clean: opts.clean });
  await writeGeneratedTypes(store);
  const setup = startRender(store, opts);
  let completed = false;
  try {
    const inputs = loadSite(root, { schemas: loadSchemas(join(root, 'schemas'), store.cacheDir, store) });
    const read = await readSite(inputs, store, setup.pool);
    // The block types that have a component, read from the registry as data: nothing waits on the render.
    const result = assemble(check(read, { asOf, components: [...store.code.blocks().keys()] }));
    if (!result.ok) throw new ValidationError(result.diagnostics, result.texts);
    store.compiled();
    clock.phase('compile');
    const compiled = result.site!;
    // The mails first: one too large for Gmail stops the build before anything is written.
    const mails = await renderMails(compiled, store);
    if (mails.diagnostics.length) throw new ValidationError([...result.diagnostics, ...mails.diagnostics], result.texts);
    clock.phase('render');
    const { pages, because, ...out } = await renderSite({ store, setup, compiled, schedule: result.schedule!, backend, asOf, clock, mails: mails.files });
    completed = true;
    return {
      ...out,
      pages: compiled.pages.map((p) => ({ route: p.route, file: join(outDir, outFileFor(p.route)), islands: pages[p.route]!.islands })),
      ms: Math.round(performance.now() - clock.started),
      warnings: backend.warning ? [...result.diagnostics, backend.warning] : result.diagnostics,
      backend: { url: backend.url, from: backend.from, note: backend.note },
      experimentNote: buildSecretNote(experimentCount(compiled), { server: runningServer(root, outDir), hosted: !isLocalBackend(backend.url) }),
      texts: warnedTexts(result.diagnostics, result.texts),
      schedule: result.schedule!,
      renderedBecause: because,
      timings: clock.timings,
      caches: store.stats.snapshot(),
      mailBytes: mails.bytes,
    };
  } finally {
    await setup.close();
    await store.close(completed);
  }
}

/** The report of a valid site's warnings needs only their files' texts. */
function warnedTexts(diagnostics: Diagnostic[], texts: Map<string, string>): Map<string, string> {
  const warned = new Set(diagnostics.map((d) => d.file));
  for (const file of [...texts.keys()]) if (!warned.has(file)) texts.delete(file);
  return texts;
}
