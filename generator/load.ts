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
