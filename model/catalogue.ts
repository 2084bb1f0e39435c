// Product figures derived from site.config.yaml, so a price is typed once.
import type { Product, SiteConfig } from './schema.generated.ts';

export function productById(site: SiteConfig, id: string): Product {
  const p = site.products.find((x) => x.id === id);
  // The generator has already rejected unknown ids; this guards hand-written calls.
  if (!p) throw new Error(`Unknown product "${id}"`);
  return p;
}

export const money = (n: number) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

export function savings(p: Product): number {
  return p.originalPrice - p.price;
}

export function discountPercent(p: Product): number {
  return Math.round((savings(p) / p.originalPrice) * 100);
}

/** Sum of the bonuses that carry a dollar value. */
export function bonusValue(p: Product): number {
  return (p.bonuses ?? []).reduce((n, b) => n + (b.value ?? 0), 0);
}

export function bundledProducts(site: SiteConfig, p: Product): Product[] {
  return (p.bundles ?? []).map((id) => productById(site, id));
}

/** What the bundle's parts cost bought one by one. */
export function coreValue(site: SiteConfig, p: Product): number {
  return bundledProducts(site, p).reduce((n, x) => n + x.price, 0);
}

export function gradient(p: Product): string {
  return `linear-gradient(135deg, ${p.gradient[0]}, ${p.gradient[1]})`;
}

export function previewPath(p: Product): string {
  return `${p.route.slice(1)}-preview.pdf`;
}
