import { ScrollArea, Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './card-list.module.css';

export interface CardListColumn<T> {
  key: string;
  /** The column head on wide screens, and the label beside the value on a phone's card. */
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /**
   * The card's heading on a phone: shown first, across the card, without a label (the game,
   * the entry type). A column without a header (an action) also goes without a label.
   */
  heading?: boolean;
}

export interface CardListProps<T> {
  columns: readonly CardListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The table's accessible name (a phone reads the same table, laid out as cards). */
  label: string;
  /** The narrowest the table may get on wide screens before it scrolls sideways. */
  minWidthPx: number;
  striped?: boolean;
  /** Extra rows after the body (totals), laid out like the others. */
  footer?: ReactNode;
}

/**
 * A list of records: a table on wide screens, one card per row on a phone (issue 22). It is one
 * table in both, so screen readers and tests see the same rows and cells; below the `xs`
 * breakpoint the CSS hides the column heads, lays each row out as a card and writes each cell's
 * column head beside its value (`data-label`).
 */
export function CardList<T>(props: CardListProps<T>) {
  const { columns, rows, rowKey, label, minWidthPx, striped = true, footer } = props;
  return (
    <ScrollArea className={classes.scroller}>
      <Table
        striped={striped}
        highlightOnHover
        aria-label={label}
        className={classes.table}
        style={{ '--card-list-min-width': `${minWidthPx}px` } as CSSProperties}
      >
        <Table.Thead className={classes.head}>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} className={classes.card} data-testid="record-card">
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.align}
                  className={classes.cell}
                  data-label={column.heading || !column.header ? undefined : column.header}
                  data-heading={column.heading || undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {footer}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
