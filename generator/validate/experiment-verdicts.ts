// `npm run validate` warns about an experiment that has already reached a verdict (issue 33, point 6),
// so a finished test is ended instead of running on. The verdict needs the visitors and conversions,
// which only the database holds, so validate reads them where they honestly are, and says where:
// - DATABASE_URL, when set: that PostgreSQL server (the hosted project's connection string in CI, or
//   the local server the stand-in runs on);
// - otherwise the stand-in's own embedded database (DATA_DIR, default .data/pglite), when it exists and
//   no other process (npm start's stand-in) has it open: PGlite's files are one process's at a time,
//   and the folder's lock says whose (supabase/local/data-lock.ts); validate then says why it read nothing.
// It reads as the database's owner, as cron and psql do, through the admin's own functions
// (public.admin_experiment; for a goal on money, public.admin_experiment_revenue over the verified
// orders), and judges as the admin screen does (verdictOfCounts, moneyReport). When no database
// answers (CI without DATABASE_URL, a fresh clone) it says nothing: the warning is a courtesy, never a
// reason for validate to fail.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { experimentEntries, type ExperimentEntry, type VariantCounts } from '../../model/analytics/experiment.ts';
import { isMoneyGoal, moneyReport, type VariantRevenue } from '../../model/analytics/experiment-money.ts';
import { verdictOfCounts, type Verdict } from '../../model/analytics/experiment-stats.ts';
import { toMinor } from '../../model/sales/money.ts';
import type { CompiledSite } from '../../model/page.ts';
import { diagnostic, type Diagnostic } from '../core/errors.ts';
import { LOCAL_DATA_ERROR } from '../../supabase/local/data-lock.ts';
import { locate, parseSource } from '../core/source.ts';

const TOOL_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the counts come from, and how to read one experiment's. */
export interface CountsSource {
  /** Said in the warning: which database was read. */
  where: string;
  counts(e: ExperimentEntry, to: string): Promise<VariantCounts[]>;
  /** A goal on money: each version's visitors and, per currency, its orders' capped net values. */
  revenue(e: ExperimentEntry, to: string, capMinor: number | undefined): Promise<VariantRevenue[]>;
  close(): Promise<void>;
}

/** The database to read, or undefined when none can be read now (see the file's first comment). */
export async function openCountsSource(root: string, env: NodeJS.ProcessEnv = process.env): Promise<CountsSource | undefined> {
  // Imported here: a site with no experiment (and every validate without a database) never loads a driver.
  const { openDatabase } = await import('../../supabase/local/db.ts');
  let where: string;
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    if (env.DATABASE_URL) {
      const url = new URL(env.DATABASE_URL);
      where = `the database at DATABASE_URL (${url.host}${url.pathname})`;
      db = await openDatabase({ databaseUrl: env.DATABASE_URL });
    } else {
      // Where the stand-in keeps it (supabase/local/server.ts): DATA_DIR, or this project's .data.
      const dataDir = join(resolve(env.DATA_DIR ?? join(TOOL_ROOT, '.data')), 'pglite');
      if (!existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
      const near = relative(root, dataDir);
      where = `the local database (${near && !near.startsWith('..') ? near : dataDir})`;
      db = await openDatabase({ dataDir });
    }
  } catch (e) {
    if ((e as Error).name === LOCAL_DATA_ERROR) console.error(`validate: experiment verdicts not read: ${(e as Error).message}`);
    return undefined;
  }
  return {
    where,
    async counts(e, to) {
      const { rows } = await db.query<{ r: VariantCounts[] | string }>('select public.admin_experiment($1, $2, $3::jsonb, $4::date, $5::date) as r', [e.route, e.id, JSON.stringify(e.goal), e.start, to]);
      const r = rows[0]?.r ?? [];
      return typeof r === 'string' ? (JSON.parse(r) as VariantCounts[]) : r;
    },
    async revenue(e, to, capMinor) {
      const { rows } = await db.query<{ r: VariantRevenue[] | string | null }>('select public.admin_experiment_revenue($1, $2, $3::date, $4::date, $5) as r', [e.route, e.id, e.start, to, capMinor ?? null]);
      const r = rows[0]?.r ?? [];
      return typeof r === 'string' ? (JSON.parse(r) as VariantRevenue[]) : r;
    },
    close: () => db.close(),
  };
}

