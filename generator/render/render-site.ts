// Step 5 of the build: the compiled site into the output folder. The images, each page whose inputs
// changed (on worker threads too when there are many), the client assets, the site files (headers,
// sitemap, robots, feed, schedule, starter kit, the mails rendered before, build hash, the host's
// experiment files), then the compression. Each page's HTML is kept with a key of what made it (its definition, the code of its
// blocks, the build's settings) and what it read while rendering (see store/track.ts): a page renders
// again only when one of those changed, a file is written only when its bytes changed, and what the
// build no longer makes is removed, so the output is byte-identical to a clean build.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildBackend } from '../host/build-backend.ts';
import { buildHash, HASH_FILE } from '../host/build-hash.ts';
import { GENERATED_FILES, type GeneratedFile } from '../core/compile.ts';
import { SCHEDULE_FILE, scheduleFile, type Schedule } from '../core/publication.ts';
import { NOT_FOUND_ROUTE, type CompiledSite, type PageDefinition } from '../../model/page.ts';
import { variantFile } from '../../model/analytics/experiment.ts';
import { trackEndpoint } from '../../model/analytics/event.ts';
import { generateImages } from '../images/site-images.ts';
import { assetsOnly } from '../client/manifest.ts';
import { TOOL_ROOT, type PageCode } from '../store/code-graph.ts';
import { hashOf, hashValue } from '../store/hash.ts';
import type { PageRecord, TargetState } from '../store/state.ts';
import type { CacheAccess, Store } from '../store/store.ts';
import { answer } from '../store/track.ts';
import { PARALLEL_MIN_PAGES, type RenderPool } from '../stages/render-pool.ts';
import { headersFile, HEADERS_FILE, securityHeaders } from '../host/security-headers.ts';
import { robots, rss, sitemap } from './site-files.ts';
import { experimentFiles } from '../host/edge-files.ts';
import { Outputs } from './outputs.ts';
import { digestOf, readRoots } from './reads.ts';
import { pagesToRender, type RenderedPage, type RenderInput } from './render-task.ts';
import type { RenderSetup } from './render-setup.ts';
import type { PhaseClock } from './phases.ts';

/** A page's file, relative to the output folder; a variant's is beside it (model/analytics/experiment.ts). */
export function outFileFor(route: string, variant?: string): string {
  if (route === NOT_FOUND_ROUTE) return '404.html';
  const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
  return variant ? variantFile(file, variant) : file;
}

/** A rendered file's record name: the route, and for a variant the route and the variant. */
const recordOf = (p: PageDefinition) => (p.variant ? `${p.route}#${p.variant}` : p.route);

export interface SiteToRender {
  store: Store;
  setup: RenderSetup;
  compiled: CompiledSite;
  schedule: Schedule;
  backend: BuildBackend;
  asOf: Date;
  clock: PhaseClock;
  /** The mails' files (render-mails.ts), written with the site's files. */
  mails?: [string, string][];
}

export interface SiteRendered {
  /** Every page's record (its islands among them). */
  pages: Record<string, PageRecord>;
  /** Routes rendered by this build (the others were unchanged), and how many for which reason. */
  rendered: string[];
  because: Record<string, number>;
  /** Files written and removed, relative to the output folder. */
  written: string[];
  removed: string[];
  /** Whether Vite ran (false: its cached output was reused). */
  clientBuilt: boolean;
}

