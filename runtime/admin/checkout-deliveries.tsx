// The checkout webhook's deliveries in the Sales panel of /admin/insights (issue 49): a warning when
// the last one was refused or when buy clicks keep coming with no order (checkout-deliveries-maths.ts),
// then the latest deliveries with what the webhook made of each. Not tied to the screen's period: it
// is about now. Loaded on its own, so the money above never waits for it; a database without the
// migration shows nothing here.
import { useEffect, useState } from 'react';
import { AdminDataError } from '../backend/admin.ts';
import type { CheckoutDeliveries as Deliveries, CheckoutDelivery, DeliveryOutcome } from '../../model/sales/delivery.ts';
import { loadCheckoutDeliveries } from '../backend/checkout-deliveries.ts';
import { backendUrl } from '../backend/client.ts';
import { ago, deliveryWarnings, providerName } from './checkout-deliveries-maths.ts';
import { formatDateTime } from './ui.ts';

/** PostgREST's "no such function" and PostgreSQL's. */
const MISSING_FUNCTION = new Set(['PGRST202', '42883']);

const OUTCOMES: Record<DeliveryOutcome, { label: string; className: string }> = {
  counted: { label: 'Counted', className: 'bg-emerald-100 text-emerald-900' },
  replay: { label: 'Replay', className: 'bg-gray-100 text-gray-800' },
  ignored: { label: 'Ignored', className: 'bg-gray-100 text-gray-800' },
  refused: { label: 'Refused', className: 'bg-red-100 text-red-900' },
};

type State = { state: 'loading' } | { state: 'ready'; data: Deliveries; now: number } | { state: 'failed'; message: string } | { state: 'missing' };

function webhookAddress(): string | undefined {
  try {
    return `${backendUrl()}/functions/v1/checkout-webhook`;
  } catch {
    return undefined;
  }
}

function Delivery({ d }: { d: CheckoutDelivery }) {
  const outcome = OUTCOMES[d.outcome];
  return (
    <li className="py-2" data-testid="delivery" data-outcome={d.outcome}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${outcome.className}`} data-testid="delivery-outcome">
          {outcome.label}{d.outcome === 'refused' ? ` (${d.status})` : ''}
        </span>
        <time dateTime={d.at} className="tabular-nums text-gray-700">{formatDateTime(d.at)}</time>
        <span className="text-gray-900">{providerName(d.provider)}{d.type ? ` · ${d.type}` : ''}</span>
      </div>
      {(d.eventId || d.orderId) && (
        <p className="mt-0.5 break-all font-mono text-xs text-gray-600">
          {d.eventId && <>event {d.eventId}</>}{d.eventId && d.orderId ? ' · ' : ''}{d.orderId && <>order {d.orderId}</>}
        </p>
      )}
      {d.reason && <p className="mt-0.5 break-words text-sm text-gray-800" data-testid="delivery-reason">{d.reason}</p>}
    </li>
  );
}

export function CheckoutDeliveries() {
  const [s, setState] = useState<State>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    loadCheckoutDeliveries(5).then(
      (data) => live && setState({ state: 'ready', data, now: Date.now() }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof AdminDataError && e.code && MISSING_FUNCTION.has(e.code)) setState({ state: 'missing' });
        else setState({ state: 'failed', message: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => void (live = false);
  }, []);
  if (s.state === 'missing') return null;
  if (s.state === 'loading') return <p className="mt-3 text-sm text-gray-600" data-testid="checkout-deliveries-loading">Loading the checkout webhook's deliveries…</p>;
  if (s.state === 'failed') {
    return <p role="alert" className="mt-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="checkout-deliveries-error">Could not load the checkout webhook's deliveries: {s.message}</p>;
  }
  const { data, now } = s;
  const warnings = deliveryWarnings(data, now);
  const c = data.clicks;
  const address = webhookAddress();
  return (
    <div className="mt-4 space-y-3" data-testid="checkout-deliveries">
      {warnings.map((w) => (
        <div key={w.kind} role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-red-950" data-testid="deliveries-warning" data-kind={w.kind}>
          <p className="font-bold">{w.title}</p>
          <p className="mt-1 text-sm">{w.text}</p>
        </div>
      ))}
      <div className="rounded-xl border border-gray-200 p-4">
        <h3 className="font-bold text-gray-900">The checkout webhook's latest deliveries</h3>
        <p className="mt-1 text-sm text-gray-700" data-testid="clicks-since-order">
          {c.lastOrderAt ? <>Last order {ago(c.lastOrderAt, now)}; </> : <>No order yet; </>}
          <strong className="tabular-nums" data-testid="clicks-since">{c.clicksSince}</strong> buy {c.clicksSince === 1 ? 'click' : 'clicks'} since.
          {c.lastOrderAt && (
            <> Before it, <span className="tabular-nums" data-testid="orders-before">{c.ordersBefore}</span> of <span className="tabular-nums" data-testid="clicks-before">{c.clicksBefore}</span> buy clicks became orders.</>
          )}
        </p>
        {data.deliveries.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700" data-testid="deliveries-none">
            No delivery yet. Your payment provider sends its events to {address ? <code className="break-all rounded bg-gray-100 px-1 font-mono text-xs">{address}</code> : 'the checkout-webhook function'}; each one shows here with what the webhook made of it.
          </p>
        ) : (
          <ol className="mt-2 divide-y divide-gray-100" aria-label="Latest deliveries, newest first">
            {data.deliveries.map((d, i) => <Delivery key={`${d.at}-${i}`} d={d} />)}
          </ol>
        )}
      </div>
    </div>
  );
}
