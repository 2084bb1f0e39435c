// The admin's CSV exports (the subscribers, and every table of /admin/insights), written by papaparse's
// unparse, and the subscribers' import, read by its parse. A spreadsheet opens them in whatever locale it runs in: Excel in de-DE or fr-FR splits on
// ';', not ','. So beyond papaparse's own defusing of a field's first character (escapeFormulae),
// a cell that could start inside a field under either separator (after a ';' or a line break) is
// defused too, and every field holding a separator, a quote or a line break is quoted.
import Papa from 'papaparse';
import type { ImportRow, Subscriber } from '../../model/list/status.ts';

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

/**
 * The list with its statuses and consent records, one address a line. Its first six columns are the ones
 * the import reads back (model/list/status.ts ImportRow), so an export moved to another site, or
 * brought back here, keeps each address's status and consent.
 */
export const SUBSCRIBER_CSV_COLUMNS = [
  'email', 'status', 'consented_at', 'consent_route', 'consent_form', 'consent_wording', 'source', 'confirmed_at', 'unsubscribed_at', 'subscribed_at',
] as const;

type ExportedSubscriber = Pick<Subscriber, 'email' | 'status' | 'consented_at' | 'consent_route' | 'consent_form' | 'consent_wording' | 'source' | 'confirmed_at' | 'unsubscribed_at' | 'created_at'>;

const iso = (at: string | null) => (at ? new Date(at).toISOString() : '');

export function subscribersCsv(rows: readonly ExportedSubscriber[]): string {
  return csvLines([
    [...SUBSCRIBER_CSV_COLUMNS],
    ...rows.map((r) => [r.email, r.status, iso(r.consented_at), r.consent_route, r.consent_form, r.consent_wording, r.source, iso(r.confirmed_at), iso(r.unsubscribed_at), iso(r.created_at)]),
  ]);
}

/** A file the import read: its rows for the database, or why it cannot be read. */
export type ReadImport = { ok: true; rows: ImportRow[] } | { ok: false; problem: string };

/** The apostrophe csvLines put before a cell that would start a formula, taken off again. */
const undefused = (cell: string) => cell.replace(/^'(?=["\s]*[=+\-@\t\r])/, '');

/**
 * A CSV of addresses, with a header line naming at least `email` (this site's export, or another
 * tool's with the same column names; either separator). Unknown columns are ignored; the database
 * judges each row's values.
 */
export function readSubscribersCsv(text: string): ReadImport {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
    transform: (v) => undefused(v.trim()),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('email')) return { ok: false, problem: `The first line names no "email" column (it has: ${fields.join(', ') || 'nothing'}).` };
  const rows = parsed.data.map((r): ImportRow => {
    const row: ImportRow = { email: r.email ?? '' };
    for (const k of ['status', 'consented_at', 'consent_route', 'consent_form', 'consent_wording'] as const) if (r[k]) row[k] = r[k];
    return row;
  });
  if (rows.length === 0) return { ok: false, problem: 'The file has a header but no addresses.' };
  return { ok: true, rows };
}
