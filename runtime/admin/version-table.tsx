// An experiment's versions in a table, one row each: its name, then its figures right-aligned. The
// experiments section shows two: the figures on the goal (experiments.tsx) and, on a money goal, the
// money (experiment-money.tsx). It scrolls sideways on a phone, and says so (wide-table.tsx).
import type { ReactNode } from 'react';
import { WideTable } from './wide-table.tsx';

export interface VersionColumn<A> {
  label: string;
  cell: (arm: A) => ReactNode;
  /** Set on each of the column's cells, for the tests. */
  testId?: string;
  /** Set on the column's header, for the tests. */
  headerTestId?: string;
  /** A figure with its interval beside it stays on one line. */
  nowrap?: boolean;
}

export function VersionTable<A extends { arm: string }>({ label, arms, columns, rowTestId, name = (a) => a.arm, className, tableClassName = 'w-full text-left text-sm' }: {
  /** What the table holds, said when it scrolls. */
  label: string;
  arms: readonly A[];
  columns: readonly VersionColumn<A>[];
  rowTestId: string;
  /** The version's name as the row shows it. */
  name?: (arm: A) => ReactNode;
  className?: string;
  tableClassName?: string;
}) {
  // The last column ends the row: no padding on its right.
  const edge = (i: number) => (i < columns.length - 1 ? 'pr-3' : '');
  return (
    <WideTable className={className} label={label}>
      <table className={tableClassName}>
        <thead>
          <tr className="border-b border-gray-200 text-gray-600">
            <th scope="col" className="py-2 pr-3">Version</th>
            {columns.map((c, i) => <th key={c.label} scope="col" className={`py-2 ${edge(i)} text-right`} data-testid={c.headerTestId}>{c.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {arms.map((a) => (
            <tr key={a.arm} className="border-b border-gray-100" data-testid={rowTestId} data-arm={a.arm}>
              <th scope="row" className="py-2 pr-3 font-semibold text-gray-900">{name(a)}</th>
              {columns.map((c, i) => (
                <td key={c.label} className={`${c.nowrap ? 'whitespace-nowrap ' : ''}py-2 ${edge(i)} text-right tabular-nums`} data-testid={c.testId}>
                  {c.cell(a)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </WideTable>
  );
}
