// Catalogue values that page text may name: "{price:instagram}", "{provider}". The generator fills
// them in; the names and what each stands for live here, beside the catalogue maths they use.
import { bonusValue, bundledProducts, coreValue, countWord, discountPercent, listWords, money, originalPrice, savings } from './catalogue.ts';
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
  originalPrice: (p, s) => money(originalPrice(s, p)),
  savings: (p, s) => money(savings(s, p)),
  discount: (p, s) => `${discountPercent(s, p)}%`,
  planDays: (p) => String(p.planDays),
  title: (p) => p.title,
  coreValue: (p, s) => money(coreValue(s, p)),
  bonusValue: (p: Product) => money(bonusValue(p)),
} satisfies Record<string, ProductToken>));

/**
 * Values only a bundle has: how many products it holds, as a figure ({count:ultimate} → 4), a word
 * ({countWord:ultimate} → four) or a capitalised word for headings ({CountWord:ultimate} → Four), and
 * their platform names as a sentence lists them ({platforms:ultimate} → Instagram, TikTok and YouTube).
 * Texts written with them stay true when a product joins the bundle.
 */
export const BUNDLE_TOKENS: ReadonlyMap<string, ProductToken> = new Map(Object.entries({
  count: (p, s) => String(bundledProducts(s, p).length),
  countWord: (p, s) => countWord(bundledProducts(s, p).length),
  CountWord: (p, s) => capitalise(countWord(bundledProducts(s, p).length)),
  platforms: (p, s) => listWords(bundledProducts(s, p).map((x) => x.platform)),
} satisfies Record<string, ProductToken>));

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Every token as a marketer writes it, for messages and editors. */
export const TOKEN_NAMES = [...SITE_TOKENS.keys(), ...[...PRODUCT_TOKENS.keys(), ...BUNDLE_TOKENS.keys()].map((n) => `${n}:<product>`)];
