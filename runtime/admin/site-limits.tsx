// /admin's circuit breaker: once a site-wide hourly cap has tripped this hour, the contact form or the
// starter-kit sign-up asks every visitor's browser for a proof of work (about a second; a script pays
// it for every message) instead of closing. Each visitor, and each IPv6 network, is limited on its own
// first, so it trips only when many clients send at once; the owner sees it here and may reopen it for
// the rest of the hour, so no proof is asked (the database allows that to an admin at aal2 only).
import { useFetcher, type ActionFunctionArgs } from 'react-router-dom';
import { reopenSiteLimit, type SiteLimitClosed } from '../backend/admin.ts';
import { toast } from '../client/toast.ts';
import { formatDateTime, primaryButton } from './ui.ts';

const NAMES: Record<SiteLimitClosed['action'], string> = { contact_messages: 'The contact form', email_captures: 'The starter-kit sign-up' };

export async function reopenAction({ request }: ActionFunctionArgs): Promise<{ ok: boolean }> {
  const action = (await request.formData()).get('action');
  if (action !== 'contact_messages' && action !== 'email_captures') return { ok: false };
  try {
    await reopenSiteLimit(action);
    toast.success(`${NAMES[action]} is open again`);
    return { ok: true };
  } catch (e) {
    toast.error('Nothing was reopened', { description: e instanceof Error ? e.message : String(e) });
    return { ok: false };
  }
}

function Reopen({ closed }: { closed: SiteLimitClosed }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  return (
    <li className="flex flex-wrap items-center gap-3" data-testid="site-limit-closed">
      <span className="text-red-900">
        <strong>{NAMES[closed.action]}</strong> asks every visitor for a proof of work since {formatDateTime(closed.closedAt)}: the
        limit for the whole site was reached this hour. Browsers pass it in about a second; scripts pay it for every message.
      </span>
      <fetcher.Form method="post">
        <input type="hidden" name="action" value={closed.action} />
        <button type="submit" disabled={fetcher.state !== 'idle'} className={`${primaryButton} py-2`}>Reopen for this hour</button>
      </fetcher.Form>
    </li>
  );
}

export function SiteLimitsClosed({ closed }: { closed: SiteLimitClosed[] }) {
  if (closed.length === 0) return null;
  return (
    <section aria-labelledby="site-limits-closed" className="rounded-2xl border border-red-300 bg-red-50 p-5">
      <h2 id="site-limits-closed" className="font-bold text-red-900">Busy now: a proof of work is asked</h2>
      <ul className="mt-2 space-y-2">
        {closed.map((c) => (
          <Reopen key={c.action} closed={c} />
        ))}
      </ul>
    </section>
  );
}
