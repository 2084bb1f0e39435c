// Both CSV exports of the admin (the subscribers; every table of /admin/insights, the experiments
// included) with values a visitor could have written: a campaign name, a referrer, an address. The
// subscribers' file is also read back as its import reads it. Each
// file is read back by papaparse as a spreadsheet in an English locale (',') and in a German or French
// one (';') reads it: no cell may start like a formula, whichever separator splits it.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readSubscribersCsv, subscribersCsv, tablesCsv } from '../../runtime/admin/csv.ts';
import { experimentReport, experimentsTable } from '../../runtime/admin/experiments.tsx';
import { normaliseInsights } from '../../runtime/backend/insights.ts';
import { insightsTables, insightsView, periodFor } from '../../runtime/admin/insights-maths.ts';

/** What a spreadsheet runs: a cell starting with one of these (a plain number is a number, not a formula). */
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

const HOSTILE = [
  '=1+2', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1', 'a;=1+2;x', 'a;+cmd|x', 'x\n=1', 'x\r\n@y', 'a; =1', 'a;"=1"', 'a,b;-c',
  '"=HYPERLINK(""x"")"', 'say "hi"', 'tab\there', ';@x', 'end;',
];

function readAs(csv: string, delimiter: ',' | ';'): string[][] {
  return Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' }).data;
}

function expectNoFormula(csv: string) {
  for (const delimiter of [',', ';'] as const) {
    const cells = readAs(csv, delimiter).flat();
    const formulas = cells.filter((c) => FORMULA.test(c) && !NUMBER.test(c));
    expect(formulas, `split on '${delimiter}'`).toEqual([]);
  }
}

