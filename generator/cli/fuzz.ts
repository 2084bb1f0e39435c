// `npm run fuzz [-- --count N --seed S --workers W --site DIR]`: hostile YAML against the generator.
// Mutates the pages and config of the site in DIR (default: this folder, the live site; the unit test
// names a frozen fixture site, so new content never changes what it draws) with
// generator/fuzz/mutate.ts, compiles each in worker processes, and counts crashes, runs over 2 s, and
// diagnostics placed outside their file. Exit 1 when any is found; the failing documents are written
// to .tmp/fuzz-failures/ (in the current folder) to replay.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mutate, rng } from '../fuzz/mutate.ts';
import type { FuzzJob, FuzzResult } from '../fuzz/worker.ts';
import { isYaml, listFiles } from '../store/files.ts';
import { count, EXIT, parseCli, runCli, type Command } from './args.ts';

/** A run longer than this counts as slow; one past HANG_MS is stopped and counts as a hang. */
const SLOW_MS = 2000;
const HANG_MS = 15_000;

const FUZZ: Command = {
  usage: 'npm run fuzz [-- --count <N>] [--seed <S>] [--workers <W>] [--site <dir>]',
  does: 'Throws hostile YAML, made from the site\'s own pages and config, at the generator, and counts crashes, runs over 2 s of CPU and diagnostics outside their file. Exit 1 on any; the failing documents are written to .tmp/fuzz-failures/.',
  options: {
    count: { type: 'string', value: '<N>', help: 'how many mutated documents (default 1000)' },
    seed: { type: 'string', value: '<S>', help: 'the random seed, to replay a run (default 1)' },
    workers: { type: 'string', value: '<W>', help: 'worker processes (default up to 4)' },
    site: { type: 'string', value: '<dir>', help: 'fuzz another site\'s pages (default this folder)' },
  },
  examples: ['npm run fuzz -- --count 200 --seed 7', 'npm run fuzz -- --site tests/fixtures/blog-site'],
};

type Job = FuzzJob & { applied: string[] };
type Result = FuzzResult & { hang?: boolean };

/** The files every small site holds; any other page is added for its run and removed after it. */
const IN_SITE = ['site.config.yaml', 'pages/index.yaml', 'pages/blog/index.yaml'];

/** `total` hostile documents, each a mutation of one of the site's pages or its config, as they are. */
function fuzzJobs(root: string, total: number, seed: number): Job[] {
  const sources = [join(root, 'site.config.yaml'), ...listFiles(join(root, 'pages'), isYaml)].map((f) => ({ target: relative(root, f).split('\\').join('/'), text: readFileSync(f, 'utf8') }));
  const r = rng(seed);
  const jobs: Job[] = [];
  for (let id = 0; id < total; id++) {
    const source = sources[Math.floor(r() * sources.length)]!;
    const { bytes, applied } = mutate(source.text, r);
    jobs.push({ id, target: source.target, original: source.text, bytes, applied });
  }
  return jobs;
}

/** A small site for one worker: the config, the landing and blog index, and (for each run) the page under test. */
function smallSite(root: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-site-'));
  // The schemas are the generator's own, whichever site is fuzzed.
  cpSync(fileURLToPath(new URL('../../schemas', import.meta.url)), join(dir, 'schemas'), { recursive: true });
  for (const part of ['public', 'content', 'site.config.yaml']) if (existsSync(join(root, part))) cpSync(join(root, part), join(dir, part), { recursive: true });
  mkdirSync(join(dir, 'pages/blog'), { recursive: true });
  for (const page of ['pages/index.yaml', 'pages/blog/index.yaml']) if (existsSync(join(root, page))) cpSync(join(root, page), join(dir, page));
  return dir;
}

