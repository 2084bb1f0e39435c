// /admin/newsletters: each published newsletter of this build (its mail is
// dist/newsletters/<slug>/mail.json) with a preview of the mail, a test send to the signed-in admin, and
// the send to the list behind a dialog that names how many will receive it (admin_queue_newsletter's dry
// run). Sending is the Edge Function newsletter-send with the session's token; while the queue drains,
// a progress bar follows public.admin_newsletter_stats, and afterwards each newsletter's figures stay:
// sent, failed, bounced, unsubscribed after.
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import type { NewsletterStats } from '../../model/list/status.ts';
import type { NewsletterEntry } from '../context.tsx';
import { loadNewsletterStats, recipientsOf, sendNewsletter } from '../backend/list-admin.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { formatDateTime, link, panel, plural, primaryButton, secondaryButton } from './ui.ts';
import { num } from './insights-charts.tsx';
import { signedInAdmin } from './session.ts';
import { WideTable } from './wide-table.tsx';

interface NewslettersData {
  stats: NewsletterStats[];
  /** Per published newsletter: how many a send would queue now. */
  recipients: Record<string, number>;
}

/** How often the figures are read while a newsletter is being sent. */
const POLL_MS = 1000;

export function newslettersLoader(newsletters: readonly NewsletterEntry[]) {
  return async (): Promise<NewslettersData | null> => {
    if (!(await signedInAdmin())) return null;
    const [stats, counts] = await Promise.all([loadNewsletterStats(), Promise.all(newsletters.map((n) => recipientsOf(n.slug)))]);
    return { stats, recipients: Object.fromEntries(newsletters.map((n, i) => [n.slug, counts[i] ?? 0])) };
  };
}

/** Done of a send: every delivery that is no longer waiting. */
const doneOf = (s: NewsletterStats) => s.total - s.queued;

