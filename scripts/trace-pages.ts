// Where a page's main-thread time goes on load: a Chromium performance trace (the devtools timeline
// categories Lighthouse reads) of each given page, in a phone's viewport without throttling, taken in
// turns (one load of every page, then the next) so a busy moment falls on all pages alike. Prints, per
// page, the medians of: the longest main-thread task; the time in style recalculation, layout, HTML
// parsing, paint, pre-paint and font look-ups within the first second's tasks (CPU=1: the thread's own
// time); the number of synchronous font look-ups; and the time from the first paint to the last
// largest-paint candidate. A tool for finding what to remove (issue 31), not a benchmark with a budget:
// `npm run bench` is that.
//
//   npx tsx scripts/trace-pages.ts <folder to serve> /route [/route ...]     (RUNS=7 by default)
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { wholeChromiumOptions } from '../generator/chromium.ts';
import { startStaticServer } from '../generator/host/serve.ts';

const [dir, ...routes] = process.argv.slice(2);
if (!dir || !routes.length) {
  console.error('usage: npx tsx scripts/trace-pages.ts <folder> /route [/route ...]');
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 7);
/** CPU=1: the thread's own time (tdur) for the kinds, instead of the wall time. */
const cpu = process.env.CPU === '1';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own time in the slice, which a busy machine inflates less than the wall time. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; beginData?: { url?: string }; data?: { documentLoaderURL?: string } };
}

/** The slices a figure adds up, by the trace events' names. */
const KINDS: Record<string, string[]> = {
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'],
  layout: ['Layout'],
  parse: ['ParseHTML'],
  prePaint: ['PrePaint'],
  paint: ['Paint', 'PaintImage', 'Layerize', 'UpdateLayer', 'Commit'],
  script: ['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'EventDispatch'],
  /** Finding a font: on Linux a synchronous call to the browser process (fontconfig), so its wall time
   * follows how soon that process answers, not the renderer's own work. */
  fonts: ['FontCache::GetFontPlatformData'],
};
/** The synchronous font calls to the browser process: matching a family name, a size's render style, and
 * a font for a character no font of the stack has (✓, ★ on this machine). */
const FONT_CALLS = ['FontDataManager::onMatchFamilyStyle', 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike', 'WebSandboxSupportLinux::GetFallbackFontForCharacter'];

function figures(events: TraceEvent[], url: string) {
  // The page's main thread: the one that parsed its HTML (the browser's other renderers, such as the
  // new tab page's, run tasks of their own).
  const parse = events.find((e) => (e.name === 'ParseHTML' && e.args?.beginData?.url === url) || (e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url));
  if (!parse) throw new Error(`no parse of ${url} in the trace`);
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const out: Record<string, number> = { longestTask: Math.max(...tasks.map((t) => (cpu ? t.tdur : t.dur) ?? 0)) / 1000, tasks: tasks.reduce((s, t) => s + ((cpu ? t.tdur : t.dur) ?? 0), 0) / 1000 };
  for (const [kind, names] of Object.entries(KINDS)) out[kind] = onMain.filter((e) => names.includes(e.name)).reduce((s, e) => s + ((cpu ? e.tdur : e.dur) ?? 0), 0) / 1000;
  out.fontCalls = onMain.filter((e) => FONT_CALLS.includes(e.name)).length;
  // From the first paint to the last largest-paint candidate: above 0 when the first frame showed only part
  // of the page (the parser yielded early), so the rest of its style and layout ran after the first paint.
  const marks = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  const fcp = marks.find((e) => e.name === 'firstContentfulPaint');
  const lcp = marks.filter((e) => e.name === 'largestContentfulPaint::Candidate').sort((a, b) => a.ts - b.ts).at(-1);
  out.fcpToLcp = fcp && lcp ? (lcp.ts - fcp.ts) / 1000 : NaN;
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const server = await startStaticServer({ dir: resolve(dir), port: 0, host: '127.0.0.1', log: () => {} });
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch(wholeChromiumOptions);
const measured = new Map<string, Record<string, number>[]>(routes.map((r) => [r, []]));
for (let i = 0; i < runs; i++) {
  for (const route of routes) {
    // Moto G Power, as Lighthouse's mobile preset emulates it.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,loading,fonts,__metadata', transferMode: 'ReportEvents' });
    await page.goto(origin + route, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await done;
    measured.get(route)!.push(figures(events, origin + route));
    await context.close();
  }
}
await browser.close();
server.close();
const keys = ['longestTask', 'tasks', ...Object.keys(KINDS), 'fontCalls', 'fcpToLcp'];
console.log(`median of ${runs} (ms)`.padEnd(40) + keys.map((k) => k.padStart(12)).join(''));
for (const route of routes) {
  const r = measured.get(route)!;
  console.log(route.padEnd(40) + keys.map((k) => median(r.map((x) => x[k]!)).toFixed(1).padStart(12)).join(''));
  if (process.env.SPREAD) console.log(''.padEnd(40) + keys.map((k) => `${Math.min(...r.map((x) => x[k]!)).toFixed(0)}-${Math.max(...r.map((x) => x[k]!)).toFixed(0)}`.padStart(12)).join(''));
}
process.exit(0);
