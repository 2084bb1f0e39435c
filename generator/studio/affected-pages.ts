// Which pages a change to the site (the catalogue, in the studio) affects, from the same dependency data
// the incremental build renders again by (store/track.ts): a page is rendered through a tracker that
// records each value of the compiled site it reads, and it is affected when its own definition changed
// or one of those reads answers differently in the changed site. So a platform page that shows the
// bundle's struck price is listed when a platform's price changes it, though the page names no product
// whose entry changed.
import type { CompiledSite, PageDefinition } from '../../model/page.ts';
import type { CompileResult } from '../core/compile.ts';
import { routeOf } from '../core/load.ts';
import type { AffectedBy, AffectedPage } from './git-changes.ts';

export type { AffectedPage };
import type { RenderOptions } from '../../runtime/render/render-page.tsx';
import { hashValue } from '../store/hash.ts';
import { answer, Tracker, type Read } from '../store/track.ts';

/** Everything a render takes besides the site and the page (the dev server's assets, backend, moment). */
export type RenderSettings = Omit<RenderOptions, 'compiled' | 'page' | 'now'> & { now: Date };

type RenderPage = (opts: RenderOptions) => unknown;

/** What a page reads of the compiled site while it renders (as render-task.ts records it in a build). */
export function pageReads(renderPage: RenderPage, compiled: CompiledSite, page: PageDefinition, settings: RenderSettings): Read[] {
  const tracker = new Tracker();
  const { assets, images, now, ...rest } = settings;
  renderPage({ ...rest, compiled: tracker.track(compiled, ['compiled']), page, assets: tracker.track(assets, ['assets']), images: tracker.track(images, ['images']), now: tracker.moment(now.getTime()) });
  return [...tracker.reads.keys()];
}

/**
 * The pages of `next` that are new, whose definition changed, or whose reads (in `now`) answer
 * otherwise in `next`; and the pages of `now` that `next` no longer has. A page whose render fails
 * cannot say what it reads: it is listed.
 */
export function affectedPages(now: CompiledSite, next: CompiledSite, readsOf: (page: PageDefinition) => Read[]): AffectedPage[] {
  const before = new Map(now.pages.map((p) => [p.route, p]));
  const after = new Set(next.pages.map((p) => p.route));
  // Only the compiled site differs between the two: reads of the other roots (assets, images, the
  // moment) answer alike on both sides.
  const answerIn = (compiled: CompiledSite, read: Read) => answer({ compiled }, read);
  const changed = (page: PageDefinition) => {
    const old = before.get(page.route);
    if (!old || hashValue(old) !== hashValue(page)) return true;
    let reads: Read[];
    try {
      reads = readsOf(old);
    } catch {
      return true;
    }
    return reads.some((r) => answerIn(now, r) !== answerIn(next, r));
  };
  const listed = next.pages.filter(changed);
  const removed = now.pages.filter((p) => !after.has(p.route));
  return [...listed, ...removed].map((p) => ({ file: p.file, route: p.route, title: p.title }));
}

/** The pages affected between two compiles (`now` before the change, `next` after); none while either has errors. */
export function affectedBetween(renderPage: RenderPage, settings: RenderSettings) {
  return (now: CompileResult, next: CompileResult): AffectedPage[] =>
    now.site && next.site ? affectedPages(now.site, next.site, (page) => pageReads(renderPage, now.site!, page, settings)) : [];
}

/**
 * The pages one changed file affects (the Changes view), the same way as a catalogue edit in the studio: the
 * site compiled with the file as HEAD has it against the site as it is. A new file affects the pages
 * it makes; a removed one, the page it made (as does any page file while the site does not compile).
 */
export function affectedBy(
  compile: (overlay: ReadonlyMap<string, string>) => Promise<CompileResult>,
  affected: (before: CompileResult, after: CompileResult) => Promise<AffectedPage[]>,
): AffectedBy {
  return async (file, head, kind) => {
    const now = await compile(new Map());
    // While the site has errors nothing can be compared: a page file still names its own page.
    if (kind === 'deleted' || !now.site) return file.startsWith('pages/') ? [{ file, route: routeOf(file), title: '' }] : [];
    if (head === null) return (now.site?.pages ?? []).filter((p) => p.file === file).map((p) => ({ file: p.file, route: p.route, title: p.title }));
    return affected(await compile(new Map([[file, head]])), now);
  };
}
