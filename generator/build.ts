// The build: compile YAML (nothing is written if anything is invalid), build the browser assets with
// Vite, prerender every page to dist/<route>/index.html, write site files, precompress.
//
// Incremental by default: each page's HTML is kept with a key of what made it (its definition, the
// code of its blocks, the build's settings) and what it read while rendering (config values, the
// article list, assets, images, the build's moment; see store/). A page is rendered again only
// when one of those changed, a file is written only when its bytes changed, and what the build no
// longer makes is removed, so the output is byte-identical to a clean build (`--clean`).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildBackend, type BuildBackend } from './host/build-backend.ts';
import { buildHash, HASH_FILE } from './host/build-hash.ts';
import { checkComponents, compileSite } from './core/compile.ts';
import { SCHEDULE_FILE, scheduleFile, type Schedule } from './core/publication.ts';
import { NOT_FOUND_ROUTE, type CompiledSite, type PageDefinition } from '../model/page.ts';
import type { Diagnostic } from './core/errors.ts';
import { generateImages } from './images/site-images.ts';
import { clientAssets } from './client/cached-build.ts';
import { codeDigest, importMemo, PageCode, TOOL_ROOT } from './store/code-graph.ts';
import { storeStats, type CacheCounts } from './store/store-stats.ts';
import { compileCacheFor, type CompileCache } from './store/compile-cache.ts';
import { missingFrom } from './stages/prevalidate.ts';
import { loadSchemas } from './core/schemas.ts';
import { writeStaleGeneratedFilesOnce } from './store/generated-types.ts';
import { hashOf, hashValue } from './store/hash.ts';
import { Outputs } from './store/outputs.ts';
import { digestOf, readRoots } from './store/reads.ts';
import { pagesToRender, type RenderedPage, type RenderInput } from './render/render-task.ts';
import { variantFile } from '../model/analytics/experiment.ts';
import { assetsOnly } from './client/manifest.ts';
import { defaultCacheDir, emptyState, loadState, saveState, targetDir, type PageRecord } from './store/state.ts';
import { answer } from './store/track.ts';
import { isYaml, listFiles, schemasDigest } from './core/load.ts';
import { PARALLEL_MIN_PAGES, RenderPool } from './stages/render-pool.ts';
import { formatReport } from './report/report.ts';
import { headersFile, HEADERS_FILE, securityHeaders } from './host/security-headers.ts';
import { robots, rss, sitemap } from './render/site-files.ts';
import { experimentFiles, secretNote } from './host/edge-files.ts';
import { trackEndpoint } from '../model/analytics/event.ts';

/** A page's file, relative to the output folder; a variant's is beside it (model/analytics/experiment.ts). */
function outFileFor(route: string, variant?: string): string {
  if (route === NOT_FOUND_ROUTE) return '404.html';
  const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
  return variant ? variantFile(file, variant) : file;
}

/** A rendered file's record name: the route, and for a variant the route and the variant. */
const recordOf = (p: PageDefinition) => (p.variant ? `${p.route}#${p.variant}` : p.route);

export const BUILD_PHASES = ['compile', 'client', 'images', 'render', 'write', 'compress'] as const;
export type Timings = Record<(typeof BUILD_PHASES)[number], number>;

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

