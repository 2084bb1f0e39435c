// /admin: counts of this week's messages (and those not handled yet), the confirmed subscribers (and
// every address on the list), and the
// previews present or missing, each leading to its screen; and when an hourly limit on visitors'
// messages or addresses was reached this week (visitors over their own were refused; past the site's,
// a proof of work was asked), and any site-wide cap tripped right now, with a way to reopen it
// (site-limits.tsx).
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { loadOverview, type LimitReached, type Overview } from '../backend/admin.ts';
import type { PreviewEntry } from './context.ts';
import { PresenceBadge } from './previews.tsx';
import { SiteLimitsClosed } from './site-limits.tsx';
import { signedInAdmin } from './session.ts';
import { formatDateTime, link, panel } from './ui.ts';

const LIMIT_NAMES: Record<LimitReached['action'], string> = { contact_messages: 'Contact messages', email_captures: 'Starter-kit sign-ups', events: 'Analytics events' };
const SCOPE_NAMES: Record<LimitReached['scope'], string> = {
  site: 'for the whole site',
  client: 'for one visitor',
  client56: 'for one IPv6 network (/56)',
  client48: 'for one IPv6 network (/48)',
};
// Past a visitor's or a network's limit the rest of the hour was refused; past the site's, visitors
// were asked for a proof of work (20251229000100_proof_of_work.sql).
const AFTER: Record<LimitReached['scope'], string> = {
  site: 'after that, every visitor was asked for a proof of work',
  client: 'any more that hour were refused',
  client56: 'any more that hour were refused',
  client48: 'any more that hour were refused',
};

function LimitsReached({ limits }: { limits: LimitReached[] }) {
  return (
    <section aria-labelledby="limits-reached" className={`${panel} p-5`} data-testid="limits-reached">
      <h2 id="limits-reached" className="font-bold text-gray-900">Hourly limits this week</h2>
      {limits.length === 0 ? (
        <p className="mt-1 text-gray-700">No limit was reached: every visitor's message and sign-up was accepted.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-gray-800">
          {limits.map((l) => (
            <li key={`${l.action} ${l.scope} ${l.reachedAt}`} data-testid="limit-reached">
              <strong>{LIMIT_NAMES[l.action]}</strong>: the limit {SCOPE_NAMES[l.scope]} was reached at{' '}
              {formatDateTime(l.reachedAt)}; {l.action === 'events' ? 'after that, events were sampled (the insights for that hour count fewer than came)' : AFTER[l.scope]}.
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function overviewLoader(entries: readonly PreviewEntry[]) {
  return async (): Promise<Overview | null> => ((await signedInAdmin()) ? loadOverview(entries.map((e) => e.path)) : null);
}

function Stat({ label, value, testId, children }: { label: string; value: string; testId: string; children: ReactNode }) {
  return (
    <div className={`${panel} flex flex-col p-5`} data-testid={testId}>
      <p className="text-sm font-semibold uppercase tracking-wide text-gray-600">{label}</p>
      <p className="mt-1 text-4xl font-extrabold text-gray-900">{value}</p>
      <div className="mt-auto pt-3 text-sm">{children}</div>
    </div>
  );
}

export function OverviewScreen() {
  const data = useLoaderData() as Overview | null;
  if (!data) return null;
  const present = data.previews.filter((p) => p.present).length;
  const missing = data.previews.filter((p) => !p.present);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Messages this week" value={data.messagesThisWeek.toLocaleString('en-US')} testId="stat-messages-week">
          <Link to="/admin/messages" className={link}>Read messages</Link>
        </Stat>
        <Stat label="Not handled" value={data.unhandledMessages.toLocaleString('en-US')} testId="stat-messages-unhandled">
          <Link to="/admin/messages?handled=unhandled" className={link}>Answer them</Link>
        </Stat>
        <Stat label="Confirmed subscribers" value={data.confirmed.toLocaleString('en-US')} testId="stat-subscribers">
          <p className="text-gray-600">{data.subscribers.toLocaleString('en-US')} {data.subscribers === 1 ? 'address' : 'addresses'} on the list in all</p>
          <Link to="/admin/subscribers" className={link}>See the list</Link>
        </Stat>
        <Stat label="Previews present" value={`${present} of ${data.previews.length}`} testId="stat-previews">
          <Link to="/admin/previews" className={link}>Check previews</Link>
        </Stat>
      </div>
      <SiteLimitsClosed closed={data.closedNow} />
      <LimitsReached limits={data.limitsReached} />
      {missing.length > 0 && (
        <section aria-labelledby="missing-previews" className="rounded-2xl border border-red-300 bg-red-50 p-5">
          <h2 id="missing-previews" className="font-bold text-red-900">Missing previews</h2>
          <ul className="mt-2 space-y-2">
            {missing.map((p) => (
              <li key={p.path} className="flex flex-wrap items-center gap-3">
                <PresenceBadge present={false} />
                <span className="break-all font-mono text-sm text-gray-900">{p.path}</span>
                <Link to={`/admin/upload?path=${encodeURIComponent(p.path)}`} className={link}>Upload it</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
