// The proof of work's cost, to a script and to a person (issue 49): `npm run bench -- --proof-of-work`.
// ALTCHA's own advice is to set the cost against a native solver, never against the browser's.
//
// - The difficulty is the database's: the migrations are applied to an in-memory PGlite, its
//   private.proof_of_work gives maxnumber, and one challenge it issues is solved by both solvers and
//   spent by private.spend_proof (so both find the number the database checks).
// - The median: the secret number is drawn evenly from 0..maxnumber, so half the challenges are solved
//   after trying maxnumber / 2 + 1 numbers. Each run times a challenge made the database's way (a random
//   salt, SHA-256 of salt || number) whose number is maxnumber / 2. Every run does the same work, so what
//   differs between them is what else the machine ran meanwhile: the figure is the median of the runs
//   (7 by default), which one run slowed by another process does not move, and the spread of the runs
//   is printed beside it. The budgets are held against those medians.
// - Native: a plain Node loop over crypto.createHash, one core, as a script would write it.
// - Phone-class browser: Chromium with its CPU slowed 4 times (CDP Emulation.setCPUThrottlingRate),
//   running the browser's own search (model/proof-of-work.ts, bundled as the site's
//   worker bundles it). Chromium slows only a page's main thread ("Operation is only supported for
//   pages, not workers" from a worker's target), so the search is timed on the page's thread, where the
//   slowdown applies; in the browser it runs in a Web Worker, whose unthrottled time is printed beside.
// - The runs of the two take turns, so a machine's load falls on both alike.
// Budgets: native median >= 0.5 s (a script pays), phone median <= 2 s (a person does not wait long).
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { rolldown } from 'rolldown';
import { openDatabase } from '../../supabase/local/db.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import type { PowChallenge } from '../../model/proof-of-work.ts';
import { wholeChromiumOptions } from '../chromium.ts';

export const PROOF_OF_WORK_BUDGET = { nativeMinMs: 500, phoneMaxMs: 2000, cpuSlowdown: 4 } as const;
const RUNS = 7;

export interface ProofOfWorkFigures {
  maxnumber: number;
  runs: number;
  nativeMs: number[];
  phoneMs: number[];
  /** The same search in a Web Worker, unthrottled (Chromium cannot slow a worker). */
  workerMs: number;
  load: number;
}

/** A solver's median solving time: the median of its runs at the median number. */
export function medianSolve(runs: readonly number[]): number {
  const sorted = [...runs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A challenge as private.issue_challenge makes one, with the secret number `n`. */
function challengeWith(n: number, maxnumber: number): PowChallenge {
  const salt = randomBytes(16).toString('hex');
  return { salt, maxnumber, challenge: createHash('sha256').update(`${salt}${n}`).digest('hex') };
}

/** The script's solver: a plain loop over Node's native SHA-256. */
function nativeSolve(c: PowChallenge): number | null {
  for (let n = 0; n <= c.maxnumber; n++) if (createHash('sha256').update(c.salt + n).digest('hex') === c.challenge) return n;
  return null;
}

/** The browser's search as one script defining `findNumber` on the page (and in a worker). */
async function solverScript(): Promise<string> {
  const build = await rolldown({ input: fileURLToPath(new URL('../../model/proof-of-work.ts', import.meta.url)), logLevel: 'silent' });
  const { output } = await build.generate({ format: 'iife', name: 'powSolver' });
  await build.close();
  return `${output[0].code}\nself.findNumber = powSolver.findNumber;\nself.onmessage = (e) => self.postMessage(self.findNumber(e.data));`;
}

export async function proofOfWorkFigures(runs = RUNS): Promise<ProofOfWorkFigures> {
  const db = await openDatabase({ memory: true });
  let maxnumber: number;
  let issuedCheck: { challenge: PowChallenge; number: number | null };
  try {
    await prepareDatabase(db);
    maxnumber = Number((await db.query<{ maxnumber: number }>('select maxnumber from private.proof_of_work')).rows[0]!.maxnumber);
    // One challenge as the database issues it, solved by both and accepted by the database.
    const issued = JSON.parse((await db.query<{ c: string }>("select private.issue_challenge('bench') as c")).rows[0]!.c) as PowChallenge & { algorithm: string; signature: string };
    const number = nativeSolve(issued);
    const payload = Buffer.from(JSON.stringify({ algorithm: issued.algorithm, challenge: issued.challenge, number, salt: issued.salt, signature: issued.signature })).toString('base64');
    if (!(await db.query<{ ok: boolean }>("select private.spend_proof('bench', $1) as ok", [payload])).rows[0]!.ok) throw new Error('the database refused the native solver\'s answer to its own challenge');
    issuedCheck = { challenge: issued, number };
  } finally {
    await db.close();
  }
  const browser = await chromium.launch(wholeChromiumOptions);
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>proof of work</title>');
    const script = await solverScript();
    await page.addScriptTag({ content: script });
    const find = (c: PowChallenge) => page.evaluate((c) => {
      const t = performance.now();
      const n = (self as unknown as { findNumber(c: unknown): number | null }).findNumber(c);
      return { n, ms: performance.now() - t };
    }, c);
    if ((await find(issuedCheck.challenge)).n !== issuedCheck.number) throw new Error('the browser\'s search did not find the number of the database\'s challenge');
    const cdp = await page.context().newCDPSession(page);
    const half = Math.floor(maxnumber / 2);
    const nativeMs: number[] = [];
    const phoneMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const c = challengeWith(half, maxnumber);
      const t = performance.now();
      if (nativeSolve(c) !== half) throw new Error('the native solver missed the number');
      nativeMs.push(performance.now() - t);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROOF_OF_WORK_BUDGET.cpuSlowdown });
      const phone = await find(challengeWith(half, maxnumber));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      if (phone.n !== half) throw new Error('the browser\'s search missed the number');
      phoneMs.push(phone.ms);
    }
    // The real path, once: a Web Worker made from the same search, unthrottled.
    const workerMs = await page.evaluate(({ script, c }) => new Promise<number>((resolve, reject) => {
      const worker = new Worker(URL.createObjectURL(new Blob([script], { type: 'text/javascript' })));
      const t = performance.now();
      worker.onmessage = () => (worker.terminate(), resolve(performance.now() - t));
      worker.onerror = (e) => reject(new Error(e.message));
      worker.postMessage(c);
    }), { script, c: challengeWith(half, maxnumber) });
    return { maxnumber, runs, nativeMs, phoneMs, workerMs, load: loadavg()[0]! };
  } finally {
    await browser.close();
  }
}

