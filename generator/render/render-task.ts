// Renders one page and records what it read (see track.ts). The same code runs on the main thread and
// in render workers, so a page's HTML does not depend on where it was rendered.
import type { CompiledSite, PageDefinition } from '../../model/page.ts';
import { renderPage, type SiteImages } from '../../runtime/render/render-page.tsx';
import { assetsFromManifest, type ManifestChunk } from './page-assets.ts';
import { compressPage, MIN_COMPRESS_BYTES, type Compressed } from '../stages/precompress.ts';
import { inlineScriptHashes } from '../host/security-headers.ts';
import { digestOf } from './reads.ts';
import { Tracker, type Read } from '../store/track.ts';

/** Everything a render needs besides the page: plain data, so it can be posted to a worker. */
export interface RenderInput {
  compiled: CompiledSite;
  manifest: Record<string, ManifestChunk>;
  /** Where Vite wrote the client assets (the stylesheet is read from there to inline it). */
  clientDir: string;
  images: SiteImages;
  supabaseUrl: string;
  supabaseAnonKey?: string;
  /** The build's moment, in ms. */
  now: number;
}

export interface RenderedPage {
  index: number;
  route: string;
  html: string;
  islands: string[];
  /** Hashes of the page's inline scripts, for the security policy. */
  scriptHashes: string[];
  /** What the page read (sorted) and a digest of the answers. */
  reads: Read[];
  readsDigest: string;
  /** The page's .br, made by the thread that rendered it (so compressing is spread like rendering). */
  compressed?: Compressed;
}

/** What the build renders, by index: every page, then the variants of pages under an experiment. */
export function pagesToRender(compiled: CompiledSite): PageDefinition[] {
  return compiled.variants ? [...compiled.pages, ...compiled.variants] : compiled.pages;
}

export class PageRenderer {
  private readonly all: PageDefinition[];
  readonly assets;
  constructor(private readonly input: RenderInput) {
    this.assets = assetsFromManifest(input.manifest, input.clientDir);
    this.all = pagesToRender(input.compiled);
  }

  render(index: number): RenderedPage {
    const { compiled, images, supabaseUrl, supabaseAnonKey, now } = this.input;
    const page = this.all[index]!;
    const tracker = new Tracker();
    const { html, islands } = renderPage({
      compiled: tracker.track(compiled, ['compiled']),
      page,
      assets: tracker.track(this.assets, ['assets']),
      images: tracker.track(images, ['images']),
      now: tracker.moment(now),
      supabaseUrl,
      supabaseAnonKey,
    });
    const reads = [...tracker.reads.keys()].sort();
    const bytes = Buffer.from(html);
    const compressed = bytes.length >= MIN_COMPRESS_BYTES ? compressPage(bytes) : undefined;
    return { index, route: page.route, html, islands, scriptHashes: inlineScriptHashes(html), reads, readsDigest: digestOf(reads, (r) => tracker.reads.get(r)!), compressed };
  }
}
