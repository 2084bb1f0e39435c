// Catalogue values that page text may name: "{price:instagram}", "{provider}". The generator fills
// them in; the names and what each stands for live here, beside the catalogue maths they use.
import { bonusValue, bundledProducts, coreValue, countWord, discountPercent, isBundle, listWords, money, originalPrice, savings } from '../../model/catalogue.ts';
import type { Product, SiteConfig } from '../../model/schema.generated.ts';

type SiteToken = (site: SiteConfig) => string;
type ProductToken = (p: Product, site: SiteConfig) => string;

// Maps, not objects: a name such as `constructor` or `valueOf` is never a token.
export const SITE_TOKENS: ReadonlyMap<string, SiteToken> = new Map(Object.entries({
  siteName: (s) => s.site.name,
  trustedBy: (s) => s.site.trustedBy,
  provider: (s) => s.checkout.provider,
  guaranteeDays: (s) => String(s.guarantee.days),
  // Days raw visit counts are kept before they are folded into daily totals (the privacy policy says it).
  countDays: (s) => String(s.analytics?.rawDays ?? 30),
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
 * their platform names as a sentence lists them ({platforms:ultimate} → Instagram, TikTok and YouTube;
 * {platformsOr:ultimate} → Instagram, TikTok or YouTube).
 * Texts written with them stay true when a product joins the bundle.
 */
export const BUNDLE_TOKENS: ReadonlyMap<string, ProductToken> = new Map(Object.entries({
  count: (p, s) => String(bundledProducts(s, p).length),
  countWord: (p, s) => countWord(bundledProducts(s, p).length),
  CountWord: (p, s) => capitalise(countWord(bundledProducts(s, p).length)),
  platforms: (p, s) => listWords(bundledProducts(s, p).map((x) => x.platform)),
  platformsOr: (p, s) => listWords(bundledProducts(s, p).map((x) => x.platform), 'or'),
} satisfies Record<string, ProductToken>));

/**
 * Values seen from one product inside a bundle: the bundle's other platforms, the product's own left
 * out ({otherPlatforms:facebook} → Instagram, TikTok and YouTube; {otherPlatformsOr:facebook} → …
 * or YouTube), for an upgrade box that says "this guide plus the others". The bundle is the first in
 * the catalogue that holds the product.
 */
export const MEMBER_TOKENS: ReadonlyMap<string, ProductToken> = new Map(Object.entries({
  otherPlatforms: (p, s) => listWords(otherMembers(s, p).map((x) => x.platform)),
  otherPlatformsOr: (p, s) => listWords(otherMembers(s, p).map((x) => x.platform), 'or'),
} satisfies Record<string, ProductToken>));

/** The first bundle holding `p`, if any. */
export const bundleOf = (site: SiteConfig, p: Product): Product | undefined =>
  site.products.find((b) => isBundle(b) && b !== p && bundledProducts(site, b).includes(p));

const otherMembers = (site: SiteConfig, p: Product): Product[] => {
  const bundle = bundleOf(site, p);
  return bundle ? bundledProducts(site, bundle).filter((x) => x !== p) : [];
};

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Every token as a marketer writes it, for messages and editors. */
export const TOKEN_NAMES = [...SITE_TOKENS.keys(), ...[...PRODUCT_TOKENS.keys(), ...BUNDLE_TOKENS.keys(), ...MEMBER_TOKENS.keys()].map((n) => `${n}:<product>`)];
