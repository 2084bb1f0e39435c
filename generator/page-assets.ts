// The browser assets pages refer to, from Vite's manifest. Plain inputs (the manifest and the folder
// Vite wrote), so a render worker makes the same assets as the main thread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageAssets } from '../runtime/render/render-page.tsx';
import { pageCss, prepareStylesheet } from './critical-css.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The browser assets pages refer to; each page inlines the part of the stylesheet it uses (critical-css.ts). */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>, clientDir: string): PageAssets {
  const entry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest has no entry for ${key}`);
    return `/${chunk.file}`;
  };
  const css = entry('runtime/styles/site.css');
  // Parsed on the first page rendered: the build's main thread makes these assets only to check reads.
  let sheet: ReturnType<typeof prepareStylesheet> | undefined;
  const inlineCss = (html: string) => pageCss((sheet ??= prepareStylesheet(readFileSync(join(clientDir, css), 'utf8'))), html);
  return { css: [css], inlineCss, scripts: [entry('runtime/client/main.ts')] };
}
