// Command-line options for every command, with Node's own parser. Each command describes itself once
// (a `Command`): `--help` prints that, exits 0 and does nothing else; an unknown option or a bad value is
// a usage error: one line, a "did you mean", exit 2, so CI never mistakes a typo for a pass.
// A command whose work loads a large module graph (a build, the validator, a browser) `await import()`s it
// only once parseCli has passed: `--help` and a typo then cost Node and tsx's start (about 0.4 s of CPU).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../core/did-you-mean.ts';
import { parseMoment } from '../core/publication.ts';

/** Exit codes shared by every CLI. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

export type Options = NonNullable<ParseArgsConfig['options']>;

/** One option: Node's parser settings, the name of its value (`<N>`) and a line of help. */
export interface OptionHelp {
  type: 'string' | 'boolean';
  short?: string;
  value?: string;
  help: string;
}

/** What a command is, as `--help` prints it. */
export interface Command {
  /** How to call it, after "usage: ", e.g. `npm run build [-- <options>]`. */
  usage: string;
  /** What it does, in a sentence or two; each line is wrapped on its own, and one that starts with a space is kept as written (a table). */
  does: string;
  options?: Record<string, OptionHelp>;
  /** Whether it takes arguments besides options (files, a kind and a name, an address). */
  positionals?: boolean;
  /** The environment variables it reads, each with a line. */
  env?: Record<string, string>;
  /** At least one command line to copy. */
  examples: string[];
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/** `--help` was asked for: runCli prints `text` and exits 0. */
export class HelpRequested extends Error {
  override name = 'HelpRequested';
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

const HELP_OPTION: OptionHelp = { type: 'boolean', short: 'h', help: 'print this and exit' };

export function parseCli(argv: string[], command: Command): Parsed {
  const described = { ...command.options, help: HELP_OPTION };
  const options: Options = Object.fromEntries(Object.entries(described).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}) }]));
  // Asked for anywhere on the line, --help wins over whatever else is wrong with it.
  if (argv.includes('--help') || argv.includes('-h')) throw new HelpRequested(helpText(command));
  try {
    const r = parseArgs({ args: argv, options, allowPositionals: command.positionals === true, strict: true });
    return { values: r.values as Parsed['values'], positionals: r.positionals };
  } catch (e) {
    const message = (e as Error).message;
    const unknown = /Unknown option '(-{1,2}[^']+)'/.exec(message)?.[1];
    if (unknown) {
      const known = Object.keys(options).map((o) => `--${o}`);
      const guess = didYouMean(unknown.split('=')[0]!, known);
      throw new UsageError(`unknown option ${unknown}${guess ? `; did you mean ${guess}?` : ''} Options: ${known.join(', ')}`);
    }
    throw new UsageError(message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, ''));
  }
}

/** The text `--help` prints: usage, what it does, options, environment and examples. */
export function helpText(command: Command): string {
  const options = Object.entries({ ...command.options, help: HELP_OPTION }).map(([name, o]) => [`${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` ${o.value}` : ''}`, o.help] as const);
  const env = Object.entries(command.env ?? {});
  const width = Math.max(...[...options, ...env].map(([left]) => left.length));
  const rows = (list: readonly (readonly [string, string])[]) => list.map(([left, help]) => `  ${left.padEnd(width)}  ${help}`);
  return [
    `usage: ${command.usage}`,
    '',
    ...command.does.split('\n').flatMap((line) => (/^\s/.test(line) ? [line] : wrap(line, 100))),
    '',
    'options:',
    ...rows(options),
    ...(env.length ? ['', 'environment:', ...rows(env)] : []),
    '',
    command.examples.length === 1 ? 'example:' : 'examples:',
    ...command.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

/** One of a fixed set of values, or a usage error naming them. */
export function oneOf<T extends string>(option: string, value: string | boolean | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const guess = typeof value === 'string' ? didYouMean(value, allowed) : undefined;
  throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}${guess ? `; did you mean ${guess}?` : ''}`);
}

export function count(option: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  throw new UsageError(`--${option} must be a whole number, got ${JSON.stringify(value)}`);
}

/** `--as-of 2026-12-01` or `--as-of 2026-12-01T09:00:00Z`: the moment a site is built as of (default now). */
export function moment(option: string, value: string | boolean | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === 'string' ? parseMoment(value) : { error: 'needs a value' };
  if ('error' in m) throw new UsageError(`--${option} ${JSON.stringify(value)} ${m.error}; e.g. --${option} 2026-12-01 (start of that day, UTC) or --${option} 2026-12-01T09:00:00Z`);
  return new Date(m.ms);
}

/** Words on lines of at most `width` characters (a longer word keeps its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Runs a CLI's body: sets the exit code and lets Node drain stdout and stderr before it exits, so a
 * long report reaches a pipe whole. `--help` prints the command's help and exits 0. A usage error or
 * a failure of the tool itself exits 2 with one line, and the command ends there, once that line is
 * out: whatever it had started (npm start's stand-in and mail catcher, when its test-control server
 * then refused to start) would otherwise keep it running, holding its ports, after saying it failed.
 */
export async function runCli(name: string, body: () => Promise<number> | number): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (e) {
    const code = reportFailure(name, e);
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  }
}

/**
 * For a command that works at the top of its module (a server that keeps running): its options, or
 * it ends here as runCli would end it, with its help (exit 0) or a usage error (exit 2).
 */
export function parseOrExit(name: string, argv: string[], command: Command): Parsed {
  try {
    return parseCli(argv, command);
  } catch (e) {
    process.exit(reportFailure(name, e));
  }
}

function reportFailure(name: string, e: unknown): number {
  const err = e as Error;
  if (err instanceof HelpRequested) {
    process.stdout.write(err.message);
    return EXIT.ok;
  }
  // Usage and configuration errors are the caller's to fix: their message is the whole story.
  // A local data folder held by another process, damaged, or with another migration's text (supabase/local/data-lock.ts) too.
  const plain = err instanceof UsageError || err.name === 'BackendConfigError' || err.name === 'LocalDataError';
  process.stderr.write(plain ? `${name}: ${err.message}\n` : `${name}: the tool itself failed: ${err.message.split('\n')[0]}\n${process.env.DEBUG ? `${err.stack}\n` : ''}`);
  return EXIT.usage;
}
