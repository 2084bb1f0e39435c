// The build at scale: grows a copy of the project to N articles (grow.ts), then runs `npm run build`
// in it as a child process, so its wall time and peak memory (worker threads included) are the
// command's own:
// 1. cold: every cache emptied first (the build's, the images', Vite's: all of the copy's
//    node_modules/.cache, see grow.ts; and tsx's compiled code), --clean into a fresh folder, as a
//    first CI build or a fresh clone builds; three times;
// 2. warm: the output folder emptied, every cache kept, as CI builds a fresh checkout with its cache
//    restored; three times;
// 3. unchanged: the same build again (nothing should be rendered or written);
// 4. one article edited and rebuilt, then the edit undone and rebuilt, three times; after the last
//    edit the output is compared byte for byte (every file, .br and .gz included) with a clean build;
// 5. the dev server: the article open in Chromium, saved five times (dev-save.ts); then the studio:
//    an article's heading typed into, keystroke to updated preview (studio-keystroke.ts);
// 6. with --astro, right after our cold builds: Astro 5.18 building the same articles, cold (astro.ts),
//    and the ratio of the medians, ours to Astro's.
// Each prints its phases, pages a second of the render phase and peak memory, and the budgets of
// issue 24 are checked on the medians (the machine is shared and noisy): a budget over fails the
// bench (exit 1), never the tests.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { EXIT } from '../cli/args.ts';
import { ASTRO_VERSION, astroBuildTimes } from './astro.ts';
import { devSaveTimes } from './dev-save.ts';
import { describeKeystrokes, medianOf, STUDIO_KEYSTROKE_BUDGET, studioKeystrokeTimes } from './studio-keystroke.ts';
import { articleFiles, BLOG_DIR, emptyCaches, growProject } from './grow.ts';

