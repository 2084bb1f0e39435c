// Catalogue values that page text may name: "{price:instagram}", "{provider}". The generator fills
// them in; the names and what each stands for live here, beside the catalogue maths they use.
import { bonusValue, coreValue, discountPercent, money, savings } from './catalogue.ts';
import type { Product, SiteConfig } from './schema.generated.ts';

type SiteToken = (site: SiteConfig) => string;
type ProductToken = (p: Product, site: SiteConfig) => string;

// Maps, not objects: a name such as `constructor` or `valueOf` is never a token.
export const SITE_TOKENS: ReadonlyMap<string, SiteToken> = new Map(Object.entries({
  siteName: (s) => s.site.name,
  trustedBy: (s) => s.site.trustedBy,
  provider: (s) => s.checkout.provider,
  guaranteeDays: (s) => String(s.guarantee.days),
  peopleHelped: (s) => s.stats.peopleHelped,
  averageRating: (s) => s.stats.averageRating,
  successRate: (s: SiteConfig) => s.stats.successRate,
} satisfies Record<string, SiteToken>));

export const PRODUCT_TOKENS: ReadonlyMap<string, ProductToken> = new Map(Object.entries({
  price: (p) => money(p.price),
  originalPrice: (p) => money(p.originalPrice),
  savings: (p) => money(savings(p)),
  discount: (p) => `${discountPercent(p)}%`,
  planDays: (p) => String(p.planDays),
  title: (p) => p.title,
  coreValue: (p, s) => money(coreValue(s, p)),
  bonusValue: (p: Product) => money(bonusValue(p)),
} satisfies Record<string, ProductToken>));

/** Every token as a marketer writes it, for messages and editors. */
export const TOKEN_NAMES = [...SITE_TOKENS.keys(), ...[...PRODUCT_TOKENS.keys()].map((n) => `${n}:<product>`)];