const percent = (x: number) => `${x > 0 ? '+' : ''}${Math.round(x * 100)}%`;

/** An experiment's verdict and the figures it rests on, as the warning says them. */
export interface Judged {
  verdict: Verdict;
  /** What converted or earned, and how much, per version. */
  figures: string;
}

/** Clicks (or sign-ups...) per visitor-day. */
export function judgeCounts(entry: ExperimentEntry, variants: readonly VariantCounts[]): Judged {
  const figures = entry.arms.map((arm) => {
    const c = variants.find((x) => x.variant === arm);
    return `${arm} ${c?.conversions ?? 0} of ${c?.visitors ?? 0}`;
  });
  return { verdict: verdictOfCounts(entry.arms, variants), figures: `${figures.join(', ')} visitor-days converted on "${entry.goal.id}"` };
}

/** Orders or net revenue per visitor-day, in the currency most orders were paid in (as the admin screen). */
export function judgeMoney(entry: ExperimentEntry, rows: readonly VariantRevenue[]): Judged {
  const report = moneyReport(entry, rows);
  const figures = report.arms.map((a) => `${a.arm} ${a.orders} order${a.orders === 1 ? '' : 's'} from ${a.visitors} visitor-days${entry.goal.event === 'revenue' && report.currency ? ` (${(a.sum / 10 ** minorDigits(report.currency)).toFixed(minorDigits(report.currency))} ${report.currency} net)` : ''}`);
  return { verdict: report.verdict, figures: `${figures.join(', ')} on "${entry.goal.id}" in the checkout's verified orders` };
}

/** Decimal places of a currency's minor unit (2 for USD, 0 for JPY), as the database stores amounts. */
const minorDigits = (currency: string) => Math.round(Math.log10(toMinor(1, currency)));

/** The warnings for the experiments that reached a verdict; pure (the verdicts are given). */
export function verdictDiagnostics(root: string, compiled: CompiledSite, judged: ReadonlyMap<ExperimentEntry, Judged>, where: string, to: (e: ExperimentEntry) => string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [entry, { verdict: v, figures }] of judged) {
    if (v.kind !== 'winner' && v.kind !== 'worse') continue;
    const page = compiled.pages.find((p) => p.route === entry.route && !p.variant);
    if (!page) continue;
    const { source } = parseSource(page.file, readFileSync(join(root, page.file), 'utf8'));
    const [better, worse] = isMoneyGoal(entry) ? ['earns more', 'earns less'] : ['converts better', 'converts worse'];
    const answer = v.kind === 'winner' ? `${v.arm} ${better} than the control (${v.lift === Infinity ? 'the control has none' : percent(v.lift)})` : `${v.arm} ${worse} than the control (${percent(v.lift)}): keep the control`;
    out.push(diagnostic('ExperimentHasVerdict', locate(source, ['experiment'], { key: true }), entry.id, answer, `${figures} from ${entry.start} to ${to(entry)}, read from ${where}`));
  }
  return out;
}

/** `npm run validate`'s warnings about experiments with a verdict (none when no database can be read). */
export async function experimentVerdicts(root: string, compiled: CompiledSite, now = new Date(), env: NodeJS.ProcessEnv = process.env): Promise<Diagnostic[]> {
  const today = now.toISOString().slice(0, 10);
  const entries = experimentEntries(compiled.pages, compiled.site.analytics?.goals ?? []).filter((e) => e.start <= today);
  if (!entries.length) return [];
  const source = await openCountsSource(root, env);
  if (!source) return [];
  const to = (e: ExperimentEntry) => (e.end && e.end < today ? e.end : today);
  // A goal on money is judged on the orders in the site's currency, its cap declared or the 99th percentile.
  const currency = compiled.site.checkout?.currency;
  const judged = new Map<ExperimentEntry, Judged>();
  try {
    for (const e of entries) {
      const cap = typeof e.goal.cap === 'number' && currency ? toMinor(e.goal.cap, currency) : undefined;
      judged.set(e, isMoneyGoal(e) ? judgeMoney(e, await source.revenue(e, to(e), cap)) : judgeCounts(e, await source.counts(e, to(e))));
    }
  } catch {
    // A database without the analytics tables (not migrated yet), or one that went away: nothing to say.
    return [];
  } finally {
    await source.close().catch(() => undefined);
  }
  return verdictDiagnostics(root, compiled, judged, source.where, to);
}
