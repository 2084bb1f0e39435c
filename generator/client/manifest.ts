// The browser assets pages link, by name, from Vite's manifest: what the build's main thread needs to
// check pages' reads, without the stylesheet tools the render threads load (see page-assets.ts).

import type { PageAssets } from '../../runtime/render/render-page.tsx';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The stylesheet and the client entry, as pages link them. */
export function assetFiles(manifest: Record<string, ManifestChunk>): { css: string[]; scripts: string[] } {
  const entry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest has no entry for ${key}`);
    return `/${chunk.file}`;
  };
  return { css: [entry('runtime/styles/site.css')], scripts: [entry('runtime/client/main.ts')] };
}

/**
 * The assets as page-assets.ts makes them, without the stylesheet tools: for checking pages' reads
 * (a read of a function is never recorded, and the keys are the same, in the same order).
 */
export function assetsOnly(manifest: Record<string, ManifestChunk>): PageAssets {
  const { css, scripts } = assetFiles(manifest);
  return { css, renameClasses: (html: string) => html, inlineCss: () => '', scripts };
}
