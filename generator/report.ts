// Formats diagnostics for terminals, CI logs and the dev overlay: file:line:col path: message, then the lines.
import { ErrorCatalogue, type Diagnostic } from './errors.ts';

export function formatDiagnostic(d: Diagnostic, text: string | undefined): string {
  const head = `${d.file}:${d.line}:${d.column} ${d.path ? `${d.path}: ` : ''}${d.message}`;
  const frame = text ? codeFrame(text, d.line, d.column) : '';
  const hint = ErrorCatalogue[d.name] && 'hint' in ErrorCatalogue[d.name] ? `  hint: ${(ErrorCatalogue[d.name] as { hint: string }).hint}` : '';
  return [head, frame, hint].filter(Boolean).join('\n');
}

/** The offending line with one line of context either side and a caret under the column. */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  const from = Math.max(1, line - 1);
  const to = Math.min(lines.length, line + 1);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

export function formatReport(diags: Diagnostic[], texts: Map<string, string>): string {
  const files = new Set(diags.map((d) => d.file));
  const body = diags.map((d) => formatDiagnostic(d, texts.get(d.file))).join('\n\n');
  return `${body}\n\n${diags.length} error${diags.length === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'}.`;
}
