// /admin/subscribers: the starter-kit list, newest first, paged, with the total and a search by
// address; 'Export CSV' downloads every address with its source and date.
import { useState } from 'react';
import { Form, useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { allSubscribers, listSubscribers, type Paged, type Subscriber } from '../backend/admin.ts';
import { subscribersCsv } from './csv.ts';
import { download } from './download.ts';
import { Pager, pageParam } from './layout.tsx';
import { signedInAdmin } from './session.ts';
import { formatDateTime, inputClass, panel, plural, primaryButton, secondaryButton } from './ui.ts';

const PAGE_SIZE = 25;

interface SubscribersData {
  list: Paged<Subscriber>;
  search: string;
}

export async function subscribersLoader({ request }: LoaderFunctionArgs): Promise<SubscribersData | null> {
  if (!(await signedInAdmin())) return null;
  const params = new URL(request.url).searchParams;
  const search = (params.get('q') ?? '').trim();
  return { list: await listSubscribers({ page: pageParam(params), pageSize: PAGE_SIZE, search }), search };
}

function ExportButton() {
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const rows = await allSubscribers();
      download(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`, subscribersCsv(rows));
      toast.success('Export ready', { description: `${plural(rows.length, 'address', 'addresses')} in the CSV file.` });
    } catch (e) {
      toast.error('Export failed', { description: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={onExport} disabled={busy} className={`${primaryButton} py-2`}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}

export function SubscribersScreen() {
  const data = useLoaderData() as SubscribersData | null;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  if (!data) return null;
  const { list, search } = data;
  const searching = navigation.state === 'loading' && navigation.location?.pathname === '/admin/subscribers';
  return (
    <section aria-labelledby="subscribers-heading">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="subscribers-heading" className="text-lg font-bold text-gray-900" data-testid="subscribers-total">
            {search ? `${plural(list.total, 'subscriber')} matching “${search}”` : plural(list.total, 'subscriber')}
          </h2>
          <p className="text-sm text-gray-600">Addresses given for the free starter kit.</p>
        </div>
        <ExportButton />
      </div>
      <Form method="get" role="search" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grow">
          <label htmlFor="subscriber-search" className="block text-sm font-semibold text-gray-800">Search addresses</label>
          <input id="subscriber-search" name="q" type="search" defaultValue={search} key={search} placeholder="name@example.com" className={inputClass} />
        </div>
        <button type="submit" className={`${secondaryButton} py-3`} disabled={searching}>{searching ? 'Searching…' : 'Search'}</button>
      </Form>
      {list.rows.length === 0 ? (
        <p className={`${panel} mt-4 p-6 text-center text-gray-600`}>{search ? 'No address matches.' : 'No subscribers yet.'}</p>
      ) : (
        <div className={`${panel} mt-4 overflow-x-auto`}>
          <table className="w-full text-left text-sm" data-testid="subscribers-table">
            <thead className="border-b border-gray-200 bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-bold">Email</th>
                <th scope="col" className="px-4 py-3 font-bold">Source</th>
                <th scope="col" className="px-4 py-3 font-bold">Subscribed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {list.rows.map((s) => (
                <tr key={s.id}>
                  <td className="break-all px-4 py-3 font-medium text-gray-900"><bdi>{s.email}</bdi></td>
                  <td className="px-4 py-3 text-gray-700">{s.source === 'starter_kit' ? 'Starter kit' : s.source}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-gray-700"><time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} params={params} label="Subscriber pages" />
    </section>
  );
}
