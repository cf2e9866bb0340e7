import type { ReactNode } from 'react';

export interface DataColumn {
  label: string;
  /** A money column: right-aligned, as its cells are. */
  amount?: boolean;
}

/**
 * A scrollable data table with its caption for screen readers and one header row;
 * the rows are the children.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: readonly DataColumn[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.amount ? 'data-table__amount' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
