// What each built page downloads in `npm run bench`: brotli bytes of its HTML, its stylesheets and its
// JavaScript, following each script's static imports through Vite's manifest (an island's chunk counts
// on the pages that use it), with the size budgets they are held to.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const PAGE_BUDGET = {
  /** A page without islands loads no script file (the analytics beacon is inline, measured on its own). */
  staticPageJs: 0,
  /** JavaScript any page loads before interaction, brotli. */
  pageJs: 95 * 1024,
  /** The admin area (/admin...), the one client-side app: the router comes on top of a page's script. */
  adminPageJs: 110 * 1024,
  css: 12 * 1024,
};

export interface PageWeight {
  route: string;
  html: number;
  css: number;
  js: number;
  islands: string;
}

interface Chunk {
  file: string;
  imports?: string[];
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The brotli bytes of a built file (its `.br` copy), or its own size where there is none. */
function brotliSize(outDir: string, path: string): number {
  const full = join(outDir, path);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

/** Each script file `entries` load, with all they import statically, as Vite's manifest says. */
function scriptClosure(manifest: Record<string, Chunk>, entries: string[]): Set<string> {
  const byFile = new Map(Object.values(manifest).map((c) => [`/${c.file}`, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(`/${manifest[key]!.file}`);
  };
  entries.forEach(visit);
  return seen;
}

/** What each built page downloads, brotli. */
export function pageWeights(pages: readonly { route: string; file: string; islands: readonly string[] }[], outDir: string): PageWeight[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const size = (path: string) => brotliSize(outDir, path);
  return pages.map((page) => {
    const html = readFileSync(page.file, 'utf8');
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    // The client entry loads each island's chunk (whatever its strategy, all load without a click); the
    // toaster waits for the first toast, so it is not counted.
    for (const name of page.islands) if (manifest[`runtime/islands/${name}.island.tsx`]) scripts.push(`/${manifest[`runtime/islands/${name}.island.tsx`]!.file}`);
    const js = [...scriptClosure(manifest, scripts)].reduce((n, f) => n + size(f), 0);
    return { route: page.route, html: size(page.file.slice(outDir.length)), css: css.reduce((n, f) => n + size(f), 0), js, islands: page.islands.join(' ') };
  });
}

/** The pages as a table, the heaviest script first. */
export function describePageWeights(rows: readonly PageWeight[]): string {
  const lines = [['route'.padEnd(40), 'html'.padStart(9), 'css'.padStart(9), 'js'.padStart(9), ' islands'].join(' ')];
  for (const r of [...rows].sort((a, b) => b.js - a.js)) lines.push([r.route.padEnd(40), kb(r.html).padStart(9), kb(r.css).padStart(9), kb(r.js).padStart(9), ` ${r.islands}`].join(' '));
  return lines.join('\n');
}

/** A line for each page over a budget. */
export function pageWeightsOverBudget(rows: readonly PageWeight[]): string[] {
  const over: string[] = [];
  for (const r of rows) {
    if (!r.islands && r.js > PAGE_BUDGET.staticPageJs) over.push(`${r.route}: ${kb(r.js)} of script on a page without islands`);
    const jsBudget = r.route === '/admin' || r.route.startsWith('/admin/') ? PAGE_BUDGET.adminPageJs : PAGE_BUDGET.pageJs;
    if (r.js > jsBudget) over.push(`${r.route}: ${kb(r.js)} of script, budget ${kb(jsBudget)}`);
    if (r.css > PAGE_BUDGET.css) over.push(`${r.route}: ${kb(r.css)} of CSS, budget ${kb(PAGE_BUDGET.css)}`);
  }
  return over;
}
