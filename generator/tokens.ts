// Catalogue values inside page text: "{price:instagram}", "{provider}", "{guaranteeDays}-day". Figures
// stay defined once in site.config.yaml; an unknown token or product is a located error.
import { isBundle } from '../model/catalogue.ts';
import { BUNDLE_TOKENS, PRODUCT_TOKENS, SITE_TOKENS, TOKEN_NAMES } from '../model/tokens.ts';
import { didYouMean } from './did-you-mean.ts';
import { diagnostic, type Diagnostic, type Location } from './errors.ts';
import type { SiteConfig } from '../model/page.ts';
import type { PathSegment } from './source.ts';

const TOKEN = /\{([a-zA-Z]+)(?::([a-z0-9-]+))?\}/g;

export interface TokenError {
  path: PathSegment[];
  /** The token as written, e.g. {price:instgram}, to point at it inside its text. */
  token: string;
  /** Which occurrence of that token in the text. */
  nth: number;
  at: (where: Location) => Diagnostic;
}

/** Replaces tokens in every string of `data`; returns the new data and any errors. */
export function substituteTokens(data: unknown, site: SiteConfig): { data: unknown; errors: TokenError[] } {
  const errors: TokenError[] = [];
  const products = new Map(site.products.map((p) => [p.id, p]));
  const replaceIn = (text: string, path: PathSegment[]) => {
    const seen = new Map<string, number>();
    const fail = (token: string, at: TokenError['at']) => {
      const nth = seen.get(token) ?? 0;
      seen.set(token, nth + 1);
      errors.push({ path, token, nth, at });
      return token;
    };
    return text.replace(TOKEN, (whole, name: string, arg: string | undefined) => {
      const siteToken = SITE_TOKENS.get(name);
      if (arg === undefined && siteToken) return siteToken(site);
      const bundleToken = BUNDLE_TOKENS.get(name);
      const productToken = PRODUCT_TOKENS.get(name) ?? bundleToken;
      if (productToken && arg !== undefined) {
        const product = products.get(arg);
        if (!product) return fail(whole, (at) => diagnostic('TokenUnknownProduct', at, whole, arg, didYouMean(arg, products.keys())));
        if (bundleToken && !isBundle(product)) {
          const bundles = site.products.filter(isBundle).map((p) => p.id);
          return fail(whole, (at) => diagnostic('TokenNeedsBundle', at, whole, arg, bundles));
        }
        return productToken(product, site);
      }
      if (productToken) return fail(whole, (at) => diagnostic('TokenNeedsProduct', at, whole, name));
      const guess = didYouMean(name, [...SITE_TOKENS.keys(), ...PRODUCT_TOKENS.keys(), ...BUNDLE_TOKENS.keys()]);
      const shown = guess && (PRODUCT_TOKENS.has(guess) || BUNDLE_TOKENS.has(guess)) ? `${guess}:<product>` : guess;
      return fail(whole, (at) => diagnostic('UnknownToken', at, whole, shown, TOKEN_NAMES));
    });
  };
  const walk = (value: unknown, path: PathSegment[]): unknown => {
    if (typeof value === 'string') return value.includes('{') ? replaceIn(value, path) : value;
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i]));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]));
    return value;
  };
  return { data: walk(data, []), errors };
}