export const SCALE_BUDGETS = {
  /** Build of the site grown to 1,000 articles with every cache empty. */
  cold1000Ms: 10_000,
  /** The same into an empty output folder, every cache kept. */
  warm1000Ms: 8_000,
  /** Rebuild after editing one article of a 1,000-article site. */
  edit1000Ms: 2_000,
  /** In `npm run dev` on a 1,000-article site: an article saved until the browser shows the change. */
  devSave1000Ms: 500,
  /** Cold build at 10,000 articles, and its peak memory. */
  cold10000Ms: 60_000,
  cold10000Rss: 2 * 1024 ** 3,
  /** Our cold build over Astro's, building the same articles cold in the same run (--astro). */
  astroRatio: 0.6,
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

function build(dir: string, outDir: string, args: string[], cold = false): Stats & { wallMs: number } {
  const statsFile = join(dir, '.bench-stats.json');
  rmSync(statsFile, { force: true });
  const started = performance.now();
  // tsx's loader in this very process (not its CLI, which starts another node), so maxRSS is the build's.
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'generator/cli/build.ts', '--max-warnings', '1000000', '--stats', statsFile, '--as-of', AS_OF, ...args], {
    cwd: dir,
    encoding: 'utf8',
    // A cold build compiles the TypeScript anew too (tsx keeps what it compiled in the system's temp folder).
    env: { ...process.env, OUT_DIR: outDir, ...(cold ? { TSX_DISABLE_CACHE: '1' } : {}) },
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

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const times = (xs: number[]) => `median ${s(median(xs))} of ${xs.length} (${xs.map((x) => s(x)).join(', ')})`;

export interface ScaleOptions {
  /** Where the grown copy goes. */
  dir?: string;
  /** Cold builds, warm builds, and one-article edits (each edit and each restore is a rebuild of one article), whose medians are checked: the machine is shared and noisy. */
  runs?: number;
  /** Saves timed in the dev server (0: none). */
  devSaves?: number;
  /** Astro building the same articles, compared. */
  astro?: boolean;
}

export async function benchAtScale(root: string, articles: number, opts: ScaleOptions = {}): Promise<number> {
  const { dir = join(root, '.tmp/bench', `${articles}-articles`), runs = articles >= 10000 ? 1 : 3, devSaves = articles >= 10000 ? 0 : 5 } = opts;
  const grown = growProject(root, resolve(dir), articles);
  console.log(`site grown to ${grown.articles} articles (${grown.copies} copies) in ${relative(root, grown.dir)}`);
  const out = join(grown.dir, 'dist');
  const over: string[] = [];

  const colds: (Stats & { wallMs: number })[] = [];
  for (let i = 0; i < runs; i++) {
    emptyCaches(grown.dir);
    rmSync(out, { recursive: true, force: true });
    colds.push(build(grown.dir, out, ['--clean'], true));
    print(`cold build (every cache emptied, --clean) ${i + 1}/${runs}`, colds.at(-1)!);
  }
  const coldMs = median(colds.map((c) => c.wallMs));
  let astroMs: number | undefined;
  if (opts.astro) {
    const astro = astroBuildTimes(grown.dir, join(dirname(grown.dir), 'astro'), runs);
    astroMs = median(astro.times);
    console.log(`Astro ${ASTRO_VERSION}, the same ${astro.articles} articles as Markdown, cold: ${times(astro.times)}; ours/Astro ${(coldMs / astroMs).toFixed(2)}`);
  }
  const warms: (Stats & { wallMs: number })[] = [];
  for (let i = 0; i < runs; i++) {
    rmSync(out, { recursive: true, force: true });
    warms.push(build(grown.dir, out, []));
    print(`warm build (output emptied, caches kept) ${i + 1}/${runs}`, warms.at(-1)!);
  }
  const warmMs = median(warms.map((c) => c.wallMs));
  const unchanged = build(grown.dir, out, []);
  print('rebuild, nothing changed', unchanged);

  const article = join(grown.dir, BLOG_DIR, articleFiles(grown.dir).at(-1)!);
  const { edits, differences } = timeOneArticleEdits(grown.dir, out, join(grown.dir, 'dist-clean'), article, runs);
  if (differences.length) over.push(`incremental and clean builds differ in ${differences.length} files: ${differences.slice(0, 10).join(', ')}`);
  else console.log('  byte-identical to a clean build of the edited site (every file, .br and .gz included)');

  let devMs: number | undefined;
  let studioMs: number | undefined;
  if (devSaves) {
    const route = `/${BLOG_DIR.replace(/^pages\//, '')}/${basename(article).replace(/\.ya?ml$/, '')}`;
    const saves = await devSaveTimes(grown.dir, article, route, devSaves);
    devMs = median(saves);
    console.log(`dev server, an article saved until its page shows the change: ${times(saves)}`);
    // The studio's UI is served from the project's studio/, which a build does not read (grow.ts leaves it out).
    cpSync(join(root, 'studio'), join(grown.dir, 'studio'), { recursive: true });
    const keystrokes = await studioKeystrokeTimes(grown.dir);
    studioMs = medianOf(keystrokes.times);
    console.log(describeKeystrokes(keystrokes));
  }

  const images = (rs: Stats[]) => median(rs.map((r) => r.timings.images ?? 0));
  console.log(`\ncold build: ${times(colds.map((c) => c.wallMs))}, images phase median ${s(images(colds))}; peak memory ${mb(Math.max(...colds.map((c) => c.maxRssBytes)))}`);
  console.log(`warm build: ${times(warms.map((c) => c.wallMs))}, images phase median ${s(images(warms))}`);
  console.log(`one-article rebuild: ${times(edits)}`);
  if (astroMs !== undefined) {
    console.log(`Astro ${ASTRO_VERSION} cold: median ${s(astroMs)}; ours/Astro ${(coldMs / astroMs).toFixed(2)} (budget ${SCALE_BUDGETS.astroRatio})`);
    if (coldMs / astroMs > SCALE_BUDGETS.astroRatio) over.push(`cold build ${s(coldMs)} is ${(coldMs / astroMs).toFixed(2)}× Astro's ${s(astroMs)}, budget ${SCALE_BUDGETS.astroRatio}×`);
  }
  if (articles === 1000) {
    if (coldMs > SCALE_BUDGETS.cold1000Ms) over.push(`cold build ${s(coldMs)} (median), budget ${s(SCALE_BUDGETS.cold1000Ms)}`);
    if (warmMs > SCALE_BUDGETS.warm1000Ms) over.push(`warm build ${s(warmMs)} (median), budget ${s(SCALE_BUDGETS.warm1000Ms)}`);
    if (median(edits) > SCALE_BUDGETS.edit1000Ms) over.push(`one-article rebuild ${s(median(edits))} (median), budget ${s(SCALE_BUDGETS.edit1000Ms)}`);
    if (devMs !== undefined && devMs > SCALE_BUDGETS.devSave1000Ms) over.push(`dev save to screen ${s(devMs)} (median), budget ${s(SCALE_BUDGETS.devSave1000Ms)}`);
    if (studioMs !== undefined && studioMs > STUDIO_KEYSTROKE_BUDGET.articles1000Ms) over.push(`studio keystroke to preview ${Math.round(studioMs)} ms (median), budget ${STUDIO_KEYSTROKE_BUDGET.articles1000Ms} ms`);
  }
  if (articles === 10000) {
    if (coldMs > SCALE_BUDGETS.cold10000Ms) over.push(`cold build ${s(coldMs)} (median), budget ${s(SCALE_BUDGETS.cold10000Ms)}`);
    const rss = Math.max(...colds.map((c) => c.maxRssBytes));
    if (rss > SCALE_BUDGETS.cold10000Rss) over.push(`peak memory ${mb(rss)}, budget ${mb(SCALE_BUDGETS.cold10000Rss)}`);
  }
  if (over.length) {
    console.error(`\nOver budget:\n${over.join('\n')}`);
    return EXIT.invalid;
  }
  console.log('\nWithin budget.');
  return EXIT.ok;
}

/** `runs` times: one article edited and rebuilt, then the edit undone and rebuilt (both timed). The last
 *  edited build is compared file by file with a clean build of the same site into `cleanOut`. */
function timeOneArticleEdits(dir: string, out: string, cleanOut: string, article: string, runs: number): { edits: number[]; differences: string[] } {
  const edits: number[] = [];
  let differences: string[] = [];
  for (let i = 0; i < runs; i++) {
    const restore = editArticle(article);
    try {
      const warm = build(dir, out, []);
      edits.push(warm.wallMs);
      print(`rebuild, one article edited (${relative(dir, article)})`, warm);
      if (i === runs - 1) {
        rmSync(cleanOut, { recursive: true, force: true });
        build(dir, cleanOut, ['--clean']);
        differences = treeDifferences(out, cleanOut);
      }
    } finally {
      restore();
      rmSync(cleanOut, { recursive: true, force: true });
    }
    const back = build(dir, out, []);
    edits.push(back.wallMs);
    print('rebuild, the edit undone', back);
  }
  return { edits, differences };
}
