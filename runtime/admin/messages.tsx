// /admin/messages: the contact form's messages, newest first, paged; filter by handled; open one to
// read it (?message=<id>), mark it handled or unhandled. Visitors' names, subjects and addresses are
// shown inside <bdi> (the message body with dir="auto"): a right-to-left override in a sender's name
// must not reorder the text around it.
import { useEffect } from 'react';
import { Link, useFetcher, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { getMessage, listMessages, setMessageHandled, type AdminMessage, type HandledFilter, type Paged } from '../backend/admin.ts';
import { Pager, pageParam } from './layout.tsx';
import { signedInAdmin } from './session.ts';
import { formatDateTime, link, panel, plural, primaryButton, secondaryButton } from './ui.ts';

const PAGE_SIZE = 20;
const FILTERS: { value: HandledFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unhandled', label: 'Not handled' },
  { value: 'handled', label: 'Handled' },
];

interface MessagesData {
  list: Paged<AdminMessage>;
  open: AdminMessage | null;
  filter: HandledFilter;
}

const filterParam = (params: URLSearchParams): HandledFilter => {
  const v = params.get('handled');
  return v === 'handled' || v === 'unhandled' ? v : 'all';
};

export async function messagesLoader({ request }: LoaderFunctionArgs): Promise<MessagesData | null> {
  if (!(await signedInAdmin())) return null;
  const params = new URL(request.url).searchParams;
  const filter = filterParam(params);
  const id = Number(params.get('message'));
  const [list, open] = await Promise.all([
    listMessages({ page: pageParam(params), pageSize: PAGE_SIZE, handled: filter }),
    Number.isInteger(id) && id > 0 ? getMessage(id) : Promise.resolve(null),
  ]);
  return { list, open, filter };
}

export async function messagesAction({ request }: ActionFunctionArgs): Promise<{ ok: boolean }> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const handled = form.get('intent') === 'handled';
  try {
    await setMessageHandled(id, handled);
    toast.success(handled ? 'Marked as handled' : 'Marked as not handled');
    return { ok: true };
  } catch (e) {
    toast.error('The message was not changed', { description: e instanceof Error ? e.message : String(e) });
    return { ok: false };
  }
}

function HandledBadge({ handledAt }: { handledAt: string | null }) {
  return handledAt ? (
    <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-emerald-900">Handled</span>
  ) : (
    <span className="inline-block rounded-full bg-pink-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-pink-900">New</span>
  );
}

function HandledToggle({ message }: { message: AdminMessage }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const busy = fetcher.state !== 'idle';
  // Shown as it will be while the change is on its way.
  const handled = busy ? fetcher.formData?.get('intent') === 'handled' : message.handled_at !== null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={message.id} />
      <input type="hidden" name="intent" value={handled ? 'unhandled' : 'handled'} />
      <button type="submit" disabled={busy} className={handled ? secondaryButton : `${primaryButton} py-2`}>
        {handled ? 'Mark as not handled' : 'Mark as handled'}
      </button>
    </fetcher.Form>
  );
}