export interface BuildResult {
  pages: { route: string; file: string; islands: string[] }[];
  ms: number;
  /** Warnings of a valid site, for the caller to report. */
  warnings: Diagnostic[];
  /** Said when pages are under an experiment and EXPERIMENT_SECRET is not set (experiment-files.ts). */
  experimentNote?: string;
  /** The backend the pages were built for; `note` says so when it is a running npm start's. */
  backend: Pick<BuildBackend, 'url' | 'from' | 'note'>;
  /** Drafts and scheduled pages left out, and when a rebuild would publish the next one. */
  schedule: Schedule;
  texts: Map<string, string>;
  /** Routes rendered by this build (the others were unchanged). */
  rendered: string[];
  /** How many were rendered for which reason: new, inputs (definition, code, settings), file (touched in the output), reads. */
  renderedBecause: Record<string, number>;
  /** Files written and removed, relative to the output folder. */
  written: string[];
  removed: string[];
  /** Milliseconds per phase. */
  timings: Timings;
  /** Whether Vite ran (false: its cached output was reused). */
  clientBuilt: boolean;
  /** Per cache: entries reused and recomputed. */
  caches: CacheCounts;
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
  const started = performance.now();
  storeStats.reset();
  const timings = Object.fromEntries(BUILD_PHASES.map((p) => [p, 0])) as Timings;
  let mark = started;
  const phase = (name: keyof Timings) => {
    const now = performance.now();
    timings[name] += now - mark;
    mark = now;
  };
  const outDir = resolve(opts.outDir ?? join(root, 'dist'));
  // Before anything is written: the backend the pages are for (a real project needs its anon key; a
  // running npm start's address when none is set, see build-backend.ts).
  const backend = buildBackend(root, outDir);
  const cacheDir = opts.cacheDir ?? defaultCacheDir(root);
  const target = targetDir(cacheDir, outDir);
  // A clean build reads no cached result, the code graph's memo of imports included.
  if (opts.clean) importMemo.ignoreStored = true;
  const state = opts.clean ? emptyState() : loadState(target);
  // Render workers load React and the components while the site compiles.
  const pageFiles = listFiles(join(root, 'pages'), isYaml);
  const pool = pageFiles.length >= PARALLEL_MIN_PAGES && opts.workers !== 0 ? new RenderPool(opts.workers) : undefined;
  try {
    // As `astro sync` does: the generated types follow the schemas (CI's validate still fails when the
    // committed file is stale, since it runs before any build).
    if (existsSync(join(root, 'model'))) await writeStaleGeneratedFilesOnce(root, join(cacheDir, `types-${hashOf(resolve(root)).slice(0, 16)}.stamp`), !opts.clean);
    // The site as of one moment (`--as-of`, default now): pages scheduled later and drafts are left out,
    // and pages render that moment's dates; the moment is one of the inputs pages' keys record.
    const asOf = opts.asOf ?? new Date();
    // A clean build reads no cached result, but leaves its own for the next build. Let go after the
    // compile (ten thousand pages' entries are hundreds of megabytes).
    let compileCache: CompileCache | undefined = compileCacheFor(cacheDir, root, opts.clean);
    compileCache.writeInBackground = true;
    let compileCacheWritten = Promise.resolve();
    // Vite's client build (into the build cache, never the output) runs in a child process while the
    // site compiles; the "client" phase is what is left to wait for after the compile.
    const clientBuild = clientAssets(root, cacheDir, outDir, { quiet: opts.quiet, reuse: !opts.clean });
    // On a failure the client build is still finished (and kept for the next build), then reported.
    const settled = () => clientBuild.then((c) => c.finish()).then(() => undefined, () => undefined);
    // Its failure is reported where it is awaited; until then (the compile awaits the components) it is not unhandled.
    clientBuild.catch(() => undefined);
    let result: ReturnType<typeof compileSite>;
    try {
      const schemas = loadSchemas(join(root, 'schemas'), cacheDir, { reuse: !opts.clean });
      let texts: Map<string, string> | undefined;
      if (pool) {
        // A cache that holds fewer entries than there are pages is a cold compile: the render workers
        // parse and validate pages with the main thread first (prevalidate.ts).
        compileCache.begin(schemasDigest(root));
        texts = await pool.prevalidate(root, compileCache.size === 0 ? pageFiles : compileCache.size < pageFiles.length ? missingFrom(compileCache, root, pageFiles) : [], compileCache, schemas, !opts.clean);
      }
      result = compileSite(root, { asOf, cache: compileCache, schemas, texts });
      // Ten thousand pages' texts are a hundred megabytes: not kept through the render.
      texts = undefined;
      compileCacheWritten = compileCache.written;
      compileCache = undefined;
      // Every block has a component: the registry is known once React and the components are loaded,
      // by the render workers while the site compiled (or here, when there are none).
      const components = pool ? await pool.components : (await import('../runtime/render/render-page.tsx')).blockComponents;
      const missing = checkComponents(root, components, result.texts);
      if (missing.length) result = { ...result, ok: false, diagnostics: [...missing, ...result.diagnostics] };
    } catch (e) {
      await settled();
      throw e;
    }
    if (!result.ok) {
      await settled();
      throw new ValidationError(result.diagnostics, result.texts);
    }
    const compiled = result.site!;
    // The report of a valid site's warnings needs only their files' texts.
    const warned = new Set(result.diagnostics.map((d) => d.file));
    for (const file of [...result.texts.keys()]) if (!warned.has(file)) result.texts.delete(file);
    phase('compile');

    const client = await clientBuild;
    phase('client');
    // Preview stills, social cards and icons, each cached by content hash (see images.ts).
    const { files: imageFiles, ...images } = await generateImages(root, compiled, { reuse: !opts.clean });
    phase('images');

    // Without a record of what this folder holds, it is emptied first (as Vite's emptyOutDir did).
    if (!Object.keys(state.files).length) rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const outputs = new Outputs(outDir, state.files);
    const input: RenderInput = { compiled, manifest: client.manifest, clientDir: client.dir, images, supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, now: asOf.getTime() };
    pool?.prepare(input);
    const assets = assetsOnly(input.manifest);
    const { pages, rendered, because, scriptHashes } = await renderPages(root, compiled, input, assets, state.pages, state.readSets, outputs, pool);
    state.pages = pages;
    phase('render');

    // A new client build's compression ran while the pages rendered.
    const clientFiles = await client.finish();
    for (const rel of clientFiles.files) {
      const from = join(clientFiles.dir, rel);
      const compressed = existsSync(`${from}.br`) ? { br: readFileSync(`${from}.br`), gz: readFileSync(`${from}.gz`) } : undefined;
      outputs.write(rel, readFileSync(from), undefined, compressed);
    }
    // Copied by content (a cache file drawn again under its name may hold other bytes).
    for (const [path, from] of imageFiles) outputs.copy(path, from);
    const headers = siteHeaders(compiled, scriptHashes, backend.url);
    outputs.write(HEADERS_FILE, headersFile(headers));
    outputs.write('sitemap.xml', sitemap(compiled));
    outputs.write('robots.txt', robots(compiled));
    outputs.write('rss.xml', rss(compiled));
    // For a scheduler: when a rebuild would publish something (no unpublished route is named here).
    outputs.write(SCHEDULE_FILE, scheduleFile(result.schedule!));
    outputs.write('free-detox-starter-kit.pdf', await starterKit(cacheDir, !opts.clean));
    outputs.write(HASH_FILE, buildHash(root, backend));
    // The host's no-script pixel posts where the beacon does, when pages carry it (runtime/render/render-page.tsx).
    const track = compiled.site.analytics?.enabled === true && backend.anonKey ? trackEndpoint(backend.url, backend.anonKey) : undefined;
    for (const [rel, text] of await experimentFiles(compiled, headers, track)) outputs.write(rel, text);
    outputs.removeStale();
    phase('write');

    // A clean build compresses everything again (and refills the cache of compressed files), and so
    // does a build whose compression code changed since the output's files were compressed.
    const compressedBy = codeDigest(new URL('./stages/precompress.ts', import.meta.url));
    await outputs.compress(join(target, 'compressed'), (rel) => rel.startsWith('.vite/'), !opts.clean && state.compressedBy === compressedBy);
    state.compressedBy = compressedBy;
    state.files = outputs.files;
    await compileCacheWritten;
    saveState(target, state);
    phase('compress');

    const list = compiled.pages.map((p) => ({ route: p.route, file: join(outDir, outFileFor(p.route)), islands: pages[p.route]!.islands }));
    return {
      pages: list,
      ms: Math.round(performance.now() - started),
      warnings: backend.warning ? [...result.diagnostics, backend.warning] : result.diagnostics,
      backend: { url: backend.url, from: backend.from, note: backend.note },
      experimentNote: secretNote(compiled),
      texts: result.texts,
      schedule: result.schedule!,
      rendered,
      renderedBecause: because,
      written: outputs.written,
      removed: outputs.removed,
      timings,
      clientBuilt: client.built,
      caches: storeStats.snapshot(),
    };
  } finally {
    await pool?.close();
  }
}

