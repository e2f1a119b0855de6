import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
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

/** An accessible data table (keyboard navigable grid semantics from react-aria). */
export function DataTable<T extends { id: string | number }>({ label, columns, rows, empty }: DataTableProps<T>) {
  return (
    <div className={styles.wrap}>
      <Table aria-label={label} className={styles.table}>
        <TableHeader columns={columns}>
          {(column) => (
            <Column id={column.id} isRowHeader={column.isRowHeader} className={`${styles.th} ${column.align === 'end' ? styles.end : ''}`}>
              {column.title}
            </Column>
          )}
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => <div className={styles.empty}>{empty}</div>}>
          {(row) => (
            <Row id={row.id} columns={columns} className={styles.row}>
              {(column) => <Cell className={`${styles.td} ${column.align === 'end' ? styles.end : ''}`}>{column.render(row)}</Cell>}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
