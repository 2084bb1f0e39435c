// /admin/insights' section on the owner's list, beside the visits: for the period shown, addresses
// given, confirmed and unsubscribed per day (public.admin_list_summary), with a link to the list. It
// loads on its own, as the experiments do, so the visits show even when the list cannot be read, and
// its table joins the screen's CSV by declaring it.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ListSummary } from '../../model/list/status.ts';
import { loadListSummary } from '../backend/list-admin.ts';
import { num } from './insights-charts.tsx';
import { ListDailyChart, listDailyTable } from './list-daily.tsx';
import { useScreenTables } from './screen-tables.tsx';
import { link, panel } from './ui.ts';

export function InsightsListSection({ from, to }: { from: string; to: string }) {
  const [summary, setSummary] = useState<ListSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSummary(null);
    setError(null);
    loadListSummary(from, to)
      .then((s) => live && setSummary(s))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [from, to]);
  useScreenTables('list', useMemo(() => (summary ? [listDailyTable(summary.days)] : []), [summary]));
  const given = summary?.days.reduce((n, d) => n + d.captured, 0) ?? 0;
  const confirmed = summary?.days.reduce((n, d) => n + d.confirmed, 0) ?? 0;
  return (
    <section aria-labelledby="insights-list" className={`${panel} p-4 sm:p-5`} data-testid="insights-list">
      <h2 id="insights-list" className="text-lg font-bold text-gray-900">Subscribers per day</h2>
      <p className="mt-1 text-sm text-gray-600">
        Addresses given on the site's forms, confirmations and departures, by the list itself (a sign-up above is a click; here an owner pressed Confirm). <Link to="/admin/subscribers" className={link}>The list</Link>
      </p>
      {error && <p role="alert" className="mt-3 text-red-800">Could not load the list: {error}</p>}
      {!summary && !error && <p className="mt-3 text-gray-700">Loading the list…</p>}
      {summary && (
        <>
          <p className="mt-3 text-sm text-gray-800" data-testid="insights-list-totals">
            <strong>{num(given)}</strong> given, <strong>{num(confirmed)}</strong> confirmed in this period; <strong>{num(summary.counts.confirmed)}</strong> confirmed subscribers now.
          </p>
          <div className="mt-3"><ListDailyChart days={summary.days} /></div>
        </>
      )}
    </section>
  );
}
