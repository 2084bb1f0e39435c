// Finds every address in a document: `href` fields and [label](href) links inside text.
import type { PathSegment } from './source.ts';

export interface FoundLink {
  href: string;
  path: PathSegment[];
}

const INLINE_LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;

export function findLinks(value: unknown, path: PathSegment[] = []): FoundLink[] {
  if (typeof value === 'string') {
    const key = path[path.length - 1];
    if (key === 'href') return [{ href: value, path }];
    return [...value.matchAll(INLINE_LINK)].map((m) => ({ href: m[1]!, path }));
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => findLinks(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => findLinks(v, [...path, k]));
  return [];
}

/** Every product id referred to: `product` and `featured` fields, `products` and `bundles` lists. */
export function findProductRefs(value: unknown, path: PathSegment[] = []): { id: string; path: PathSegment[] }[] {
  if (Array.isArray(value)) {
    const key = path[path.length - 1];
    if (key === 'products' || key === 'bundles') {
      return value.flatMap((v, i) => (typeof v === 'string' ? [{ id: v, path: [...path, i] }] : findProductRefs(v, [...path, i])));
    }
    return value.flatMap((v, i) => findProductRefs(v, [...path, i]));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      (k === 'product' || k === 'featured') && typeof v === 'string' ? [{ id: v, path: [...path, k] }] : findProductRefs(v, [...path, k]),
    );
  }
  return [];
}

/** Image paths (`src` of image fields) to check against public/. */
export function findImages(value: unknown, path: PathSegment[] = []): { src: string; path: PathSegment[] }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findImages(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'src' && typeof v === 'string' ? [{ src: v, path: [...path, k] }] : findImages(v, [...path, k])));
  }
  return [];
}
