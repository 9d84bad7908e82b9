import type { ReactNode } from 'react';

/** One column of a {@link DataTable}: its heading, and what each row shows under it. */
export type DataColumn<Row> = {
  /** The heading; also the column's key, so unique within a table. */
  header: string;
  /** Heard but not seen (an Actions column's heading). */
  hideHeader?: boolean;
  /** Figures: the heading and cells are right-aligned. */
  align?: 'right';
  /** More classes for each cell (`td`). */
  className?: string;
  cell: (row: Row) => ReactNode;
};

type DataTableProps<Row extends { _id: string }> = {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  /** The table's own classes, e.g. `table table-sm`. */
  tableClassName: string;
  /** More classes for the bordered, scrolling box around it (e.g. when to hide it). */
  className?: string;
};

function cellClass<Row>(column: DataColumn<Row>): string | undefined {
  const classes = [column.className, column.align === 'right' ? 'text-right' : null].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** A table of records, one row each (keyed by `_id`), in a bordered box that scrolls sideways on narrow screens. */
export function DataTable<Row extends { _id: string }>({ rows, columns, tableClassName, className }: DataTableProps<Row>) {
  return (
    <div className={`overflow-x-auto rounded-box border border-base-300 bg-base-100${className ? ` ${className}` : ''}`}>
      <table className={tableClassName}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.align === 'right' ? 'text-right' : undefined}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              {columns.map((column) => (
                <td key={column.header} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
