// The money on /admin/insights (issue 41): orders, revenue and refunds from the checkout's verified
// webhooks, per platform page and bundle (beside their buy clicks), then per product, page, call to
// action, campaign, referrer, experiment version and funnel, each currency apart, with the orders no
// buy click claims in an "Unattributed" row; first, the checkout webhook's latest deliveries and its
// warnings (checkout-deliveries.tsx). The arithmetic is insights-sales-maths.ts's.
import { useMemo, type ReactNode } from 'react';
import type { CurrencyFigures } from '../../model/sales/figures.ts';
import { CheckoutDeliveries } from './checkout-deliveries.tsx';
import { num } from './insights-charts.tsx';
import { WideTable } from './wide-table.tsx';
import { share } from './insights-maths.ts';
import { formatMoney, salesCsvTables, type MoneyCard, type MoneyTable, type SalesView } from './insights-sales-maths.ts';
import { useScreenTables } from './screen-tables.tsx';
import { panel } from './ui.ts';

const h3 = 'font-bold text-gray-900';

function MoneyFigures({ m }: { m: CurrencyFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm" data-testid="sales-money" data-currency={m.currency}>
      <dt className="text-gray-600">Orders</dt><dd className="text-right tabular-nums font-semibold text-gray-900" data-testid="sales-orders">{num(m.orders)}</dd>
      <dt className="text-gray-600">Net revenue</dt><dd className="text-right tabular-nums font-semibold text-gray-900" data-testid="sales-net">{formatMoney(m.netMinor, m.currency)}</dd>
      <dt className="text-gray-600">Refunded</dt>
      <dd className="text-right tabular-nums text-gray-900" data-testid="sales-refunded">{formatMoney(m.refundedMinor, m.currency)}{m.refundedOrders > 0 && <span className="block text-xs text-gray-600">{m.refundedOrders} {m.refundedOrders === 1 ? 'order' : 'orders'}</span>}</dd>
      <dt className="text-gray-600">Before refunds</dt><dd className="text-right tabular-nums text-gray-700" data-testid="sales-gross">{formatMoney(m.grossMinor, m.currency)}</dd>
    </dl>
  );
}

/**
 * Orders and buy clicks as shares of the visitors: only orders from counted visitors (their buy click
 * followed a view of the page that day) are divided by them; the others are their own line, so a sale
 * from a visitor who was never counted cannot make the share pass 100%.
 */
function Rates({ visitors, orders, buyers, uncounted }: { visitors: number; orders: number; buyers: number; uncounted: number }) {
  return (
    <div className="text-sm text-gray-700" data-testid="sales-rates">
      <p>
        <strong className="tabular-nums text-gray-900" data-testid="sales-orders-per-visitor">{share(orders, visitors)}</strong> of visitors ordered
        <span className="text-gray-500"> · </span>
        <span className="tabular-nums" data-testid="sales-buyers-per-visitor">{share(buyers, visitors)}</span> clicked buy
        {visitors === 0 && <span className="text-gray-600"> (no visitor counted)</span>}
      </p>
      {uncounted > 0 && (
        <p className="mt-1 text-gray-600" data-testid="sales-uncounted">
          {num(uncounted)} {uncounted === 1 ? 'order' : 'orders'} from visitors not counted (no script, a blocker, a bot, or a buy click without a view of its page), in no share above
        </p>
      )}
    </div>
  );
}

