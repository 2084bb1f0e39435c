// The stages of `npm test` (generator/cli/test.ts) and the table of their times that ends the run. The stages
// run at once, each its own process: on a small machine the suites' waits (a browser, a server, a child
// build) leave a core idle that another suite then uses. Each stage's output is kept and printed whole
// when it ends, so the log reads stage by stage. The unit and database suites run at a lower priority:
// the end-to-end suite, whose tests wait on timers and pages, gets the CPU first, the others the rest.
// Every stage runs to its end even when another fails; the table names each that failed and its exit.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export interface Stage {
  name: string;
  /** The npm script the stage runs: `npm run <script>` runs it alone. */
  script: string;
  command: string;
  args: string[];
  /** Runs at a lower priority, on what CPU the other stages leave. */
  background?: boolean;
}

const npm = (name: string, script: string, background = false): Stage => ({ name, script, command: 'npm', args: ['run', '--silent', script], background });

/** `npm test`'s stages, in the table's order. */
export const TEST_STAGES: readonly Stage[] = [npm('validate', 'validate'), npm('typecheck', 'typecheck'), npm('unit', 'test:unit', true), npm('db', 'test:db', true), npm('e2e', 'test:e2e')];

/** Niceness of a background stage: below the others, whatever the machine's load. */
export const BACKGROUND_PRIORITY = 10;

export interface StageResult {
  name: string;
  seconds: number;
  /** The exit code, or the signal (or spawn error) that ended it. */
  exit: number | string;
}

export const failed = (r: StageResult) => r.exit !== 0;

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** Runs one stage, its output (stdout and stderr, in the order they came) kept and handed to `print` whole when it ends. */
export function runStage(stage: Stage, print: (text: string) => void): Promise<StageResult> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(stage.command, stage.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (stage.background && child.pid) setPriority(child.pid, BACKGROUND_PRIORITY);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    const end = (exit: number | string) => {
      const result = { name: stage.name, seconds: (performance.now() - started) / 1000, exit };
      const how = failed(result) ? `FAILED (exit ${exit})` : 'ok';
      print(`\n━━ ${stage.name} (${[stage.command, ...stage.args].join(' ')}): ${how} after ${clock(result.seconds)} ━━\n${Buffer.concat(chunks).toString('utf8')}`);
      done(result);
    };
    child.on('error', (e) => end(e.message));
    child.on('close', (code, signal) => end(code ?? signal ?? 'unknown'));
  });
}

/**
 * Runs every stage at once; each one's output is printed whole as it ends, and every `heartbeatMs` a line
 * says which are still running, so a quiet log is not taken for a stuck one. Results in the stages' order.
 */
export async function runStages(stages: readonly Stage[], print: (text: string) => void = (t) => process.stdout.write(t), heartbeatMs = 60_000): Promise<StageResult[]> {
  const started = performance.now();
  const running = new Set(stages.map((s) => s.name));
  print(`Running at once: ${stages.map((s) => s.name).join(', ')}. Each one's output follows as it ends.\n`);
  const heartbeat = setInterval(() => print(`… ${clock((performance.now() - started) / 1000)}: still running: ${[...running].join(', ')}\n`), heartbeatMs);
  try {
    return await Promise.all(stages.map((stage) => runStage(stage, print).finally(() => running.delete(stage.name))));
  } finally {
    clearInterval(heartbeat);
  }
}

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

/**
 * The table of the stages' times (m:ss), each ok or FAILED with its exit; then the total, the time from
 * the first stage's start to the last one's end (stages that ran at once overlap, so it is no sum).
 */
export function stageTable(results: readonly StageResult[], totalSeconds: number): string {
  const width = Math.max(5, ...results.map((r) => r.name.length));
  const rows = results.map((r) => `${r.name.padEnd(width)}  ${clock(r.seconds).padStart(6)}  ${failed(r) ? `FAILED (exit ${r.exit})` : 'ok'}`);
  const bad = results.filter(failed).map((r) => r.name);
  return [
    `${'stage'.padEnd(width)}  ${'time'.padStart(6)}  result`,
    ...rows,
    `${'total'.padEnd(width)}  ${clock(totalSeconds).padStart(6)}  ${bad.length ? `FAILED: ${bad.join(', ')}` : 'all passed'}`,
  ].join('\n');
}