/** Renders the compiled site into the store's output folder and records it in the store's state. */
export async function renderSite({ store, setup, compiled, schedule, backend, asOf, clock, mails = [] }: SiteToRender): Promise<SiteRendered> {
  const client = await setup.client();
  clock.phase('client');
  // Preview stills, social cards and icons, each cached by content hash (see images/site-images.ts).
  const { files: imageFiles, ...images } = await generateImages(store.root, compiled, store);
  clock.phase('images');

  const { state, outDir } = store;
  // Without a record of what this folder holds, it is emptied first (as Vite's emptyOutDir did).
  if (!Object.keys(state.files).length) rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const outputs = new Outputs(outDir, state.files);
  const input: RenderInput = { compiled, manifest: client.manifest, clientDir: client.dir, images, supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, now: asOf.getTime() };
  setup.pool?.prepare(input);
  const { pages, rendered, because, scriptHashes } = await renderPages(compiled, input, assetsOnly(input.manifest), state, outputs, setup.pool, store);
  state.pages = pages;
  clock.phase('render');

  // A new client build's compression ran while the pages rendered.
  const clientFiles = await client.finish();
  for (const rel of clientFiles.files) {
    const from = join(clientFiles.dir, rel);
    const compressed = existsSync(`${from}.br`) ? { br: readFileSync(`${from}.br`), gz: readFileSync(`${from}.gz`) } : undefined;
    outputs.write(rel, readFileSync(from), undefined, compressed);
  }
  // Copied by content (a cache file drawn again under its name may hold other bytes).
  for (const [path, from] of imageFiles) outputs.copy(path, from);
  await writeSiteFiles(store, outputs, compiled, schedule, backend, scriptHashes);
  for (const [rel, text] of mails) outputs.write(rel, text);
  outputs.removeStale();
  clock.phase('write');

  // A clean build compresses everything again (and refills the cache of compressed files), and so
  // does a build whose compression code changed since the output's files were compressed.
  const compressedBy = store.code.codeDigest(new URL('../stages/precompress.ts', import.meta.url));
  await outputs.compress(join(store.target, 'compressed'), (rel) => rel.startsWith('.vite/'), store.reuse && state.compressedBy === compressedBy, store);
  state.compressedBy = compressedBy;
  state.files = outputs.files;
  clock.phase('compress');
  return { pages, rendered, because, written: outputs.written, removed: outputs.removed, clientBuilt: client.built };
}

/** The files beside the pages: headers, sitemap, robots, feed, schedule, starter kit, build hash, the host's experiment files. */
async function writeSiteFiles(store: Store, outputs: Outputs, compiled: CompiledSite, schedule: Schedule, backend: BuildBackend, scriptHashes: Iterable<string>): Promise<void> {
  const headers = siteHeaders(compiled, scriptHashes, backend.url);
  outputs.write(HEADERS_FILE, headersFile(headers));
  // The files pages may link to: one list, which the check reads too (core/compile.ts).
  const generated: Record<GeneratedFile, () => Promise<string | Buffer> | string> = {
    'sitemap.xml': () => sitemap(compiled),
    'robots.txt': () => robots(compiled),
    'rss.xml': () => rss(compiled),
    'free-detox-starter-kit.pdf': () => starterKit(store),
  };
  for (const rel of GENERATED_FILES) outputs.write(rel, await generated[rel]());
  // For a scheduler: when a rebuild would publish something (no unpublished route is named here).
  outputs.write(SCHEDULE_FILE, scheduleFile(schedule));
  outputs.write(HASH_FILE, buildHash(store.root, backend, store.code));
  // The host's no-script pixel posts where the beacon does, when pages carry it (runtime/render/render-page.tsx).
  const track = compiled.site.analytics?.enabled === true && backend.anonKey ? trackEndpoint(backend.url, backend.anonKey) : undefined;
  for (const [rel, text] of await experimentFiles(compiled, headers, track)) outputs.write(rel, text);
}

/**
 * Renders the pages whose inputs changed (on worker threads too when there are many) and keeps the
 * others' files. Returns every page's record, the routes rendered and the inline-script hashes.
 */
async function renderPages(
  compiled: CompiledSite,
  input: RenderInput,
  assets: ReturnType<typeof assetsOnly>,
  { pages: previous, readSets }: Pick<TargetState, 'pages' | 'readSets'>,
  outputs: Outputs,
  pool: RenderPool | undefined,
  { stats, code: tool }: CacheAccess,
) {
  // The code a page's HTML comes from, read from the import graph (see code-graph.ts).
  const code: PageCode = tool.pageCode();
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
    const { PageRenderer } = await import('./render-task.ts');
    const renderer = new PageRenderer(input);
    for (const i of toRender) onPage(renderer.render(i));
  }
  stats.recomputed('pages', toRender.length);
  stats.reused('pages', all.length - toRender.length);
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
async function starterKit({ cacheDir, reuse, stats, code }: CacheAccess): Promise<Buffer> {
  const source = join(TOOL_ROOT, 'content/starter-kit.yaml');
  const file = join(cacheDir, `starter-kit-${hashOf(readFileSync(source), code.codeDigest(new URL('../../pdf/render-guide-pdf.ts', import.meta.url))).slice(0, 24)}.pdf`);
  if (reuse && existsSync(file)) {
    stats.reused('starter kit');
    return readFileSync(file);
  }
  stats.recomputed('starter kit');
  const { renderStarterKitPdf } = await import('../../pdf/render-guide-pdf.ts');
  const data = Buffer.from(await renderStarterKitPdf());
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, data);
  return data;
}
