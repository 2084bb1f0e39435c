// Machine-readable reports for CI: GitHub workflow commands, which GitHub shows on the pull request's
// changed lines, and one JSON document for bots, dashboards and editors (schema:
// schemas/report.schema.json). Paths are project-relative with / separators in every format.
import { randomUUID } from 'node:crypto';
import type { Diagnostic } from '../core/errors.ts';
import { formatReport, summary } from './report.ts';

export const FORMATS = ['pretty', 'github', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Version of the JSON report's shape; raised when a field changes meaning or goes away. */
export const JSON_REPORT_VERSION = 1;

/** GitHub's escaping for a workflow command's message. */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** …and for its properties, where `:` and `,` separate fields. */
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function githubAnnotation(d: Diagnostic): string {
  const props: [string, string | number | undefined][] = [
    ['file', d.file],
    ['line', d.line],
    ['col', d.column],
    ['endLine', d.endLine],
    ['endColumn', d.endColumn],
    ['title', `${d.title} (${d.name})`],
  ];
  const list = props.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  const message = `${d.path ? `${d.path}: ` : ''}${d.message}\n${d.hint}`;
  return `::${d.severity === 'warning' ? 'warning' : 'error'} ${list}::${escapeData(message)}`;
}

export interface JsonReport {
  version: number;
  ok: boolean;
  diagnostics: {
    file: string;
    line: number;
    column: number;
    endLine?: number;
    endColumn?: number;
    severity: Diagnostic['severity'];
    name: string;
    title: string;
    path: string;
    message: string;
    hint: string;
  }[];
  totals: { errors: number; warnings: number; files: number };
}

export function jsonReport(diags: readonly Diagnostic[], ok: boolean): JsonReport {
  const errors = diags.filter((d) => d.severity === 'error').length;
  return {
    version: JSON_REPORT_VERSION,
    ok,
    diagnostics: diags.map((d) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      ...(d.endLine !== undefined ? { endLine: d.endLine, endColumn: d.endColumn } : {}),
      severity: d.severity,
      name: d.name,
      title: d.title,
      path: d.path,
      message: d.message,
      hint: d.hint,
    })),
    totals: { errors, warnings: diags.length - errors, files: new Set(diags.map((d) => d.file)).size },
  };
}

/** The default: annotations inside GitHub Actions, the human report elsewhere. */
export function defaultFormat(env = process.env): Format {
  return env.GITHUB_ACTIONS === 'true' ? 'github' : 'pretty';
}

export interface Outputs {
  /** What goes to stdout. */
  stdout: string;
  /** What goes to stderr. */
  stderr: string;
}

/**
 * The whole report in one format. `okLine` is printed when there is nothing to report. The pretty
 * report goes to stderr (a human reads it beside other output); annotations and JSON to stdout.
 */
export function renderReport(format: Format, diags: readonly Diagnostic[], texts: ReadonlyMap<string, string>, ok: boolean, okLine: string): Outputs {
  const pretty = diags.length ? formatReport(diags, texts) : '';
  if (format === 'json') return { stdout: `${JSON.stringify(jsonReport(diags, ok), null, 2)}\n`, stderr: '' };
  if (format === 'github') {
    const annotations = diags.map(githubAnnotation).join('\n');
    // The pretty report is kept for the log, folded so the annotations stay in view.
    // Commands are switched off inside it, so text from a page (a key, a value) can never be read by the
    // runner as a workflow command.
    const token = `site-report-${randomUUID()}`;
    const log = diags.length ? `::group::${summary(diags)} Full report\n::stop-commands::${token}\n${pretty}\n::${token}::\n::endgroup::\n` : '';
    return { stdout: `${annotations ? `${annotations}\n` : ''}${log}${ok ? `${okLine}\n` : ''}`, stderr: '' };
  }
  return { stdout: ok ? `${okLine}\n` : '', stderr: pretty ? `${pretty}\n` : '' };
}
