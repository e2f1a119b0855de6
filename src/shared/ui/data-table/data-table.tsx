import styles from './data-table.module.css';

export interface DataColumn<T> {
  id: string;
  title: string;
  render: (row: T) => React.ReactNode;
  align?: 'start' | 'end';
  isRowHeader?: boolean;
}

export interface DataTableProps<T extends { id: string | number }> {
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  /** Shown in the table body when there are no rows. */
  empty: React.ReactNode;
}

/**
 * A data table as HTML means it: `<table>` with column headers and row headers, named by
 * `label`. Screen readers' table navigation works on it, and the buttons in its cells are in the
 * page's tab order like any other (a grid's arrow-key model would hide them behind a mode).
 * Large lists (history) are virtualised by their own component.
 */
export function DataTable<T extends { id: string | number }>({ label, columns, rows, empty }: DataTableProps<T>) {
  return (
    <div className={styles.wrap}>
      <table aria-label={label} className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={`${styles.th} ${column.align === 'end' ? styles.end : ''}`}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className={styles.row}>
              <td colSpan={columns.length} className={styles.td}>
                <div className={styles.empty}>{empty}</div>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={styles.row}>
                {columns.map((column) => {
                  const className = `${styles.td} ${column.align === 'end' ? styles.end : ''}`;
                  return column.isRowHeader ? (
                    <th key={column.id} scope="row" className={`${className} ${styles.rowHeader}`}>
                      {column.render(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={className}>
                      {column.render(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
