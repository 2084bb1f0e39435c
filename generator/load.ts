// Finds and parses the YAML sources: site.config.yaml and pages/**/*.yaml.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { NOT_FOUND_ROUTE } from '../model/page.ts';

export function listFiles(dir: string, filter: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full, filter));
    else if (filter(name)) out.push(full);
  }
  return out;
}

export const isYaml = (name: string) => /\.ya?ml$/.test(name);

/** pages/index.yaml -> /, pages/blog/index.yaml -> /blog, pages/about.yaml -> /about, pages/404.yaml -> /404. */
export function routeOf(pagesDir: string, file: string): string {
  const rel = relative(pagesDir, file).split(sep).join('/').replace(/\.ya?ml$/, '');
  if (rel === '404') return NOT_FOUND_ROUTE;
  const route = `/${rel}`.replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

export function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

/** No real page comes near this; a bigger file is refused before parsing. */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

export interface SourceText {
  text: string;
  bytes: number;
  /** Index in `text` of the first character that was not valid UTF-8, if any. */
  invalidAt?: number;
}

/** Reads a source file as UTF-8, noting where invalid bytes were met instead of silently replacing them. */
/** One decoder for every file: it keeps no state between calls, and making one per file showed in profiles. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function readSourceText(file: string): SourceText {
  const buf = readFileSync(file);
  if (buf.length > MAX_SOURCE_BYTES) return { text: '', bytes: buf.length };
  try {
    return { text: strictUtf8.decode(buf), bytes: buf.length };
  } catch {
    const text = new TextDecoder('utf-8').decode(buf);
    return { text, bytes: buf.length, invalidAt: text.indexOf('\uFFFD') };
  }
}