/**
 * Renders the pages whose inputs changed (on worker threads too when there are many) and keeps the
 * others' files. Returns every page's record, the routes rendered and the inline-script hashes.
 */
async function renderPages(
  root: string,
  compiled: CompiledSite,
  input: RenderInput,
  assets: ReturnType<typeof assetsOnly>,
  previous: Record<string, PageRecord>,
  readSets: Record<string, string[]>,
  outputs: Outputs,
  pool: RenderPool | undefined,
) {
  // The code a page's HTML comes from, read from the import graph (see code-graph.ts).
  const code = new PageCode();
  // What every page depends on that no read records: the build's settings and the stylesheet's build.
  const env = hashOf(input.supabaseUrl, input.supabaseAnonKey ?? '', JSON.stringify(assets.css));
  const roots = readRoots(input, assets);
  // Pages share most of their reads (a thousand articles make a hundred thousand reads of about 1,400
  // paths), so each path is answered once.
  const answers = new Map<string, string>();
  const answerOf = (r: string) => {
    let a = answers.get(r);
    if (a === undefined) answers.set(r, (a = answer(roots, r)));
    return a;
  };
  const digests = new Map<string, string>();
  const digest = (id: string) => {
    let d = digests.get(id);
    if (d === undefined) digests.set(id, (d = readSets[id] ? digestOf(readSets[id], answerOf) : ''));
    return d;
  };
  const pages: Record<string, PageRecord> = {};
  const all = pagesToRender(compiled);
  const keys = all.map((page) => hashOf(env, hashValue(page), code.pageCode(page.sections)));
  const toRender: number[] = [];
  // Why each page renders again, counted (the build prints it; SITE_BUILD_DEBUG=1 names the routes).
  const because: Record<string, number> = {};
  all.forEach((page, i) => {
    const record = recordOf(page);
    const before = previous[record];
    const file = outFileFor(page.route, page.variant);
    const reason = !before ? 'new' : before.key !== keys[i] || before.file !== file ? 'inputs' : !outputs.intact(file) ? 'file' : digest(before.reads) !== before.digest ? 'reads' : undefined;
    if (!reason) {
      outputs.keep(file);
      pages[record] = before!;
      return;
    }
    because[reason] = (because[reason] ?? 0) + 1;
    if (process.env.SITE_BUILD_DEBUG) console.log(`render ${record}: ${reason}`);
    toRender.push(i);
  });
  const onPage = (r: RenderedPage) => {
    const page = all[r.index]!;
    const file = outFileFor(page.route, page.variant);
    outputs.write(file, r.html, undefined, r.compressed);
    const reads = hashOf(r.reads.join('\0')).slice(0, 16);
    readSets[reads] ??= r.reads;
    pages[recordOf(page)] = { key: keys[r.index]!, reads, digest: r.readsDigest, file, islands: r.islands, scriptHashes: r.scriptHashes };
  };
  if (pool) {
    // Few pages (a warm rebuild) are rendered by the workers alone: the main thread never loads React.
    if (toRender.length) await pool.render(input, toRender, onPage, toRender.length >= PARALLEL_MIN_PAGES);
  } else if (toRender.length) {
    const { PageRenderer } = await import('./render/render-task.ts');
    const renderer = new PageRenderer(input);
    for (const i of toRender) onPage(renderer.render(i));
  }
  storeStats.recomputed('pages', toRender.length);
  storeStats.reused('pages', all.length - toRender.length);
  const scriptHashes = new Set(all.flatMap((p) => pages[recordOf(p)]!.scriptHashes));
  return { pages, rendered: toRender.map((i) => recordOf(all[i]!)), because, scriptHashes };
}

