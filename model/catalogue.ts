// Product figures derived from site.config.yaml, so a price is typed once.
import type { Product, SiteConfig } from './schema.generated.ts';

export function productById(site: SiteConfig, id: string): Product {
  const p = site.products.find((x) => x.id === id);
  // The generator has already rejected unknown ids; this guards hand-written calls.
  if (!p) throw new Error(`Unknown product "${id}"`);
  return p;
}

export const money = (n: number) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

/** A bundle is a product that lists (or takes "all") the products it contains. */
export function isBundle(p: Product): boolean {
  return p.bundles !== undefined;
}

/**
 * Products chosen by a selection: "all" is every product in catalogue order, a list is those ids in
 * its order, and no selection is `fallback`. A product added to the catalogue joins every "all".
 */
export function selectProducts(site: SiteConfig, selection: 'all' | readonly string[] | undefined, fallback: () => Product[] = () => site.products): Product[] {
  if (selection === undefined) return fallback();
  if (selection === 'all') return site.products;
  return selection.map((id) => productById(site, id));
}

/** The products a bundle contains; "all" means every product that is not itself a bundle. */
export function bundledProducts(site: SiteConfig, p: Product): Product[] {
  if (p.bundles === 'all') return site.products.filter((x) => !isBundle(x));
  // An unknown id is the cross-check's to report, at its line; the figures skip it meanwhile.
  return (p.bundles ?? []).flatMap((id) => site.products.find((x) => x.id === id) ?? []);
}

/** What the bundle's parts cost bought one by one. */
export function coreValue(site: SiteConfig, p: Product): number {
  return bundledProducts(site, p).reduce((n, x) => n + x.price, 0);
}

/** The struck-through price: as written, or for a bundle that leaves it out, its core value. */
export function originalPrice(site: SiteConfig, p: Product): number {
  return p.originalPrice ?? (isBundle(p) ? coreValue(site, p) : p.price);
}

export function savings(site: SiteConfig, p: Product): number {
  return originalPrice(site, p) - p.price;
}

export function discountPercent(site: SiteConfig, p: Product): number {
  const original = originalPrice(site, p);
  return original > 0 ? Math.round((savings(site, p) / original) * 100) : 0;
}

/** Sum of the bonuses that carry a dollar value. */
export function bonusValue(p: Product): number {
  return (p.bonuses ?? []).reduce((n, b) => n + (b.value ?? 0), 0);
}

/** The name a product goes by in link lists (the footer). */
export function shortTitle(p: Product): string {
  return p.shortTitle ?? p.title;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** A count as English prose writes it: words up to twelve, figures above. */
export function countWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** "A, B and C": names joined as a sentence lists them. */
export function listWords(names: readonly string[], conjunction = 'and'): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${conjunction} ${names[names.length - 1]}`;
}

export function gradient(p: Product): string {
  return `linear-gradient(135deg, ${p.gradient[0]}, ${p.gradient[1]})`;
}

export function previewPath(p: Product): string {
  return `${p.route.slice(1)}-preview.pdf`;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The two text colours the site sets on a product's gradient: white and the dark ink (gray-900). */
export const INKS = { light: '#ffffff', dark: '#111827' } as const;

/** The text colour for a product's gradient: whichever contrasts best with its worst colour stop. */
export function gradientInk(p: Product): string {
  const worst = (ink: string) => Math.min(...p.gradient.map((stop) => contrastRatio(ink, stop)));
  return worst(INKS.light) >= worst(INKS.dark) ? INKS.light : INKS.dark;
}
