// Where the guide PDFs' sources are, without loading the PDF renderer (the build asks which previews
// exist on every run, and draws one only when its cached image is missing).
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CONTENT = new URL('../content/', import.meta.url);
const PREVIEW_SUFFIX = '-preview.yaml';

/**
 * The previews there are sources for: content/previews/<name>-preview.yaml, by name, which is a sales
 * page's route without its slash (instagram-detox). A new platform's preview is one more file here.
 */
export function previewSourceNames(): string[] {
  const dir = fileURLToPath(new URL('previews/', CONTENT));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(PREVIEW_SUFFIX))
    .map((f) => f.slice(0, -PREVIEW_SUFFIX.length))
    .sort();
}

export function previewSourceFile(name: string): string {
  return fileURLToPath(new URL(`previews/${name}${PREVIEW_SUFFIX}`, CONTENT));
}
