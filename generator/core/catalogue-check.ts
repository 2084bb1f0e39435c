// The catalogue as pages and components read it: its texts with tokens filled in ({countWord:ultimate}
// in a bundle's description stays true when a product joins), checked where a schema cannot: a
// bundle's original price against its products, and a preview source for every platform guide.
import { coreValue, isBundle, previewPath } from '../../model/catalogue.ts';
import type { SiteConfig } from '../../model/page.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { locate, locateIn, type SourceFile } from './source.ts';
import { substituteTokens } from './tokens.ts';

export interface CheckedCatalogue {
  /** The config with tokens filled in. */
  site: SiteConfig;
  diagnostics: Diagnostic[];
  /** Products whose preview has no source in content/previews/, so no preview is seeded. */
  missingPreviews: string[];
}

/** `previewSources`: the preview source files present (content/previews/*.yaml). */
export function checkCatalogue(source: SourceFile, previewSources: ReadonlySet<string>): CheckedCatalogue {
  const raw = source.data as SiteConfig;
  const diagnostics: Diagnostic[] = [];
  // Texts visitors read; `previews` holds address templates ({url}) that are not tokens.
  const { previews, ...texts } = raw;
  const { data, errors } = substituteTokens(texts, raw);
  for (const e of errors) diagnostics.push(e.at(locateIn(source, e.path, e.token, e.nth)));
  const site = { ...(data as Omit<SiteConfig, 'previews'>), previews } as SiteConfig;

  raw.products.forEach((p, i) => {
    if (!isBundle(p) || p.originalPrice === undefined) return;
    const sum = coreValue(raw, p);
    if (p.originalPrice !== sum) diagnostics.push(diagnostic('BundleOriginalPrice', locate(source, ['products', i, 'originalPrice']), p.id, p.originalPrice, sum));
  });

  const missingPreviews: string[] = [];
  raw.products.forEach((p, i) => {
    if (isBundle(p)) return;
    const pdf = previewPath(p);
    const file = `content/previews/${pdf.replace(/\.pdf$/, '.yaml')}`;
    if (previewSources.has(file)) return;
    missingPreviews.push(p.id);
    // A warning: the sales page shows 'Preview coming soon' until the owner uploads the PDF.
    diagnostics.push(diagnostic('MissingPreview', locate(source, ['products', i, 'id']), p.id, file, pdf));
  });
  return { site, diagnostics, missingPreviews };
}
