// Command-line options for every CLI, with Node's own parser. An unknown option or a bad value is a
// usage error: one line, a "did you mean", exit 2, so CI never mistakes a typo for a pass.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../core/did-you-mean.ts';
import { parseMoment } from '../core/publication.ts';

/** Exit codes shared by every CLI. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

export type Options = NonNullable<ParseArgsConfig['options']>;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export function parseCli(argv: string[], options: Options, allowPositionals = false): Parsed {
  try {
    const r = parseArgs({ args: argv, options, allowPositionals, strict: true });
    return { values: r.values as Parsed['values'], positionals: r.positionals };
  } catch (e) {
    const message = (e as Error).message;
    const unknown = /Unknown option '(-{1,2}[^']+)'/.exec(message)?.[1];
    if (unknown) {
      const known = Object.keys(options).map((o) => `--${o}`);
      const guess = didYouMean(unknown.split('=')[0]!, known);
      throw new UsageError(`unknown option ${unknown}${guess ? `; did you mean ${guess}?` : ''} Options: ${known.join(', ') || 'none'}`);
    }
    throw new UsageError(message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, ''));
  }
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

/**
 * Runs a CLI's body: sets the exit code and lets Node drain stdout and stderr before it exits, so a
 * long report reaches a pipe whole. A usage error or a failure of the tool itself exits 2 with one line.
 */
export async function runCli(name: string, body: () => Promise<number> | number): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (e) {
    const err = e as Error;
    // Usage and configuration errors are the caller's to fix: their message is the whole story.
    // A local data folder held by another process, damaged, or with another migration's text (supabase/local/data-lock.ts) too.
    const plain = err instanceof UsageError || err.name === 'BackendConfigError' || err.name === 'LocalDataError';
    process.stderr.write(plain ? `${name}: ${err.message}\n` : `${name}: the tool itself failed: ${err.message.split('\n')[0]}\n${process.env.DEBUG ? `${err.stack}\n` : ''}`);
    process.exitCode = EXIT.usage;
  }
}
