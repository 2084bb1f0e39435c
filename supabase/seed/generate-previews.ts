// Writes the preview PDFs (one per content/previews/<name>-preview.yaml) that seed the `previews` bucket (config.toml's
// objects_path, and the local stand-in at first start) from
// content/previews/*.yaml:
//   npx tsx supabase/seed/generate-previews.ts          rewrite the PDFs
//   npx tsx supabase/seed/generate-previews.ts --check  exit 1 if any is stale
// Rendering is deterministic, so the committed files can be checked in CI.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { previewSourceNames, renderPreviewPdf } from '../../pdf/render-guide-pdf.ts';

export const PREVIEWS_DIR = fileURLToPath(new URL('./previews/', import.meta.url));

const check = process.argv.includes('--check');
mkdirSync(PREVIEWS_DIR, { recursive: true });
const stale: string[] = [];
for (const name of previewSourceNames()) {
  const file = join(PREVIEWS_DIR, `${name}-preview.pdf`);
  const bytes = await renderPreviewPdf(name);
  const same = existsSync(file) && Buffer.compare(readFileSync(file), Buffer.from(bytes)) === 0;
  if (check) {
    if (!same) stale.push(file);
  } else if (!same) {
    writeFileSync(file, bytes);
    console.log(`wrote ${file} (${bytes.length} bytes)`);
  }
}
if (stale.length) {
  console.error(`Stale preview PDFs (run npx tsx supabase/seed/generate-previews.ts):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
