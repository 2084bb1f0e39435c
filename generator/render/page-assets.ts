// The browser assets pages refer to, from Vite's manifest. Plain inputs (the manifest and the folder
// Vite wrote), so a render worker makes the same assets as the main thread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageAssets } from '../../runtime/render/render-page.tsx';
import { assetFiles, type ManifestChunk } from '../client/manifest.ts';
import { extraMarkup, pageCss, prepareStylesheet, type ExtraMarkup } from '../stages/critical-css.ts';
import { readClassNames, renameClassAttributes } from './class-names.ts';

export type { ManifestChunk };

/**
 * The browser assets pages refer to. Each page inlines the part of the stylesheet it uses (critical-css.ts),
 * and a page with islands also the part its islands' code can use once it runs (an open answer, a sent
 * form): no stylesheet is fetched, nor applied later to the whole page, which restyled every element of
 * it as the first island hydrated (30 ms on `/`, one long task). Its classes have the short names the
 * client build gave them (model/class-names.ts), as the stylesheet does.
 */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>, clientDir: string): PageAssets {
  const { css, scripts } = assetFiles(manifest);
  // Parsed on the first page rendered.
  let sheet: ReturnType<typeof prepareStylesheet> | undefined;
  const names = readClassNames(clientDir);
  const islandMarkup = islandMarkupFrom(manifest, clientDir, names);
  const inlineCss = (html: string, islands: readonly string[] = []) =>
    pageCss((sheet ??= prepareStylesheet(readFileSync(join(clientDir, css[0]!), 'utf8'))), html, islands.length ? islandMarkup(islands) : undefined);
  // The same keys in the same order as assetsOnly's (client/manifest.ts): a page's reads of them are compared.
  return { css, renameClasses: (html: string) => renameClassAttributes(html, names), inlineCss, scripts };
}

/** Chunks of libraries (vite.config.ts's manualChunks) and the bundler's runtime: none holds a class of ours. */
const LIBRARY_CHUNKS = new Set(['react', 'sonner', 'supabase', 'rolldown-runtime']);

/**
 * For a page's islands, markup naming every class and element their code could render: each word of
 * the built chunks of the islands and of what they import, statically or later (the toaster), as a
 * class and as an element. Words that are neither only keep no rule (the cut keeps a rule when all it
 * requires is on the page), so a few spare words cost nothing; Tailwind itself finds classes this way.
 */
function islandMarkupFrom(manifest: Record<string, ManifestChunk>, clientDir: string, names: ReadonlyMap<string, string>): (islands: readonly string[]) => ExtraMarkup {
  const words = new Map<string, string[]>();
  const wordsOf = (key: string): string[] => {
    let found = words.get(key);
    if (!found) words.set(key, (found = [...new Set(readFileSync(join(clientDir, manifest[key]!.file), 'utf8').match(/[\w:/.[\]%#!@()-]+/g) ?? [])]));
    return found;
  };
  // Read once a set of islands: the words of pdf-engine's chunk made each platform page's cut 19 ms.
  const made = new Map<string, ExtraMarkup>();
  return (islands) => {
    const id = [...islands].sort().join(' ');
    let markup = made.get(id);
    if (markup !== undefined) return markup;
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      // Not the client entry, nor the loader that imports every island.
      if (!chunk || seen.has(key) || chunk.isEntry || LIBRARY_CHUNKS.has(chunk.name ?? '') || chunk.dynamicImports?.some((k) => k.endsWith('.island.tsx'))) return;
      seen.add(key);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    for (const island of islands) visit(`runtime/islands/${island}.island.tsx`);
    const all = new Set([...seen].flatMap(wordsOf));
    const elements = [...all].filter((w) => /^[a-z][a-z0-9]*$/.test(w));
    // The code holds classes as written; the islands' JSX runtime renders them by their short names.
    const classes = [...all].map((w) => names.get(w) ?? w);
    markup = extraMarkup(id, `<i class="${classes.join(' ').replace(/"/g, '')}"></i>${elements.map((e) => `<${e}>`).join('')}`);
    made.set(id, markup);
    return markup;
  };
}