function Progress({ stats }: { stats: NewsletterStats }) {
  const fraction = stats.total > 0 ? doneOf(stats) / stats.total : 1;
  return (
    <div className="mt-4" data-testid="send-progress">
      <div className="flex justify-between text-sm font-semibold text-gray-800">
        <span>Sending…</span>
        <span className="tabular-nums">{num(doneOf(stats))} of {num(stats.total)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Sending ${stats.newsletter}`}
        aria-valuemin={0}
        aria-valuemax={stats.total}
        aria-valuenow={doneOf(stats)}
        className="mt-1 h-3 w-full overflow-hidden rounded-full bg-gray-100"
      >
        <div className="h-3 rounded-full bg-gradient-to-r from-violet-600 to-pink-600 transition-[width]" style={{ width: `${Math.round(fraction * 100)}%` }} />
      </div>
    </div>
  );
}

/** The figures of one newsletter, as a person reads them. */
function Figures({ stats }: { stats: NewsletterStats }) {
  const items: [string, number, string][] = [
    ['Sent', stats.sent, 'sent'],
    ['Waiting', stats.queued, 'queued'],
    ['Failed', stats.failed, 'failed'],
    ['Bounced', stats.bounced, 'bounced'],
    ['Complained', stats.complained, 'complained'],
    ['Not sent: left before their turn', stats.skipped, 'skipped'],
    ['Unsubscribed after', stats.unsubscribed_after, 'unsubscribed-after'],
  ];
  return (
    <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4" data-testid="newsletter-figures">
      {items.map(([label, value, key]) => (
        <div key={key} data-testid={`figure-${key}`}>
          <dt className="text-gray-600">{label}</dt>
          <dd className="text-lg font-bold tabular-nums text-gray-900" data-testid="value">{num(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The mail as the build wrote it, with the site's address filled in, in a sandboxed frame (no script, no navigation). */
function Preview({ slug }: { slug: string }) {
  const [mail, setMail] = useState<{ subject: string; preheader: string; html: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`/newsletters/${encodeURIComponent(slug)}/mail.json`)
      .then(async (r) => {
        if (!r.ok) throw new Error(`/newsletters/${slug}/mail.json answered ${r.status}: build the site again.`);
        return (await r.json()) as { subject: string; preheader: string; html: string; text: string };
      })
      .then((m) => live && setMail(m))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [slug]);
  if (error) return <p role="alert" className="mt-3 text-sm text-red-800">The preview could not be loaded: {error}</p>;
  if (!mail) return <p className="mt-3 text-sm text-gray-700">Loading the preview…</p>;
  const origin = window.location.origin;
  // The subscriber's own address is the sender's to fill in; here it leads nowhere.
  const html = mail.html.replaceAll('{{origin}}', origin).replaceAll('{{unsubscribe_url}}', '#').replaceAll('{{confirm_url}}', '#');
  return (
    <div className="mt-4" data-testid="newsletter-preview">
      <p className="text-sm text-gray-700"><span className="font-semibold">Subject:</span> {mail.subject}</p>
      <p className="text-sm text-gray-700"><span className="font-semibold">Preview text:</span> {mail.preheader}</p>
      <iframe title={`The mail of ${slug}`} srcDoc={html} sandbox="" className="mt-2 h-[32rem] w-full rounded-xl border border-gray-300 bg-white" />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-violet-700">The plain-text version</summary>
        <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-xl bg-gray-50 p-3 text-xs text-gray-800">{mail.text.replaceAll('{{origin}}', origin)}</pre>
      </details>
    </div>
  );
}

function NewsletterCard({ entry, stats, recipients, onSent }: { entry: NewsletterEntry; stats?: NewsletterStats; recipients: number; onSent: () => void }) {
  const [previewing, setPreviewing] = useState(false);
  const [busy, setBusy] = useState<'test' | 'send' | null>(null);
  const sending = !!stats && stats.queued > 0;

  const test = async () => {
    setBusy('test');
    try {
      const answer = await sendNewsletter(entry.slug, true);
      toast.success('Test sent', { description: `“${entry.subject}” went to ${answer.to ?? 'your address'} alone.` });
    } catch (e) {
      toast.error('The test was not sent', { description: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    setBusy('send');
    try {
      const answer = await sendNewsletter(entry.slug);
      toast.success('Sending', { description: `${plural(answer.queued ?? 0, 'mail')} queued for “${entry.subject}”.` });
      onSent();
    } catch (e) {
      toast.error('The newsletter was not sent', { description: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <article className={`${panel} p-4 sm:p-6`} data-testid="newsletter" data-slug={entry.slug} aria-labelledby={`newsletter-${entry.slug}`}>
      <h2 id={`newsletter-${entry.slug}`} className="text-xl font-extrabold text-gray-900">{entry.subject}</h2>
      <p className="mt-1 break-all font-mono text-xs text-gray-600">{entry.slug}</p>
      <p className="mt-2 text-sm text-gray-700">
        {stats ? `First sent ${formatDateTime(stats.first_queued_at)}.` : 'Not sent yet.'}{' '}
        <a href={entry.route} className={link} target="_blank" rel="noopener">Its web version</a>
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <button type="button" className={secondaryButton} aria-expanded={previewing} onClick={() => setPreviewing(!previewing)}>
          {previewing ? 'Hide the preview' : 'Preview'}
        </button>
        <button type="button" className={secondaryButton} disabled={busy !== null} onClick={() => void test()}>
          {busy === 'test' ? 'Sending the test…' : 'Send a test to me'}
        </button>
        {recipients > 0 ? (
          <ConfirmDialog
            title={`Send “${entry.subject}”?`}
            action={`Send to ${plural(recipients, 'subscriber')}`}
            onConfirm={() => void send()}
            trigger={<button type="button" className={`${primaryButton} py-2`} disabled={busy !== null || sending}>Send to the list…</button>}
          >
            <p data-testid="send-count">It goes to <strong>{plural(recipients, 'confirmed subscriber')}</strong>{stats ? ' who have not received it yet' : ''}, once each, at the rate set in site.config.yaml.</p>
            <p>Every copy carries a one-click unsubscribe. Sent mail cannot be taken back.</p>
          </ConfirmDialog>
        ) : (
          <p className="self-center text-sm text-gray-700" data-testid="send-count">{!stats ? 'No confirmed subscriber yet: nobody to send it to.' : sending ? 'On its way to every confirmed subscriber.' : 'Every confirmed subscriber has received it.'}</p>
        )}
      </div>
      {sending && <Progress stats={stats} />}
      {stats && <Figures stats={stats} />}
      {previewing && <Preview slug={entry.slug} />}
    </article>
  );
}

/** Every newsletter the list has sent, the welcome mail included: the figures in one table. */
function SentTable({ stats }: { stats: NewsletterStats[] }) {
  if (stats.length === 0) return null;
  const th = 'px-3 py-2 font-bold';
  return (
    <section aria-labelledby="newsletters-sent" className={`${panel} p-4 sm:p-5`}>
      <h2 id="newsletters-sent" className="text-lg font-bold text-gray-900">Everything the list has sent</h2>
      <p className="mt-1 text-sm text-gray-600">The welcome mail goes to each subscriber as they confirm.</p>
      <WideTable label="Newsletters sent" className="mt-3">
        <table className="w-full text-left text-sm" data-testid="newsletters-sent-table">
          <thead className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className={`${th} pl-0`}>Newsletter</th>
              {['Sent', 'Waiting', 'Failed', 'Bounced', 'Complained', 'Unsubscribed after', 'Last queued'].map((h) => <th key={h} scope="col" className={`${th} whitespace-nowrap text-right`}>{h}</th>)}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {stats.map((s) => (
              <tr key={s.newsletter} data-testid="sent-row" data-slug={s.newsletter}>
                <th scope="row" className="min-w-[10rem] py-2 pr-3 font-medium text-gray-900">{s.subject ?? s.newsletter}<span className="block font-mono text-xs font-normal text-gray-600">{s.newsletter}</span></th>
                {[s.sent, s.queued, s.failed, s.bounced, s.complained, s.unsubscribed_after].map((v, i) => <td key={i} className="px-3 py-2 text-right tabular-nums">{num(v)}</td>)}
                <td className="whitespace-nowrap px-3 py-2 text-right text-gray-700">{formatDateTime(s.last_queued_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </WideTable>
    </section>
  );
}

/**
 * Reads the figures again every second while a newsletter is waiting to be sent, and for a few seconds
 * after a send (its deliveries may not be counted at the first read).
 */
function usePolling(stats: readonly NewsletterStats[], atLeastUntil: number) {
  const revalidator = useRevalidator();
  const waiting = stats.some((s) => s.queued > 0);
  useEffect(() => {
    if (!waiting && Date.now() > atLeastUntil) return;
    const timer = setTimeout(() => revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
    // A new answer (a new `stats`) sets the next read.
  }, [stats, waiting, atLeastUntil]);
}

export function NewslettersScreen({ newsletters }: { newsletters: readonly NewsletterEntry[] }) {
  const data = useLoaderData() as NewslettersData | null;
  const [sentAt, setSentAt] = useState(0);
  usePolling(data?.stats ?? [], sentAt + 5 * POLL_MS);
  if (!data) return null;
  const byName = new Map(data.stats.map((s) => [s.newsletter, s]));
  return (
    <div className="space-y-6">
      {newsletters.length === 0 ? (
        <p className={`${panel} p-6 text-gray-700`}>
          No newsletter is published. Write one as <code>newsletters/&lt;slug&gt;.yaml</code> (<code>npm run new -- newsletter &lt;slug&gt;</code> starts one), take out <code>draft: true</code>, and build the site.
        </p>
      ) : (
        newsletters.map((n) => <NewsletterCard key={n.slug} entry={n} stats={byName.get(n.slug)} recipients={data.recipients[n.slug] ?? 0} onSent={() => setSentAt(Date.now())} />)
      )}
      <SentTable stats={data.stats} />
    </div>
  );
}
