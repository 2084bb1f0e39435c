// Builds a throwaway project tree (the real schemas, a small site config, given pages) for generator tests.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

export const VALID_INDEX = `title: "Home"
description: "The home page."
sections:
  - type: hero
    headline: "Hello"
    button:
      label: "Go"
      href: "#products"
  - type: products
    id: products
    heading: "Choose"
    featured: instagram
    products: [instagram]
`;

export function makeFixture(pages: Record<string, string>, config?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'gen-fixture-'));
  cpSync(join(projectRoot, 'schemas'), join(root, 'schemas'), { recursive: true });
  writeFileSync(join(root, 'site.config.yaml'), config ?? readFileSync(join(projectRoot, 'tests/unit/fixtures/site.config.yaml'), 'utf8'));
  mkdirSync(join(root, 'public'), { recursive: true });
  // The fixture's one platform guide has a preview source, as a real site's guides do.
  mkdirSync(join(root, 'content/previews'), { recursive: true });
  cpSync(join(projectRoot, 'tests/unit/fixtures/preview.yaml'), join(root, 'content/previews/instagram-detox-preview.yaml'));
  for (const [file, text] of Object.entries(pages)) {
    const full = join(root, 'pages', file);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

/** The project's source folders, as a CLI needs them to run on a copy. */
export const PROJECT_PARTS = ['pages', 'schemas', 'runtime', 'generator', 'model', 'pdf', 'public', 'content', 'supabase', 'site.config.yaml', 'vite.config.ts', 'tsconfig.json', 'package.json'];

/** A throwaway copy of the whole project (node_modules linked), for running its CLIs on changed input. */
export function copyProject(prefix = 'project-copy-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const f of PROJECT_PARTS) cpSync(join(projectRoot, f), join(dir, f), { recursive: true });
  symlinkSync(join(projectRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The errors among a compile's diagnostics: warnings (a copied paragraph, a missing preview) are allowed, as `npm run validate` allows them. */
export const errorsOf = (diags: readonly { severity: string }[]) => diags.filter((d) => d.severity === 'error');