function Reader({ message, closeTo }: { message: AdminMessage; closeTo: string }) {
  const heading = `message-${message.id}-subject`;
  useEffect(() => {
    document.getElementById(heading)?.focus();
  }, [heading]);
  const reply = `${mailto(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <article aria-labelledby={heading} className={`${panel} p-5 sm:p-6`} data-testid="message-reader">
      <div className="flex items-start justify-between gap-4">
        <h2 id={heading} tabIndex={-1} className="min-w-0 break-words text-xl font-extrabold text-gray-900 focus:outline-none"><bdi>{message.subject}</bdi></h2>
        <Link to={closeTo} className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-gray-600 hover:bg-gray-100" aria-label="Close the message">Close</Link>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-gray-600">From</dt>
        <dd className="min-w-0 break-words text-gray-900">
          <bdi>{message.first_name}</bdi> <bdi>{message.last_name}</bdi> &lt;<a href={mailto(message.email)} className={link}><bdi>{message.email}</bdi></a>&gt;
        </dd>
        <dt className="font-semibold text-gray-600">Received</dt>
        <dd className="text-gray-900"><time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time></dd>
        <dt className="font-semibold text-gray-600">Status</dt>
        <dd className="text-gray-900" data-testid="message-status">
          <HandledBadge handledAt={message.handled_at} />
          {message.handled_at && <span className="ml-2 text-gray-700">on <time dateTime={message.handled_at}>{formatDateTime(message.handled_at)}</time></span>}
        </dd>
      </dl>
      <p dir="auto" className="mt-4 whitespace-pre-wrap break-words rounded-xl bg-gray-50 p-4 text-gray-900">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <HandledToggle message={message} />
        <a href={reply} className={secondaryButton}>Reply by email</a>
      </div>
    </article>
  );
}

export function MessagesScreen() {
  const data = useLoaderData() as MessagesData | null;
  const [params] = useSearchParams();
  if (!data) return null;
  const { list, open, filter } = data;
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return q ? `?${q}` : '?';
  };
  const closeTo = withParams({ message: null });
  const requested = params.get('message');
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="min-w-0 lg:order-2 lg:col-span-2">
        {open ? (
          <div className="lg:sticky lg:top-24"><Reader key={open.id} message={open} closeTo={closeTo} /></div>
        ) : requested ? (
          <p className={`${panel} p-5 text-gray-700`}>That message does not exist. <Link to={closeTo} className={link}>Back to the list</Link></p>
        ) : (
          <p className={`${panel} hidden p-5 text-gray-600 lg:block`}>Choose a message to read it.</p>
        )}
      </div>
      <section aria-labelledby="messages-list-heading" className="min-w-0 lg:order-1 lg:col-span-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="messages-list-heading" className="text-lg font-bold text-gray-900" data-testid="messages-total">{plural(list.total, 'message')}</h2>
          <nav aria-label="Filter messages" className="flex gap-1 rounded-xl bg-gray-100 p-1">
            {FILTERS.map((f) => (
              <Link
                key={f.value}
                to={withParams({ handled: f.value === 'all' ? null : f.value, page: null, message: null })}
                aria-current={filter === f.value ? 'page' : undefined}
                className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${filter === f.value ? 'bg-white text-violet-800 shadow' : 'text-gray-700 hover:text-gray-900'}`}
              >
                {f.label}
              </Link>
            ))}
          </nav>
        </div>
        {list.rows.length === 0 ? (
          <p className={`${panel} mt-4 p-6 text-center text-gray-600`}>{filter === 'all' ? 'No messages yet.' : 'No messages here.'}</p>
        ) : (
          <ul className={`${panel} mt-4 divide-y divide-gray-200 overflow-hidden`} data-testid="messages-list">
            {list.rows.map((m) => (
              <li key={m.id}>
                <Link
                  to={withParams({ message: String(m.id) })}
                  aria-current={open?.id === m.id ? 'true' : undefined}
                  className={`block px-4 py-3 hover:bg-violet-50 sm:px-5 ${open?.id === m.id ? 'bg-violet-50' : ''}`}
                  data-testid="message-row"
                >
                  <div className="flex items-baseline justify-between gap-3">
                    <p className={`min-w-0 truncate text-gray-900 ${m.handled_at ? 'font-medium' : 'font-bold'}`}><bdi>{m.subject}</bdi></p>
                    <HandledBadge handledAt={m.handled_at} />
                  </div>
                  <p className="mt-0.5 truncate text-sm text-gray-700"><bdi>{m.first_name}</bdi> <bdi>{m.last_name}</bdi> · <bdi>{m.email}</bdi></p>
                  <p className="mt-0.5 text-xs text-gray-600"><time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time></p>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pager page={list.page} pageSize={list.pageSize} total={list.total} params={params} label="Message pages" />
      </section>
    </div>
  );
}

/**
 * A mailto: address for a stored e-mail address, its local part percent-encoded (RFC 6068): a valid
 * address such as `x?bcc=a%40b.example@c.example` must not add headers or recipients to the reply.
 */
export function mailto(email: string): string {
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${email.slice(at + 1)}`;
}
