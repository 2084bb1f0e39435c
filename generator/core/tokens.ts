// Catalogue values inside page text: "{price:instagram}", "{provider}", "{guaranteeDays}-day". Figures
// stay defined once in site.config.yaml; an unknown token or product is a located error.
import { isBundle } from '../../model/catalogue.ts';
import { BUNDLE_TOKENS, bundleOf, MEMBER_TOKENS, PRODUCT_TOKENS, SITE_TOKENS, TOKEN_NAMES } from './token-names.ts';
import { didYouMean } from './did-you-mean.ts';
import { diagnostic, type Diagnostic, type Location } from './errors.ts';
import type { SiteConfig } from '../../model/page.ts';
import type { PathSegment } from './source.ts';

/** A token as text writes it: {name} or {name:product}. */
export const TOKEN = /\{([a-zA-Z]+)(?::([a-z0-9-]+))?\}/g;

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
      const memberToken = MEMBER_TOKENS.get(name);
      const productToken = PRODUCT_TOKENS.get(name) ?? bundleToken ?? memberToken;
      if (productToken && arg !== undefined) {
        const product = products.get(arg);
        if (!product) return fail(whole, (at) => diagnostic('TokenUnknownProduct', at, whole, arg, didYouMean(arg, products.keys())));
        if (bundleToken && !isBundle(product)) {
          const bundles = site.products.filter(isBundle).map((p) => p.id);
          return fail(whole, (at) => diagnostic('TokenNeedsBundle', at, whole, arg, bundles));
        }
        if (memberToken && !bundleOf(site, product)) {
          const members = site.products.filter((p) => !isBundle(p) && bundleOf(site, p)).map((p) => p.id);
          return fail(whole, (at) => diagnostic('TokenNeedsBundleMember', at, whole, arg, members));
        }
        return productToken(product, site);
      }
      if (productToken) return fail(whole, (at) => diagnostic('TokenNeedsProduct', at, whole, name));
      const guess = didYouMean(name, [...SITE_TOKENS.keys(), ...PRODUCT_TOKENS.keys(), ...BUNDLE_TOKENS.keys(), ...MEMBER_TOKENS.keys()]);
      const shown = guess && (PRODUCT_TOKENS.has(guess) || BUNDLE_TOKENS.has(guess) || MEMBER_TOKENS.has(guess)) ? `${guess}:<product>` : guess;
      return fail(whole, (at) => diagnostic('UnknownToken', at, whole, shown, TOKEN_NAMES));
    });
  };
  // One path, pushed and popped as the walk goes (a page has thousands of values); copied only for a text with a token.
  const path: PathSegment[] = [];
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return value.includes('{') ? replaceIn(value, [...path]) : value;
    if (Array.isArray(value)) {
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        out[i] = walk(value[i]);
        path.pop();
      }
      return out;
    }
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(value)) {
        path.push(k);
        const v = walk((value as Record<string, unknown>)[k]);
        // A key named __proto__ (hostile YAML) stays a key, as Object.fromEntries would keep it.
        if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
        else out[k] = v;
        path.pop();
      }
      return out;
    }
    return value;
  };
  return { data: walk(data), errors };
}
