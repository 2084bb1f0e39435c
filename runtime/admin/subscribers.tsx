// /admin/subscribers: the owner's list. Counts by status; per source page, how many of the addresses a
// form took were confirmed; the list per day; then every address with its status and consent record
// (when, which page, which form, which wording), searchable and filtered by status, each erasable.
// 'Export CSV' writes every address with its status and consent record; 'Import CSV' reads the same
// columns back (public.admin_import_subscribers: an address without a consent date is never confirmed,
// it is asked to confirm). The numbers come from public.admin_list_summary; the database decides who may.
import { useMemo, useRef, useState } from 'react';
import { Form, useLoaderData, useNavigation, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { allSubscribers, listSubscribers, type Paged, type Subscriber } from '../backend/admin.ts';
import { eraseSubscriber, importSubscribers, loadListSummary } from '../backend/list-admin.ts';
import { SUBSCRIBER_STATUSES, type ImportResult, type ListSummary, type SubscriberStatus } from '../../model/list/status.ts';
import { SITE_WORDINGS, wordingVersion } from '../../model/list/consent.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { readSubscribersCsv, subscribersCsv } from './csv.ts';
import { download } from './download.ts';
import { formatUtcDay, num } from './insights-charts.tsx';
import { addDays, isoDay, percent } from './insights-maths.ts';
import { Pager, pageParam } from './layout.tsx';
import { ListDailyChart } from './list-daily.tsx';
import { signedInAdmin } from './session.ts';
import { formatDateTime, inputClass, panel, plural, primaryButton, secondaryButton } from './ui.ts';
import { WideTable } from './wide-table.tsx';

const PAGE_SIZE = 25;
/** The days the source pages and the daily chart cover, ending today (UTC). */
const SUMMARY_DAYS = 30;

interface SubscribersData {
  list: Paged<Subscriber>;
  search: string;
  status: SubscriberStatus | null;
  summary: ListSummary;
  /** The versions of the wordings this build's forms show. */
  current: string[];
}

const statusParam = (value: string | null): SubscriberStatus | null => (SUBSCRIBER_STATUSES.includes(value as SubscriberStatus) ? (value as SubscriberStatus) : null);

export async function subscribersLoader({ request }: LoaderFunctionArgs): Promise<SubscribersData | null> {
  if (!(await signedInAdmin())) return null;
  const params = new URL(request.url).searchParams;
  const search = (params.get('q') ?? '').trim();
  const status = statusParam(params.get('status'));
  const today = isoDay(Date.now());
  const [list, summary, current] = await Promise.all([
    listSubscribers({ page: pageParam(params), pageSize: PAGE_SIZE, search, status }),
    loadListSummary(addDays(today, -(SUMMARY_DAYS - 1)), today),
    Promise.all(SITE_WORDINGS.map(wordingVersion)),
  ]);
  return { list, search, status, summary, current };
}

/** Each status: its name on the screen, what it means, and its badge's colours. */
export const STATUS_WORDS: Record<SubscriberStatus, { label: string; means: string; badge: string }> = {
  pending: { label: 'Pending', means: 'asked to confirm; deleted after 30 days', badge: 'bg-amber-100 text-amber-900' },
  confirmed: { label: 'Confirmed', means: 'gets the newsletters', badge: 'bg-emerald-100 text-emerald-900' },
  unsubscribed: { label: 'Unsubscribed', means: 'left the list', badge: 'bg-gray-200 text-gray-800' },
  bounced: { label: 'Bounced', means: 'the address does not take mail', badge: 'bg-red-100 text-red-900' },
  complained: { label: 'Complained', means: 'reported a mail as spam', badge: 'bg-red-100 text-red-900' },
};

function StatusBadge({ status }: { status: SubscriberStatus }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_WORDS[status].badge}`}>{STATUS_WORDS[status].label}</span>;
}

function Counts({ counts }: { counts: ListSummary['counts'] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Addresses by status">
      {SUBSCRIBER_STATUSES.map((s) => (
        <li key={s} className={`${panel} p-4`} data-testid={`list-count-${s}`}>
          <p className="text-xs font-semibold uppercase tracking-wide text-gray-600 sm:text-sm">{STATUS_WORDS[s].label}</p>
          <p className="mt-1 text-3xl font-extrabold tabular-nums text-gray-900" data-testid="value">{num(counts[s])}</p>
          <p className="mt-1 text-xs text-gray-600">{STATUS_WORDS[s].means}</p>
        </li>
      ))}
    </ul>
  );
}

function Sources({ sources }: { sources: ListSummary['sources'] }) {
  return (
    <section aria-labelledby="list-sources" className={`${panel} p-4 sm:p-5`} data-testid="list-sources">
      <h2 id="list-sources" className="text-lg font-bold text-gray-900">Confirmed, by the page that took the address</h2>
      <p className="mt-1 text-sm text-gray-600">Addresses the site's forms took in the last {SUMMARY_DAYS} days, and how many of their owners pressed Confirm.</p>
      {sources.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No form took an address in the last {SUMMARY_DAYS} days.</p>
      ) : (
        <WideTable label="Confirmation rate per source page" className="mt-3">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="py-2 pr-3">Page</th>
                <th scope="col" className="px-3 py-2 text-right">Given</th>
                <th scope="col" className="px-3 py-2 text-right">Confirmed</th>
                <th scope="col" className="py-2 pl-3 text-right">Rate</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {sources.map((s) => (
                <tr key={s.route ?? ''} data-testid="source-row" data-route={s.route ?? ''}>
                  <th scope="row" className="py-2 pr-3 font-mono font-medium text-gray-900 [overflow-wrap:anywhere]">{s.route ?? '(not recorded)'}</th>
                  <td className="px-3 py-2 text-right tabular-nums">{num(s.captured)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{num(s.confirmed)}</td>
                  <td className="py-2 pl-3 text-right font-semibold tabular-nums" data-testid="source-rate">{percent(s.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </WideTable>
      )}
    </section>
  );
}

function ExportButton() {
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const rows = await allSubscribers();
      download(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`, subscribersCsv(rows));
      toast.success('Export ready', { description: `${plural(rows.length, 'address', 'addresses')} in the CSV file, each with its status and consent record.` });
    } catch (e) {
      toast.error('Export failed', { description: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={onExport} disabled={busy} className={`${primaryButton} shrink-0 whitespace-nowrap py-2`}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}

/** What an import did, in words, with the rows it refused. */
function ImportReport({ result }: { result: ImportResult }) {
  return (
    <div role="status" className="mt-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-gray-900" data-testid="import-result">
      <p className="font-bold">Imported {plural(result.rows, 'row')}.</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li><strong data-testid="import-inserted">{num(result.inserted)}</strong> new {result.inserted === 1 ? 'address' : 'addresses'} added, with the status the file gave.</li>
        <li><strong data-testid="import-pending">{num(result.pending)}</strong> of them {result.pending === 1 ? 'is' : 'are'} pending: no consent date, or pending in the file. Each is sent a mail to confirm and gets no newsletter until its owner does.</li>
        <li><strong>{num(result.existing)}</strong> already on the list, left as {result.existing === 1 ? 'it was' : 'they were'}.</li>
        {result.suppressed > 0 && <li><strong>{num(result.suppressed)}</strong> already on the list and now unsubscribed or suppressed, as the file said.</li>}
        <li><strong data-testid="import-refused">{num(result.refused)}</strong> refused.</li>
      </ul>
      {result.refusals.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-violet-700">The refused rows</summary>
          <ul className="mt-1 space-y-0.5">
            {result.refusals.map((r) => (
              <li key={r.row}>Row {r.row}{r.email ? <> (<bdi className="[overflow-wrap:anywhere]">{r.email}</bdi>)</> : null}: {r.reason}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function ImportForm() {
  const revalidator = useRevalidator();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onImport = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setProblem('Choose a CSV file first.');
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      const read = readSubscribersCsv(await chosen.text());
      if (!read.ok) return setProblem(read.problem);
      const answer = await importSubscribers(read.rows);
      setResult(answer);
      revalidator.revalidate();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="list-import" className={`${panel} p-4 sm:p-5`}>
      <h2 id="list-import" className="text-lg font-bold text-gray-900">Import addresses</h2>
      <p className="mt-1 text-sm text-gray-600">
        A CSV with an <code>email</code> column, and optionally <code>status</code>, <code>consented_at</code>, <code>consent_route</code>, <code>consent_form</code> and <code>consent_wording</code> (the columns of the export). Statuses are kept, but an address without a consent date is never imported as confirmed: it is pending and asked to confirm. Addresses already here keep their own record.
      </p>
      <form onSubmit={onImport} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grow">
          <label htmlFor="list-import-file" className="block text-sm font-semibold text-gray-800">CSV file</label>
          <input id="list-import-file" ref={file} type="file" accept=".csv,text/csv" className={`${inputClass} py-2`} />
        </div>
        <button type="submit" disabled={busy} className={`${secondaryButton} py-3`}>{busy ? 'Importing…' : 'Import CSV'}</button>
      </form>
      {problem && <p role="alert" className="mt-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="import-problem">{problem}</p>}
      {result && <ImportReport result={result} />}
    </section>
  );
}

function EraseButton({ email }: { email: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const onErase = async () => {
    setBusy(true);
    try {
      const erased = await eraseSubscriber(email);
      if (erased) toast.success('Address erased', { description: `${email}, its consent record and its links are deleted. The mails it was sent stay counted, without it.` });
      else toast.error('Nothing to erase', { description: `${email} is no longer on the list.` });
      revalidator.revalidate();
    } catch (e) {
      toast.error('The address was not erased', { description: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      danger
      title="Erase this address?"
      action="Erase everything"
      onConfirm={() => void onErase()}
      trigger={
        <button type="button" disabled={busy} className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60" aria-label={`Erase ${email}`}>
          {busy ? 'Erasing…' : 'Erase'}
        </button>
      }
    >
      <p><bdi className="font-semibold [overflow-wrap:anywhere]">{email}</bdi> and its consent record and links are deleted for good.</p>
      <p>The newsletters it was sent stay in the counts, with no address. It cannot be undone: to have it back, its owner signs up again.</p>
    </ConfirmDialog>
  );
}

/** Whose wording a version is: the one the forms show now, an earlier one, or one the database has no text for. */
function wordingNote(version: string, current: readonly string[], known: ReadonlySet<string>): string {
  return current.includes(version) ? 'the current wording' : known.has(version) ? 'an earlier wording' : 'its text is not on record';
}

/** The consent record in one cell: when, where (page and form), and which wording the form showed. */
function Consent({ s, current, known }: { s: Subscriber; current: readonly string[]; known: ReadonlySet<string> }) {
  const muted = 'block text-xs text-gray-600';
  return (
    <>
      {s.consented_at ? <time dateTime={s.consented_at} className="block whitespace-nowrap">{formatDateTime(s.consented_at)}</time> : <span className="block text-gray-500">no consent date</span>}
      <span className={muted}>
        {s.consent_route ? <span className="font-mono [overflow-wrap:anywhere]">{s.consent_route}</span> : 'no page recorded'}
        {s.consent_form ? `, form ${s.consent_form}` : ''}
      </span>
      {s.consent_wording && (
        <span className={muted}>
          wording <code className="font-mono">{s.consent_wording}</code>, {wordingNote(s.consent_wording, current, known)}
        </span>
      )}
    </>
  );
}

function SubscriberRows({ rows, summary, current }: { rows: Subscriber[]; summary: ListSummary; current: readonly string[] }) {
  const known = useMemo(() => new Set(summary.wordings.map((w) => w.version)), [summary.wordings]);
  const th = 'px-3 py-3 font-bold';
  return (
    // relative: the header's screen-reader-only label is positioned inside the scrolling box, not past the page's edge.
    <WideTable label="Subscribers" className={`${panel} relative mt-4`}>
      <table className="w-full text-left text-sm" data-testid="subscribers-table">
        <thead className="border-b border-gray-200 bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
          <tr>
            <th scope="col" className={`${th} pl-4`}>Email</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Consent: when, where, wording</th>
            <th scope="col" className={th}>Confirmed</th>
            <th scope="col" className={`${th} pr-4`}><span className="sr-only">Erase</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {rows.map((s) => (
            <tr key={s.id} data-testid="subscriber-row" data-email={s.email}>
              <td className="min-w-[11rem] break-all py-3 pl-4 pr-3 font-medium text-gray-900"><bdi>{s.email}</bdi>{s.source === 'import' && <span className="block text-xs font-normal text-gray-600">imported</span>}</td>
              <td className="px-3 py-3" data-testid="subscriber-status"><StatusBadge status={s.status} /></td>
              <td className="min-w-[13rem] px-3 py-3 text-gray-700" data-testid="subscriber-consent"><Consent s={s} current={current} known={known} /></td>
              <td className="whitespace-nowrap px-3 py-3 text-gray-700">
                {s.confirmed_at ? <time dateTime={s.confirmed_at}>{formatDateTime(s.confirmed_at)}</time> : <span className="text-gray-500">–</span>}
                {s.unsubscribed_at && <span className="block text-xs text-gray-600">left {formatDateTime(s.unsubscribed_at)}</span>}
              </td>
              <td className="py-3 pl-3 pr-4 text-right"><EraseButton email={s.email} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </WideTable>
  );
}

function Wordings({ wordings }: { wordings: ListSummary['wordings'] }) {
  if (wordings.length === 0) return null;
  return (
    <details className="mt-3 text-sm" data-testid="list-wordings">
      <summary className="cursor-pointer font-semibold text-violet-700">The privacy wordings the forms showed, by version</summary>
      <dl className="mt-2 space-y-2">
        {wordings.map((w) => (
          <div key={w.version}>
            <dt><code className="font-mono text-xs">{w.version}</code> <span className="text-xs text-gray-600">first shown {formatDateTime(w.first_published_at)}</span></dt>
            <dd className="text-gray-800">“{w.wording}”</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function SubscribersScreen() {
  const data = useLoaderData() as SubscribersData | null;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  if (!data) return null;
  const { list, search, status, summary, current } = data;
  const searching = navigation.state === 'loading' && navigation.location?.pathname === '/admin/subscribers';
  const filtered = [search && `matching “${search}”`, status && STATUS_WORDS[status].label.toLowerCase()].filter(Boolean).join(', ');
  const first = summary.days[0];
  const last = summary.days.at(-1);
  return (
    <div className="space-y-6">
      <Counts counts={summary.counts} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Sources sources={summary.sources} />
        <section aria-labelledby="list-days" className={`${panel} p-4 sm:p-5`}>
          <h2 id="list-days" className="text-lg font-bold text-gray-900">Day by day</h2>
          <p className="mt-1 text-sm text-gray-600">{first && last ? `${formatUtcDay(first.day)} – ${formatUtcDay(last.day)} (UTC).` : ''} The same chart is on the insights screen, for any period.</p>
          <div className="mt-3"><ListDailyChart days={summary.days} /></div>
        </section>
      </div>
      <section aria-labelledby="subscribers-heading">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="subscribers-heading" className="text-lg font-bold text-gray-900" data-testid="subscribers-total">
              {filtered ? `${plural(list.total, 'address', 'addresses')} ${filtered}` : plural(list.total, 'address', 'addresses')}
            </h2>
            <p className="text-sm text-gray-600">Each with its consent record: when it was given, on which page and form, and which privacy wording the form showed. No IP address, no browser.</p>
          </div>
          <ExportButton />
        </div>
        <Form method="get" role="search" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grow">
            <label htmlFor="subscriber-search" className="block text-sm font-semibold text-gray-800">Search addresses</label>
            <input id="subscriber-search" name="q" type="search" defaultValue={search} key={search} placeholder="name@example.com" className={inputClass} />
          </div>
          <div className="sm:w-52">
            <label htmlFor="subscriber-status" className="block text-sm font-semibold text-gray-800">Status</label>
            <select id="subscriber-status" name="status" defaultValue={status ?? ''} key={status ?? ''} className={inputClass}>
              <option value="">Every status</option>
              {SUBSCRIBER_STATUSES.map((s) => <option key={s} value={s}>{STATUS_WORDS[s].label}</option>)}
            </select>
          </div>
          <button type="submit" className={`${secondaryButton} py-3`} disabled={searching}>{searching ? 'Searching…' : 'Search'}</button>
        </Form>
        {list.rows.length === 0 ? (
          <p className={`${panel} mt-4 p-6 text-center text-gray-600`}>{filtered ? 'No address matches.' : 'No subscribers yet.'}</p>
        ) : (
          <SubscriberRows rows={list.rows} summary={summary} current={current} />
        )}
        <Wordings wordings={summary.wordings} />
        <Pager page={list.page} pageSize={list.pageSize} total={list.total} params={params} label="Subscriber pages" />
      </section>
      <ImportForm />
    </div>
  );
}
