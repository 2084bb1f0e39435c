// The admin's CSV exports (the subscribers, and every table of /admin/insights), written by papaparse's
// unparse. A spreadsheet opens them in whatever locale it runs in: Excel in de-DE or fr-FR splits on
// ';', not ','. So beyond papaparse's own defusing of a field's first character (escapeFormulae),
// a cell that could start inside a field under either separator (after a ';' or a line break) is
// defused too, and every field holding a separator, a quote or a line break is quoted.
import Papa from 'papaparse';

export type Cell = string | number | null | undefined;

/** One table of a screen, as the screen shows it. */
export interface CsvTable {
  /** Written in every row's first column, so one file holds every table and still sorts and filters. */
  title: string;
  columns: string[];
  rows: Cell[][];
}

/** What a spreadsheet runs as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell that may begin inside a field (after ';' or a line break), with the quotes and blanks before it. */
const INNER_FORMULA = /([;\r\n])(["\s]*[=+\-@\t\r])/g;

/** Text with an apostrophe before every formula that a ';' or a line break inside it would start. */
const defuseInner = (text: string) => text.replace(INNER_FORMULA, "$1'$2");

/** Lines of cells as CSV text: CRLF line ends (RFC 4180), a final CRLF, numbers as numbers. */
export function csvLines(lines: readonly (readonly Cell[])[]): string {
  const data = lines.map((cells) => cells.map((c) => (typeof c === 'string' ? defuseInner(c) : typeof c === 'number' && !Number.isFinite(c) ? null : c)));
  const text = Papa.unparse(data, {
    newline: '\r\n',
    escapeFormulae: FORMULA_START,
    quotes: (value: unknown) => typeof value === 'string' && /[,;\t"\r\n]/.test(value),
  });
  return `${text}\r\n`;
}

/** Tables one after another, each with its header line (`table`, then its columns). */
export function tablesCsv(tables: readonly CsvTable[]): string {
  return csvLines(tables.flatMap((t) => [['table', ...t.columns], ...t.rows.map((r) => [t.title, ...r])]));
}

/** The subscriber list, with a header row: email, source, subscribed_at. */
export function subscribersCsv(rows: readonly { email: string; source: string; created_at: string }[]): string {
  return csvLines([['email', 'source', 'subscribed_at'], ...rows.map((r) => [r.email, r.source, new Date(r.created_at).toISOString()])]);
}
