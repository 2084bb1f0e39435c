// The stages of `npm test` (scripts/test.ts), each a command run in turn with its output passed through,
// and the table of their times that ends the run. Every stage runs even when one before it failed, so
// one run shows all that is red; the table names each stage that failed and its exit code.
import { spawn } from 'node:child_process';

/** `npm test`'s stages, in order: each an npm script, so one can be run alone (`npm run test:unit`). */
export const TEST_STAGES = [
  ['validate', 'validate'],
  ['typecheck', 'typecheck'],
  ['unit', 'test:unit'],
  ['db', 'test:db'],
  ['e2e', 'test:e2e'],
].map(([name, script]) => ({ name: name!, script: script!, command: 'npm', args: ['run', '--silent', script!] }));

export interface Stage {
  name: string;
  command: string;
  args: string[];
}

export interface StageResult {
  name: string;
  seconds: number;
  /** The exit code, or the signal (or spawn error) that ended it. */
  exit: number | string;
}

/** Runs one stage with the terminal as its own, and returns how it ended and how long it took. */
export function runStage(stage: Stage, env: NodeJS.ProcessEnv = process.env): Promise<StageResult> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(stage.command, stage.args, { stdio: 'inherit', env });
    const end = (exit: number | string) => done({ name: stage.name, seconds: (performance.now() - started) / 1000, exit });
    child.on('error', (e) => end(e.message));
    child.on('close', (code, signal) => end(code ?? signal ?? 'unknown'));
  });
}

/** Runs every stage, one after the other. */
export async function runStages(stages: readonly Stage[], env: NodeJS.ProcessEnv = process.env): Promise<StageResult[]> {
  const results: StageResult[] = [];
  for (const stage of stages) {
    console.log(`\n▶ ${stage.name}: ${[stage.command, ...stage.args].join(' ')}`);
    results.push(await runStage(stage, env));
  }
  return results;
}

export const failed = (r: StageResult) => r.exit !== 0;

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** Stages done before `npm test` (.ci/run's install), as `name=seconds` or `name=seconds:exit`, comma-separated. */
export function stagesBefore(text: string | undefined): StageResult[] {
  if (!text) return [];
  return text.split(',').map((part) => {
    const m = /^\s*([\w-]+)=(\d+(?:\.\d+)?)(?::(\S+))?\s*$/.exec(part);
    if (!m) throw new Error(`TEST_STAGES_BEFORE: "${part}" is not name=seconds[:exit]`);
    const exit = m[3] === undefined ? 0 : Number.isInteger(Number(m[3])) ? Number(m[3]) : m[3];
    return { name: m[1]!, seconds: Number(m[2]), exit };
  });
}

/** The table of the stages' times (m:ss), each ok or FAILED with its exit; then the total. */
export function stageTable(results: readonly StageResult[]): string {
  const width = Math.max(5, ...results.map((r) => r.name.length));
  const rows = results.map((r) => `${r.name.padEnd(width)}  ${clock(r.seconds).padStart(6)}  ${failed(r) ? `FAILED (exit ${r.exit})` : 'ok'}`);
  const total = results.reduce((s, r) => s + r.seconds, 0);
  const bad = results.filter(failed).map((r) => r.name);
  return [
    `${'stage'.padEnd(width)}  ${'time'.padStart(6)}  result`,
    ...rows,
    `${'total'.padEnd(width)}  ${clock(total).padStart(6)}  ${bad.length ? `FAILED: ${bad.join(', ')}` : 'all passed'}`,
  ].join('\n');
}
