// What an experiment costs the page a visitor gets (issue 33's goals): the same script bytes as the page
// without an experiment (0 bytes more), no layout shift, and the variant's LCP within 5% of the
// control's in the same run. Measured on the experiment-site fixture (tests/fixtures/, read as content,
// as the generator's tests read it), built twice: as written, and with its experiment removed. Then
// Lighthouse's mobile run, interleaved, on three pages served side by side: the page without an
// experiment, the control and the variant; medians of the runs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { variantFile } from '../../model/analytics/experiment.ts';
import { lighthouseFigures, type LighthouseFigures } from './lighthouse.ts';

const TOOL_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = join(TOOL_ROOT, 'tests/fixtures/experiment-site');

export const EXPERIMENT_PAGE_BUDGET = { moreScriptBytes: 0, cls: 0, lcpRatio: 1.05 } as const;

/** Bytes of script a page's HTML makes the browser load before any island: script files, modulepreloads, inline scripts. */
export function scriptBytesOf(dir: string, html: string): number {
  let bytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[1]!)?.[1];
    if (src) bytes += statSync(join(dir, src.split('?')[0]!)).size;
    else if (!/\btype="application\/(?:ld\+)?json"/.test(m[1]!)) bytes += Buffer.byteLength(m[2]!);
  }
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) bytes += statSync(join(dir, m[1]!)).size;
  return bytes;
}

/** The project's code, which a build of another site's content runs from (its client build reads vite.config.ts and runtime/ there). */
const CODE_PARTS = ['schemas', 'runtime', 'generator', 'model', 'pdf', 'supabase', 'vite.config.ts', 'tsconfig.json', 'package.json'];

/** The fixture's content with the project's code, in a temporary folder; `withExperiment` false removes every trace of it. */
function siteCopy(withExperiment: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-experiment-${withExperiment ? 'with' : 'without'}-`));
  for (const part of CODE_PARTS) cpSync(join(TOOL_ROOT, part), join(dir, part), { recursive: true });
  cpSync(FIXTURE, dir, { recursive: true });
  mkdirSync(join(dir, 'public'), { recursive: true });
  symlinkSync(join(TOOL_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (!withExperiment) {
    const file = join(dir, 'pages/index.yaml');
    const doc = parseDocument(readFileSync(file, 'utf8'));
    doc.delete('experiment');
    const sections = (doc.toJS() as { sections: unknown[] }).sections;
    sections.forEach((_, i) => doc.deleteIn(['sections', i, 'variants']));
    writeFileSync(file, doc.toString());
  }
  return dir;
}

/** `npm run build` in the copy, as a marketer's machine runs it (its own code, its own caches). */
function build(dir: string, outDir: string): void {
  const r = spawnSync(process.execPath, [join(TOOL_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/build.ts'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, OUT_DIR: outDir, SITE_CACHE_DIR: join(dir, '.cache'), EXPERIMENT_SECRET: 'bench', VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' },
  });
  if (r.status !== 0) throw new Error(`the build of ${dir} failed:\n${r.stdout}${r.stderr}`);
}

export interface ExperimentPageFigures {
  scriptBytes: { without: number; control: number; variant: number };
  lighthouse: LighthouseFigures[];
}

/** Builds both, measures, and returns the figures (the folders removed). */
export async function experimentPageFigures(runs: number): Promise<ExperimentPageFigures> {
  const withDir = siteCopy(true);
  const withoutDir = siteCopy(false);
  try {
    const out = join(withDir, 'out');
    const outWithout = join(withoutDir, 'out');
    build(withDir, out);
    build(withoutDir, outWithout);
    const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
    const page = 'index.html';
    const variant = variantFile(page, 'b');
    const scriptBytes = {
      without: scriptBytesOf(outWithout, read(outWithout, page)),
      control: scriptBytesOf(out, read(out, page)),
      variant: scriptBytesOf(out, read(out, variant)),
    };
    // The three pages side by side in one served folder (the with-experiment build's assets), each under
    // a route of no experiment, so the server sends each as it is.
    for (const [route, html] of [['without', read(outWithout, page)], ['control', read(out, page)], ['variant', read(out, variant)]] as const) {
      mkdirSync(join(out, '__bench', route), { recursive: true });
      writeFileSync(join(out, '__bench', route, 'index.html'), html);
    }
    // The without page's assets are its build's: the same names when the client code is the same.
    cpSync(join(outWithout, 'assets'), join(out, 'assets'), { recursive: true, force: false });
    const lighthouse = await lighthouseFigures(out, ['without', 'control', 'variant'].map((kind) => ({ kind, route: `/__bench/${kind}` })), runs, { bare: false });
    return { scriptBytes, lighthouse };
  } finally {
    rmSync(withDir, { recursive: true, force: true });
    rmSync(withoutDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Prints the figures and returns what is over budget. */
export function describeExperimentPages(f: ExperimentPageFigures): { lines: string[]; over: string[] } {
  const over: string[] = [];
  const { without, control, variant } = f.scriptBytes;
  const lines = [`  script bytes in the page's HTML (files, modulepreloads, inline): ${without} B without an experiment, ${control} B the control, ${variant} B the variant (budget: ${EXPERIMENT_PAGE_BUDGET.moreScriptBytes} B more)`];
  for (const [name, bytes] of [['control', control], ['variant', variant]] as const) if (bytes - without > EXPERIMENT_PAGE_BUDGET.moreScriptBytes) over.push(`the ${name} ships ${bytes - without} B more script than the page without an experiment`);
  const by = new Map(f.lighthouse.map((l) => [l.kind, l]));
  const runs = f.lighthouse[0]?.runs.length ?? 0;
  lines.push(`  Lighthouse mobile, interleaved, median of ${runs}: LCP, CLS (worst run), script files requested (median; inline scripts are in the bytes above)`);
  for (const l of f.lighthouse) {
    const cls = Math.max(...l.runs.map((r) => r.cls));
    lines.push(`    ${l.kind.padEnd(8)} LCP ${`${Math.round(l.lcpMs)} ms`.padStart(8)}  CLS ${cls.toFixed(3)}  script files ${median(l.runs.map((r) => r.scriptBytes))} B   runs (LCP): ${l.runs.map((r) => Math.round(r.lcpMs)).join(' ')}`);
    if (cls > EXPERIMENT_PAGE_BUDGET.cls) over.push(`the ${l.kind} page shifts its layout (CLS ${cls.toFixed(3)})`);
  }
  const ratio = by.get('variant')!.lcpMs / by.get('control')!.lcpMs;
  lines.push(`  the variant's LCP is ${ratio.toFixed(3)}× the control's (budget ≤ ${EXPERIMENT_PAGE_BUDGET.lcpRatio}×); the control's ${(by.get('control')!.lcpMs / by.get('without')!.lcpMs).toFixed(3)}× the page without an experiment`);
  if (ratio > EXPERIMENT_PAGE_BUDGET.lcpRatio) over.push(`the variant's LCP is ${ratio.toFixed(3)}× the control's`);
  // Lighthouse's own count of script loaded: the same for the three, or the static count above missed something.
  const loaded = f.lighthouse.map((l) => median(l.runs.map((r) => r.scriptBytes)));
  if (new Set(loaded).size > 1) over.push(`the pages loaded different script bytes in Chromium: ${f.lighthouse.map((l, i) => `${l.kind} ${loaded[i]} B`).join(', ')}`);
  return { lines, over };
}