/** The phone's time per number over the script's. */
const ratio = (f: ProofOfWorkFigures) => medianSolve(f.phoneMs) / medianSolve(f.nativeMs);

/** The least and the most maxnumber at which both budgets hold, from each median's time per number tried. */
function fits(f: ProofOfWorkFigures): [number, number] {
  const tried = Math.floor(f.maxnumber / 2) + 1;
  const per = (ms: number) => ms / tried;
  return [Math.ceil((2 * PROOF_OF_WORK_BUDGET.nativeMinMs) / per(medianSolve(f.nativeMs))), Math.floor((2 * PROOF_OF_WORK_BUDGET.phoneMaxMs) / per(medianSolve(f.phoneMs)))];
}

export function describeProofOfWork(f: ProofOfWorkFigures): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const range = (xs: number[]) => `${s(Math.min(...xs))} to ${s(Math.max(...xs))}`;
  return [
    `proof of work (maxnumber ${f.maxnumber.toLocaleString('en-US')}; the median solve is the time to the median number, ${Math.floor(f.maxnumber / 2).toLocaleString('en-US')}, median of ${f.runs} runs; load ${f.load.toFixed(1)} on ${availableParallelism()} cores):`,
    `  native solver (Node crypto.createHash, one core): ${s(medianSolve(f.nativeMs))} median solve (runs ${range(f.nativeMs)}), budget at least ${s(PROOF_OF_WORK_BUDGET.nativeMinMs)}`,
    `  phone-class browser (Chromium, CPU ${PROOF_OF_WORK_BUDGET.cpuSlowdown}x slower): ${s(medianSolve(f.phoneMs))} median solve (runs ${range(f.phoneMs)}), budget at most ${s(PROOF_OF_WORK_BUDGET.phoneMaxMs)}`,
    `  the same search in a Web Worker, CPU not slowed (Chromium cannot slow a worker): ${s(f.workerMs)}`,
    `  per number the phone pays ${ratio(f).toFixed(1)} times what a script pays; both budgets hold for maxnumber ${fits(f).map((n) => n.toLocaleString('en-US')).join(' to ')}${fits(f)[0]! > fits(f)[1]! ? ' (none: the search must get cheaper per number)' : ''}`,
  ].join('\n');
}

export function proofOfWorkOverBudget(f: ProofOfWorkFigures): string[] {
  const over: string[] = [];
  const native = medianSolve(f.nativeMs);
  const phone = medianSolve(f.phoneMs);
  if (native < PROOF_OF_WORK_BUDGET.nativeMinMs) over.push(`proof of work: a native solver needs ${Math.round(native)} ms (median), under the ${PROOF_OF_WORK_BUDGET.nativeMinMs} ms a script must pay: raise private.proof_of_work.maxnumber in a new migration`);
  if (phone > PROOF_OF_WORK_BUDGET.phoneMaxMs) over.push(`proof of work: a phone-class browser needs ${Math.round(phone)} ms (median), over the ${PROOF_OF_WORK_BUDGET.phoneMaxMs} ms a person may wait: lower private.proof_of_work.maxnumber in a new migration`);
  return over;
}