function Card({ c }: { c: MoneyCard }) {
  return (
    <li className={`rounded-xl border p-4 ${c.bundle ? 'border-violet-300 bg-violet-50' : 'border-gray-200'}`} data-testid="sales-card" data-route={c.route} data-product={c.product}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className={h3}>{c.title}</h3>
        {c.bundle && <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-bold text-white">Bundle</span>}
      </div>
      <p className="break-all font-mono text-xs text-gray-600">{c.route}</p>
      <div className="mt-3 space-y-3">
        {c.money.length === 0 ? <p className="text-sm text-gray-600" data-testid="sales-none">No order in this period.</p> : c.money.map((m) => <MoneyFigures key={m.currency} m={m} />)}
        <Rates visitors={c.visitors} orders={c.countedOrders} buyers={c.buyers} uncounted={c.uncountedOrders} />
      </div>
    </li>
  );
}

/**
 * One money table. Header and numbers share one column and one padding, right-aligned, and the table is
 * as wide as its content: at 390 px a fixed layout squeezed "REFUNDED" past its column's edge, beside its
 * numbers rather than over them. A table wider than the phone scrolls sideways in its panel (WideTable).
 */
function Table({ t }: { t: MoneyTable }) {
  if (t.rows.length === 0) return null;
  const cell = 'whitespace-nowrap py-2 pl-3 text-right align-top tabular-nums';
  return (
    <div data-testid={`sales-table-${t.id}`} className="min-w-0">
      <h3 className={h3}>{t.title}</h3>
      <WideTable label={`Orders and revenue ${t.title.toLowerCase()}`} className="mt-2">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Orders and revenue {t.title.toLowerCase()}</caption>
          <thead className="border-b border-gray-200 text-xs uppercase text-gray-600 sm:tracking-wide">
            <tr>
              <th scope="col" className="py-2 pr-2 font-bold">{t.subject}</th>
              <th scope="col" className={`${cell} font-bold`}>Orders</th>
              <th scope="col" className={`${cell} font-bold`}>Net</th>
              <th scope="col" className={`${cell} font-bold`}>Refunded</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {t.rows.map((r) => (
              <tr key={r.key} data-testid="sales-row" data-unattributed={r.unattributed || undefined} className={r.unattributed ? 'bg-amber-50' : undefined}>
                <th scope="row" className="min-w-[8rem] py-2 pr-2 align-top font-medium text-gray-900">
                  <span className="break-words">{r.label}</span>
                  {r.detail && <span className="block break-words text-xs font-normal text-gray-600">{r.detail}</span>}
                </th>
                <td className={cell} data-testid="sales-orders">{num(r.orders)}</td>
                <td className={`${cell} font-semibold`} data-testid="sales-net">{formatMoney(r.netMinor, r.currency)}</td>
                <td className={cell} data-testid="sales-refunded">{formatMoney(r.refundedMinor, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </WideTable>
    </div>
  );
}

export function SalesSection({ sales, children }: { sales: SalesView | undefined; children?: ReactNode }) {
  // The money's tables join the screen's CSV export, after the clicks'.
  useScreenTables('sales', useMemo(() => (sales ? salesCsvTables(sales) : []), [sales]));
  if (!sales) return null;
  return (
    <section aria-labelledby="insights-sales" className={`${panel} p-4 sm:p-5`} data-testid="insights-sales">
      <h2 id="insights-sales" className="text-lg font-bold text-gray-900">Sales</h2>
      <p className="mt-1 text-sm text-gray-600" data-testid="insights-sales-source">
        Revenue and orders come only from the checkout's verified webhooks: events your payment provider signed, never figures a browser sent. Refunds are subtracted from the net. Buy clicks are clicks: a visitor pressed buy, which is not a sale. Each currency is shown apart.
      </p>
      <CheckoutDeliveries />
      {children}
      <div className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="sales-totals">
        {sales.totals.length === 0 ? (
          <p className="text-sm text-gray-700">No order in this period.</p>
        ) : (
          sales.totals.map((m) => (
            <div key={m.currency} className="rounded-xl border border-gray-200 p-4">
              <h3 className={h3}>All orders, {m.currency}</h3>
              <div className="mt-2"><MoneyFigures m={m} /></div>
            </div>
          ))
        )}
      </div>
      <div className="mt-3"><Rates visitors={sales.visitors} orders={sales.countedOrders} buyers={sales.buyers} uncounted={sales.uncountedOrders} /></div>
      <h3 className={`${h3} mt-6`}>Sales per platform page and the bundle</h3>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {sales.cards.map((c) => <Card key={c.product} c={c} />)}
      </ul>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {sales.tables.map((t) => <Table key={t.id} t={t} />)}
      </div>
    </section>
  );
}
