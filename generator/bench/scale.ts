// The build at scale: grows a copy of the project to N articles (grow.ts), then runs `npm run build`
// in it as a child process, so its wall time and peak memory (worker threads included) are the
// command's own:
// 1. cold: --clean into a fresh folder (no build cache; the image cache is shared, as on any machine
//    that built the site before);
// 2. unchanged: the same build again (nothing should be rendered or written);
// 3. one article edited, rebuilt, and compared byte for byte (every file, .br and .gz included) with a
//    clean build of the edited site.
// Each prints its phases, pages a second of the render phase and peak memory, and the budgets of
// issue 11 are checked: a budget over fails the bench (exit 1), never the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EXIT } from '../cli/args.ts';
import { articleFiles, BLOG_DIR, growProject } from './grow.ts';

export const SCALE_BUDGETS = {
  /** Cold build of the site grown to 1,000 articles. */
  cold1000Ms: 8_000,
  /** Cold build at 10,000 articles, and its peak memory. */
  cold10000Ms: 45_000,
  cold10000Rss: 2 * 1024 ** 3,
  /** Rebuild after editing one article of a 1,000-article site. */
  warm1000Ms: 2_000,
};

interface Stats {
  ms: number;
  timings: Record<string, number>;
  pages: number;
  rendered: number;
  renderedBecause: Record<string, number>;
  written: number;
  removed: number;
  clientBuilt: boolean;
  maxRssBytes: number;
}

/** Every build of a run is made as of one moment (an input of the build, like the pages). */
const AS_OF = new Date().toISOString();

function build(dir: string, outDir: string, args: string[]): Stats & { wallMs: number } {
  const statsFile = join(dir, '.bench-stats.json');
  rmSync(statsFile, { force: true });
  const started = performance.now();
  // tsx's loader in this very process (not its CLI, which starts another node), so maxRSS is the build's.
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'generator/cli/build.ts', '--max-warnings', '1000000', '--stats', statsFile, '--as-of', AS_OF, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, OUT_DIR: outDir },
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  if (r.status !== 0 || !existsSync(statsFile)) throw new Error(`build failed in ${dir} (exit ${r.status}):\n${r.stderr.slice(-4000)}${r.stdout.slice(-4000)}`);
  return { ...(JSON.parse(readFileSync(statsFile, 'utf8')) as Stats), wallMs };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const f = join(dir, n);
    return statSync(f).isDirectory() ? filesUnder(f) : [f];
  });
}

/** Files that differ between two output folders (missing on either side included). */
export function treeDifferences(a: string, b: string): string[] {
  const rel = (root: string) => new Set(filesUnder(root).map((f) => relative(root, f)));
  const [left, right] = [rel(a), rel(b)];
  const out: string[] = [];
  for (const f of new Set([...left, ...right])) {
    if (!left.has(f) || !right.has(f)) out.push(`${f} (only in ${left.has(f) ? 'incremental' : 'clean'})`);
    else if (!readFileSync(join(a, f)).equals(readFileSync(join(b, f)))) out.push(f);
  }
  return out.sort();
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

function print(label: string, r: Stats & { wallMs: number }): void {
  const phases = Object.entries(r.timings)
    .map(([k, v]) => `${k} ${s(v)}`)
    .join(', ');
  const perSecond = r.rendered && r.timings.render ? Math.round(r.rendered / (r.timings.render / 1000)) : 0;
  console.log(`${label}: ${s(r.wallMs)} wall (build ${s(r.ms)}; ${phases})`);
  console.log(`  ${r.pages} pages, ${r.rendered} rendered${perSecond ? ` at ${perSecond} pages/s` : ''}, ${r.written} files written, ${r.removed} removed, Vite ${r.clientBuilt ? 'ran' : 'reused'}, peak memory ${mb(r.maxRssBytes)}`);
}

/** Changes one word of an article's first long paragraph: its read time stays honest. */
function editArticle(file: string): () => void {
  const before = readFileSync(file, 'utf8');
  const after = before.replace(/(text: "[^"]*?)\b(the)\b/, '$1a');
  if (after === before) throw new Error(`found nothing to edit in ${file}`);
  writeFileSync(file, after);
  return () => writeFileSync(file, before);
}

export async function benchAtScale(root: string, articles: number, dir = join(root, '.tmp/bench', `${articles}-articles`)): Promise<number> {
  const grown = growProject(root, resolve(dir), articles);
  console.log(`site grown to ${grown.articles} articles (${grown.copies} copies) in ${relative(root, grown.dir)}`);
  const out = join(grown.dir, 'dist');
  const cleanOut = join(grown.dir, 'dist-clean');
  const over: string[] = [];

  const cold = build(grown.dir, out, ['--clean']);
  print('cold build (--clean)', cold);
  const unchanged = build(grown.dir, out, []);
  print('rebuild, nothing changed', unchanged);

  const article = join(grown.dir, BLOG_DIR, articleFiles(grown.dir).at(-1)!);
  const restore = editArticle(article);
  let differences: string[];
  let warm: Stats & { wallMs: number };
  try {
    warm = build(grown.dir, out, []);
    print(`rebuild, one article edited (${relative(grown.dir, article)})`, warm);
    rmSync(cleanOut, { recursive: true, force: true });
    build(grown.dir, cleanOut, ['--clean']);
    differences = treeDifferences(out, cleanOut);
  } finally {
    restore();
    rmSync(cleanOut, { recursive: true, force: true });
  }
  if (differences.length) over.push(`incremental and clean builds differ in ${differences.length} files: ${differences.slice(0, 10).join(', ')}`);
  else console.log('  byte-identical to a clean build of the edited site (every file, .br and .gz included)');

  if (articles === 1000) {
    if (cold.wallMs > SCALE_BUDGETS.cold1000Ms) over.push(`cold build ${s(cold.wallMs)}, budget ${s(SCALE_BUDGETS.cold1000Ms)}`);
    if (warm.wallMs > SCALE_BUDGETS.warm1000Ms) over.push(`one-article rebuild ${s(warm.wallMs)}, budget ${s(SCALE_BUDGETS.warm1000Ms)}`);
  }
  if (articles === 10000) {
    if (cold.wallMs > SCALE_BUDGETS.cold10000Ms) over.push(`cold build ${s(cold.wallMs)}, budget ${s(SCALE_BUDGETS.cold10000Ms)}`);
    if (cold.maxRssBytes > SCALE_BUDGETS.cold10000Rss) over.push(`peak memory ${mb(cold.maxRssBytes)}, budget ${mb(SCALE_BUDGETS.cold10000Rss)}`);
  }
  if (over.length) {
    console.error(`\nOver budget:\n${over.join('\n')}`);
    return EXIT.invalid;
  }
  console.log('\nWithin budget.');
  return EXIT.ok;
}