/** Read with ',', each hostile value comes back whole, with only apostrophes added before formulas. */
function expectValuesKept(csv: string) {
  const cells = readAs(csv, ',').flat();
  for (const value of HOSTILE) {
    const cell = cells.find((c) => c.replace(/'(?=["\s]*[=+\-@\t\r])/g, '') === value);
    expect(cell, JSON.stringify(value)).toBeDefined();
    // A field holding a separator, a quote or a line break is quoted, whichever separator is used.
    if (/[,;\t"\r\n]/.test(value)) expect(csv).toContain(`"${cell!.replace(/"/g, '""')}"`);
  }
}

describe('the subscribers export', () => {
  // Hostile values wherever a visitor's words can reach: the address, and the consent record's page and form.
  const rows = HOSTILE.map((email, i) => ({
    email,
    status: 'confirmed' as const,
    source: 'starter_kit' as const,
    consented_at: '2026-06-01T09:00:00Z',
    consent_route: HOSTILE[(i + 3) % HOSTILE.length]!,
    consent_form: HOSTILE[(i + 5) % HOSTILE.length]!,
    consent_wording: '0123456789abcdef',
    confirmed_at: '2026-06-01T09:30:00Z',
    unsubscribed_at: null,
    created_at: '2026-06-01T10:00:00Z',
  }));
  const csv = subscribersCsv(rows);

  it('has a header and one line per address with its status and consent record, whatever the addresses hold', () => {
    const lines = readAs(csv, ',').filter((r) => r.length > 1);
    expect(lines[0]).toEqual(['email', 'status', 'consented_at', 'consent_route', 'consent_form', 'consent_wording', 'source', 'confirmed_at', 'unsubscribed_at', 'subscribed_at']);
    expect(lines).toHaveLength(HOSTILE.length + 1);
    for (const row of lines.slice(1)) expect(row.slice(1, 3).concat(row.slice(5))).toEqual(['confirmed', '2026-06-01T09:00:00.000Z', '0123456789abcdef', 'starter_kit', '2026-06-01T09:30:00.000Z', '', '2026-06-01T10:00:00.000Z']);
  });

  it('starts no cell with a formula, split on "," or on ";"', () => expectNoFormula(csv));
  it('keeps every value, quoted where it holds a separator', () => expectValuesKept(csv));

  it('reads back as the import takes it: each address with its status and consent record', () => {
    const read = readSubscribersCsv(csv);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows).toHaveLength(rows.length);
    read.rows.forEach((r, i) => {
      // The apostrophe before a starting formula comes off; inner ones (after ';' or a line break) stay, as a spreadsheet shows them.
      const plain = (v: string) => v.replace(/([;\r\n])'(?=["\s]*[=+\-@\t\r])/g, '$1').trim();
      expect(plain(r.email)).toBe(rows[i]!.email.trim());
      expect(r).toMatchObject({ status: 'confirmed', consented_at: '2026-06-01T09:00:00.000Z', consent_wording: '0123456789abcdef' });
    });
  });

  it('reads another tool\'s file by its column names, and refuses one with no email column', () => {
    expect(readSubscribersCsv('Email;Status\r\nA@example.com;pending\r\n')).toEqual({ ok: true, rows: [{ email: 'A@example.com', status: 'pending' }] });
    expect(readSubscribersCsv('address,name\nx@example.com,X\n')).toMatchObject({ ok: false, problem: expect.stringContaining('"email"') });
    expect(readSubscribersCsv('email\n')).toMatchObject({ ok: false });
  });
});

describe('the insights export', () => {
  const pick = (i: number) => HOSTILE[i % HOSTILE.length]!;
  const current = normaliseInsights({
    totals: { visitors: 3, views: 9, buys: 0, captures: 0, contacts: 0, previews: 0, notFound: 0, buyValueCents: 0 },
    daily: [{ day: '2026-11-25', visitors: 3, views: 9, buys: 0, captures: 0 }],
    pages: HOSTILE.map((route, i) => ({ route, views: i + 1, visitors: 1, buys: 0, captures: 0, ctas: 0, buyValueCents: 0 })),
    referrers: HOSTILE.map((host, i) => ({ host, views: i + 1, visitors: 1 })),
    campaigns: HOSTILE.map((campaign, i) => ({ source: pick(i + 1), medium: pick(i + 2), campaign, views: 1, visitors: 1 })),
    blocks: HOSTILE.map((blockId, i) => ({ route: '/', blockId, blockType: pick(i + 5), clicks: 1 })),
    products: [],
    devices: [],
  });
  // The period before had more visitors: a negative change, which must stay a number.
  const before = normaliseInsights({ totals: { visitors: 8, views: 9, buys: 0, captures: 0, contacts: 0, previews: 0, notFound: 0, buyValueCents: 0 } });
  const view = insightsView({ period: periodFor('7', '2026-11-25'), current, before, funnels: [], catalogue: [] });
  const experiments = HOSTILE.map((id, i) =>
    experimentReport({ route: pick(i + 7), id, arms: ['control', pick(i + 4)], goal: { id: pick(i + 9), event: 'buy' }, start: '2026-11-01' }, [], '2026-11-25'),
  );
  const csv = tablesCsv([...insightsTables(view), experimentsTable(experiments)]);

  it('writes every table with its header, the experiments included', () => {
    const rows = readAs(csv, ',').filter((r) => r.length > 1);
    const headers = rows.filter((r) => r[0] === 'table');
    expect(headers).toHaveLength(insightsTables(view).length + 1);
    expect(rows.filter((r) => r[0] === 'experiments')).toHaveLength(HOSTILE.length * 2);
    // Every line has as many cells as its table's header: no value split a line.
    let width = 0;
    for (const r of rows) {
      if (r[0] === 'table') width = r.length;
      else expect(r).toHaveLength(width);
    }
    expect(rows).toContainEqual(['totals', 'visitors', '3', '8', '-5', '-62.5']);
  });

  it('starts no cell with a formula, split on "," or on ";"', () => expectNoFormula(csv));
  it('keeps every value, quoted where it holds a separator', () => expectValuesKept(csv));
});
