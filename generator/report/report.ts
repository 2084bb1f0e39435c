// Formats diagnostics for terminals, CI logs and the dev overlay: file:line:col path: message, the
// catalogue's title, the offending lines, and the hint.
import type { Diagnostic } from '../core/errors.ts';

/** Diagnostics printed per file in the human report. */
export const PER_FILE = 50;

const splitLines = (text: string) => text.split(/\r\n|\r|\n/);

export function formatDiagnostic(d: Diagnostic, lines: readonly string[] | undefined): string {
  const head = `${d.file}:${d.line}:${d.column} ${d.path ? `${d.path}: ` : ''}${d.message}`;
  const frame = lines ? codeFrame(lines, d.line, d.column) : '';
  const title = `  ${d.severity === 'warning' ? 'warning: ' : ''}${d.title} [${d.name}]`;
  return [head, title, frame, `  hint: ${d.hint}`].filter(Boolean).join('\n');
}

/** The offending line with one line of context either side and a caret under the column. */
export function codeFrame(lines: readonly string[], line: number, column: number): string {
  const from = Math.max(1, line - 1);
  const to = Math.min(lines.length, line + 1);
  const width = String(to).length;
  const out: string[] = [];
  // A long line (minified or hostile input) is cut around the column so the frame stays readable.
  const clip = (s: string) => (s.length > 200 ? s.slice(Math.max(0, column - 100), Math.max(0, column - 100) + 200) : s);
  const caretAt = (s: string) => (s.length > 200 ? Math.min(column - 1, 99) : column - 1);
  for (let n = from; n <= to; n++) {
    const text = lines[n - 1] ?? '';
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${clip(text)}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, caretAt(text)))}^`);
  }
  return out.join('\n');
}

export function formatReport(diags: readonly Diagnostic[], texts: ReadonlyMap<string, string>): string {
  // Split each file once, however many diagnostics it has.
  const linesByFile = new Map<string, string[]>();
  const linesOf = (file: string) => {
    if (!linesByFile.has(file) && texts.has(file)) linesByFile.set(file, splitLines(texts.get(file)!));
    return linesByFile.get(file);
  };
  // Past PER_FILE diagnostics in one file the rest are counted, not printed: a file with 20,000 bad
  // keys reads as its first problems and a number (the json format lists them all).
  const shown = new Map<string, number>();
  const parts: string[] = [];
  for (const d of diags) {
    const n = (shown.get(d.file) ?? 0) + 1;
    shown.set(d.file, n);
    if (n <= PER_FILE) parts.push(formatDiagnostic(d, linesOf(d.file)));
  }
  for (const [file, n] of shown) if (n > PER_FILE) parts.push(`${file}: ${n - PER_FILE} more not shown (${n} in all; --format json lists every one).`);
  return `${parts.join('\n\n')}\n\n${summary(diags)}`;
}

/** "2 errors and 1 warning in 3 files." */
export function summary(diags: readonly Diagnostic[]): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const errors = diags.filter((d) => d.severity === 'error').length;
  const warnings = diags.length - errors;
  const files = new Set(diags.map((d) => d.file)).size;
  const counts = warnings ? (errors ? `${plural(errors, 'error')} and ${plural(warnings, 'warning')}` : plural(warnings, 'warning')) : plural(errors, 'error');
  return `${counts} in ${plural(files, 'file')}.`;
}
