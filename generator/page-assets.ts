// The browser assets pages refer to, from Vite's manifest. Plain inputs (the manifest and the folder
// Vite wrote), so a render worker makes the same assets as the main thread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageAssets } from '../runtime/render/render-page.tsx';
import { assetFiles, type ManifestChunk } from './asset-files.ts';
import { pageCss, prepareStylesheet } from './critical-css.ts';

export type { ManifestChunk };

/** The browser assets pages refer to; each page inlines the part of the stylesheet it uses (critical-css.ts). */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>, clientDir: string): PageAssets {
  const { css, scripts } = assetFiles(manifest);
  // Parsed on the first page rendered.
  let sheet: ReturnType<typeof prepareStylesheet> | undefined;
  const inlineCss = (html: string) => pageCss((sheet ??= prepareStylesheet(readFileSync(join(clientDir, css[0]!), 'utf8'))), html);
  // The same keys in the same order as assetsOnly's (asset-files.ts): a page's reads of them are compared.
  return { css, inlineCss, scripts };
}
