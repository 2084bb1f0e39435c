// The reporting options every diagnosing CLI shares: --format pretty|github|json and --max-warnings N.
import type { Diagnostic } from '../core/errors.ts';
import { defaultFormat, FORMATS, renderReport, type Format } from '../report/formats.ts';
import { count, EXIT, oneOf, type OptionHelp, type Parsed } from './args.ts';

export const REPORT_OPTIONS: Record<string, OptionHelp> = {
  format: { type: 'string', value: '<pretty|github|json>', help: 'how problems are written (default: github in GitHub Actions, else pretty)' },
  'max-warnings': { type: 'string', value: '<N>', help: 'fail (exit 1) when there are more than N warnings' },
};

export interface ReportOptions {
  format: Format;
  maxWarnings?: number;
}

export function reportOptions(values: Parsed['values']): ReportOptions {
  return { format: oneOf('format', values.format, FORMATS, defaultFormat()), maxWarnings: count('max-warnings', values['max-warnings']) };
}

/**
 * Writes the report and returns the exit code: 1 when there are errors or more warnings than allowed
 * (as ESLint's --max-warnings), else 0.
 */
export function report(opts: ReportOptions, diags: readonly Diagnostic[], texts: ReadonlyMap<string, string>, okLine: string): number {
  const errors = diags.filter((d) => d.severity === 'error').length;
  const warnings = diags.length - errors;
  const tooManyWarnings = opts.maxWarnings !== undefined && warnings > opts.maxWarnings;
  const ok = errors === 0 && !tooManyWarnings;
  const out = renderReport(opts.format, diags, texts, ok, okLine);
  if (out.stdout) process.stdout.write(out.stdout);
  if (out.stderr) process.stderr.write(out.stderr);
  if (tooManyWarnings && opts.format !== 'json') process.stderr.write(`${warnings} warnings, more than --max-warnings ${opts.maxWarnings} allows.\n`);
  return ok ? EXIT.ok : EXIT.invalid;
}