/** The security headers for this build: its Supabase project, the hashes of the pages' inline scripts. */
function siteHeaders(compiled: CompiledSite, scriptHashes: Iterable<string>, supabaseUrl: string) {
  const viewer = compiled.site.previews.viewerUrl;
  return securityHeaders({
    supabaseUrl,
    scriptHashes,
    frameOrigins: viewer.startsWith('https://') ? [new URL(viewer.replace(/\{urlEncoded\}|\{url\}/g, 'x')).origin] : [],
  });
}

/** The starter kit PDF, kept in the build cache by its source and the code that draws it (`reuse` false: drawn anew). */
async function starterKit(cacheDir: string, reuse: boolean): Promise<Buffer> {
  const source = join(TOOL_ROOT, 'content/starter-kit.yaml');
  const file = join(cacheDir, `starter-kit-${hashOf(readFileSync(source), codeDigest(new URL('../pdf/render-guide-pdf.ts', import.meta.url))).slice(0, 24)}.pdf`);
  if (reuse && existsSync(file)) {
    storeStats.reused('starter kit');
    return readFileSync(file);
  }
  storeStats.recomputed('starter kit');
  const { renderStarterKitPdf } = await import('../pdf/render-guide-pdf.ts');
  const data = Buffer.from(await renderStarterKitPdf());
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, data);
  return data;
}
