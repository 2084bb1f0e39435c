// Catalogue values inside page text: "{price:instagram}", "{provider}", "{guaranteeDays}-day". Figures
// stay defined once in site.config.yaml; an unknown token or product is a located error.
import { bonusValue, coreValue, discountPercent, money, savings } from '../runtime/catalogue.ts';
import { didYouMean } from './did-you-mean.ts';
import type { Product, SiteConfig } from './model.ts';
import type { PathSegment } from './source.ts';

const TOKEN = /\{([a-zA-Z]+)(?::([a-z0-9-]+))?\}/g;

type SiteToken = (site: SiteConfig) => string;
type ProductToken = (p: Product, site: SiteConfig) => string;

const SITE_TOKENS: Record<string, SiteToken> = {
  siteName: (s) => s.site.name,
  trustedBy: (s) => s.site.trustedBy,
  provider: (s) => s.checkout.provider,
  guaranteeDays: (s) => String(s.guarantee.days),
  peopleHelped: (s) => s.stats.peopleHelped,
  averageRating: (s) => s.stats.averageRating,
  successRate: (s) => s.stats.successRate,
};

const PRODUCT_TOKENS: Record<string, ProductToken> = {
  price: (p) => money(p.price),
  originalPrice: (p) => money(p.originalPrice),
  savings: (p) => money(savings(p)),
  discount: (p) => `${discountPercent(p)}%`,
  planDays: (p) => String(p.planDays),
  title: (p) => p.title,
  coreValue: (p, s) => money(coreValue(s, p)),
  bonusValue: (p) => money(bonusValue(p)),
};

export const TOKEN_NAMES = [...Object.keys(SITE_TOKENS), ...Object.keys(PRODUCT_TOKENS).map((n) => `${n}:<product>`)];

export interface TokenError {
  path: PathSegment[];
  message: string;
}

/** Replaces tokens in every string of `data`; returns the new data and any errors. */
export function substituteTokens(data: unknown, site: SiteConfig): { data: unknown; errors: TokenError[] } {
  const errors: TokenError[] = [];
  const products = new Map(site.products.map((p) => [p.id, p]));
  const replaceIn = (text: string, path: PathSegment[]) =>
    text.replace(TOKEN, (whole, name: string, arg: string | undefined) => {
      if (arg === undefined && SITE_TOKENS[name]) return SITE_TOKENS[name](site);
      const productToken = PRODUCT_TOKENS[name];
      if (productToken && arg !== undefined) {
        const product = products.get(arg);
        if (product) return productToken(product, site);
        const guess = didYouMean(arg, products.keys());
        errors.push({ path, message: `${whole}: unknown product "${arg}"${guess ? `; did you mean "${guess}"?` : ''}` });
        return whole;
      }
      const guess = didYouMean(name, [...Object.keys(SITE_TOKENS), ...Object.keys(PRODUCT_TOKENS)]);
      const form = productToken ? ` needs a product, e.g. {${name}:ultimate}` : ` is not a known value${guess ? `; did you mean {${guess}${PRODUCT_TOKENS[guess] ? ':<product>' : ''}}?` : ''}`;
      errors.push({ path, message: `${whole}${form}. Known: ${TOKEN_NAMES.map((n) => `{${n}}`).join(', ')}` });
      return whole;
    });
  const walk = (value: unknown, path: PathSegment[]): unknown => {
    if (typeof value === 'string') return value.includes('{') ? replaceIn(value, path) : value;
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i]));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]));
    return value;
  };
  return { data: walk(data, []), errors };
}
