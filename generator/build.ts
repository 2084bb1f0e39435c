// The build: compile YAML (nothing is written if anything is invalid), build the browser assets with
// Vite, prerender every page to dist/<route>/index.html, write site files, precompress.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build as viteBuild } from 'vite';
import { blockComponents, renderPage, type PageAssets, type SiteImages } from '../runtime/render/render-page.tsx';
import { checkBackendConfig, supabaseAnonKey, supabaseUrl } from './backend-url.ts';
import { buildHash, HASH_FILE } from './build-hash.ts';
import { compileSite } from './compile.ts';
import { writeStaleGeneratedFiles } from './generate-types.ts';
import { NOT_FOUND_ROUTE, type CompiledSite } from '../model/page.ts';
import type { Diagnostic } from './errors.ts';
import { generateImages } from './images.ts';
import { formatReport } from './report.ts';
import { headersFile, HEADERS_FILE, inlineScriptHashes, securityHeaders } from './security-headers.ts';
import { robots, rss, sitemap } from './site-files.ts';

function outFileFor(outDir: string, route: string): string {
  if (route === NOT_FOUND_ROUTE) return join(outDir, '404.html');
  return route === '/' ? join(outDir, 'index.html') : join(outDir, route.slice(1), 'index.html');
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
}

function assetsFromManifest(manifest: Record<string, ManifestChunk>): PageAssets {
  const entry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest has no entry for ${key}`);
    return `/${chunk.file}`;
  };
  const islandChunks: Record<string, string> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /runtime\/islands\/(.+)\.island\.tsx$/.exec(key);
    if (m) islandChunks[m[1]!] = `/${chunk.file}`;
  }
  return { css: [entry('runtime/styles/site.css')], scripts: [entry('runtime/client/main.ts')], islandChunks };
}

interface BuildResult {
  pages: { route: string; file: string; islands: string[] }[];
  ms: number;
  /** Warnings of a valid site, for the caller to report. */
  warnings: Diagnostic[];
  texts: Map<string, string>;
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

export async function buildSite(root: string, opts: { outDir?: string; quiet?: boolean } = {}): Promise<BuildResult> {
  const started = Date.now();
  // Before anything is written: a build for a real Supabase project needs that project's anon key.
  checkBackendConfig();
  const outDir = opts.outDir ?? join(root, 'dist');
  // As `astro sync` does: the generated types follow the schemas (CI's validate still fails when the
  // committed file is stale, since it runs before any build).
  if (existsSync(join(root, 'model'))) await writeStaleGeneratedFiles(root);
  const result = compileSite(root, { components: blockComponents });
  if (!result.ok) throw new ValidationError(result.diagnostics, result.texts);
  const compiled = result.site!;
  await viteBuild({ root, configFile: join(root, 'vite.config.ts'), logLevel: opts.quiet ? 'error' : 'warn', build: { outDir } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const assets = assetsFromManifest(manifest);
  const now = new Date();
  // Preview stills, social cards and icons, each cached by content hash (see images.ts).
  const { files: imageFiles, ...images } = await generateImages(root, compiled);
  for (const [path, data] of imageFiles) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), data);
  }
  const { pages, scriptHashes } = writePages(compiled, assets, outDir, now, images);
  writeFileSync(join(outDir, HEADERS_FILE), headersFile(siteHeaders(compiled, scriptHashes)));
  writeFileSync(join(outDir, 'sitemap.xml'), sitemap(compiled));
  writeFileSync(join(outDir, 'robots.txt'), robots(compiled));
  writeFileSync(join(outDir, 'rss.xml'), rss(compiled));
  await writeStarterKit(root, outDir);
  precompress(outDir);
  writeFileSync(join(outDir, HASH_FILE), buildHash(root));
  return { pages, ms: Date.now() - started, warnings: result.diagnostics, texts: result.texts };
}

/** The security headers for this build: its Supabase project, the hashes of the pages' inline scripts. */
function siteHeaders(compiled: CompiledSite, scriptHashes: Iterable<string>) {
  const viewer = compiled.site.previews.viewerUrl;
  return securityHeaders({
    supabaseUrl: supabaseUrl(),
    scriptHashes,
    frameOrigins: viewer.startsWith('https://') ? [new URL(viewer.replace(/\{urlEncoded\}|\{url\}/g, 'x')).origin] : [],
  });
}

/** Writes every page; also collects the hashes of their inline scripts, for the security policy. */
function writePages(compiled: CompiledSite, assets: PageAssets, outDir: string, now: Date, images: SiteImages) {
  const scriptHashes = new Set<string>();
  const pages = compiled.pages.map((page) => {
    const { html, islands } = renderPage({ compiled, page, assets, supabaseUrl: supabaseUrl(), supabaseAnonKey: supabaseAnonKey(), now, images });
    for (const h of inlineScriptHashes(html)) scriptHashes.add(h);
    const file = outFileFor(outDir, page.route);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    return { route: page.route, file, islands };
  });
  return { pages, scriptHashes };
}

async function writeStarterKit(root: string, outDir: string): Promise<void> {
  const { renderStarterKitPdf } = await import('../pdf/render-guide-pdf.ts');
  writeFileSync(join(outDir, 'free-detox-starter-kit.pdf'), await renderStarterKitPdf());
}

const COMPRESSIBLE = /\.(html|css|js|mjs|xml|txt|svg|json)$/;

/** Writes .br and .gz beside each text file, so the server sends them without compressing per request. */
function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(full);
    if (data.length < 512) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
  }
}