/** A worker compiling in `dir`: a child process through tsx, like this CLI; messages carry bytes with the advanced serialiser. */
const spawnWorker = (dir: string): ChildProcess =>
  fork(fileURLToPath(new URL('../fuzz/worker.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, FUZZ_SITE: dir }, serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });

/** One job on `worker`: its result, a hang when it takes past HANG_MS (the worker is killed), or a crash when the worker dies. */
async function runJob(worker: ChildProcess, dir: string, job: Job): Promise<Result> {
  const result = await new Promise<Result>((done) => {
    const timer = setTimeout(() => {
      worker.kill('SIGKILL');
      done({ id: job.id, ms: HANG_MS, outside: [], diagnostics: 0, hang: true });
    }, HANG_MS);
    worker.once('message', (m: FuzzResult) => {
      clearTimeout(timer);
      done(m);
    });
    worker.once('exit', (code, signal) => {
      clearTimeout(timer);
      done({ id: job.id, ms: 0, outside: [], diagnostics: 0, crash: `worker died: exit ${code ?? signal}` });
    });
    mkdirSync(join(dir, job.target, '..'), { recursive: true });
    worker.send({ id: job.id, target: job.target, original: IN_SITE.includes(job.target) ? job.original : '', bytes: job.bytes } satisfies FuzzJob);
  });
  worker.removeAllListeners('message');
  worker.removeAllListeners('exit');
  return result;
}

/** Runs the jobs on `workers` workers, each in a small site of its own (removed after), taking the next job as it is free. */
async function runJobs(root: string, jobs: readonly Job[], workers: number): Promise<Result[]> {
  const results: Result[] = [];
  let next = 0;
  const runWorker = async () => {
    const dir = smallSite(root);
    let worker = spawnWorker(dir);
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const result = await runJob(worker, dir, job);
      results.push(result);
      if (result.hang || result.crash?.startsWith('worker died')) {
        // The site folder may hold the hostile file: put the original back before going on.
        if (IN_SITE.includes(job.target)) writeFileSync(join(dir, job.target), job.original);
        else rmSync(join(dir, job.target), { force: true });
        worker = spawnWorker(dir);
      }
    }
    worker.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  await Promise.all(Array.from({ length: workers }, runWorker));
  return results;
}

/** Prints the counts and compile times, and returns the failures: crashes, hangs, slow runs, diagnostics outside the file. */
function summarise(results: readonly Result[], heading: string): Result[] {
  const crashes = results.filter((x) => x.crash);
  const hangs = results.filter((x) => x.hang);
  const slow = results.filter((x) => !x.hang && x.ms > SLOW_MS);
  const outside = results.filter((x) => x.outside.length);
  const times = results.map((x) => x.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(heading);
  console.log(`  crashes ${crashes.length}, hangs ${hangs.length}, over ${SLOW_MS / 1000} s ${slow.length}, diagnostics outside the file ${outside.length}`);
  console.log(`  compile time: median ${median.toFixed(0)} ms, slowest ${(times[times.length - 1] ?? 0).toFixed(0)} ms`);
  return [...crashes, ...hangs, ...slow, ...outside];
}

/** Writes the failing documents to .tmp/fuzz-failures/ to replay, and names the first ten and what went wrong. */
function reportFailures(jobs: readonly Job[], failures: readonly Result[]): void {
  const dir = resolve('.tmp/fuzz-failures');
  mkdirSync(dir, { recursive: true });
  for (const f of failures.slice(0, 50)) {
    const job = jobs[f.id]!;
    writeFileSync(join(dir, `${f.id}-${job.target.replace(/\//g, '_')}`), job.bytes);
  }
  for (const f of failures.slice(0, 10)) {
    const job = jobs[f.id]!;
    const why = f.crash ? `crash: ${f.crash}` : f.hang ? 'hang' : f.ms > SLOW_MS ? `${f.ms.toFixed(0)} ms` : `outside: ${f.outside.slice(0, 3).join('; ')}`;
    console.error(`  #${f.id} ${job.target} [${job.applied.join(', ')}] ${why}`);
  }
  console.error(`Failing documents: ${relative('.', dir)}/`);
}

await runCli('fuzz', async () => {
  const { values } = parseCli(process.argv.slice(2), FUZZ);
  const total = count('count', values.count) ?? 1000;
  const seed = count('seed', values.seed) ?? 1;
  const workers = Math.max(1, count('workers', values.workers) ?? Math.min(4, availableParallelism()));
  const root = resolve(typeof values.site === 'string' ? values.site : '.');
  const jobs = fuzzJobs(root, total, seed);
  const started = performance.now();
  const results = await runJobs(root, jobs, workers);
  const seconds = (performance.now() - started) / 1000;
  const failures = summarise(results, `fuzz: ${results.length} documents from seed ${seed} in ${seconds.toFixed(1)} s with ${workers} workers`);
  if (!failures.length) return EXIT.ok;
  reportFailures(jobs, failures);
  return EXIT.invalid;
});
