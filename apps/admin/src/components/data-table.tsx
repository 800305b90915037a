import { ADMIN_CSV_EXPORT_ROWS_MAX, type CursorPage } from '@app/contract/client';
import { Alert, Anchor, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { formatAmount } from '../lib/format';

/**
 * One column of a `DataTable`. Give `cell` for any content, or `amount` for money: the value
 * right-aligned with two decimals and its currency (the merchant's, carried by the row).
 */
export interface DataTableColumn<T> {
  /** Stable id of the column; the sort key when `sortable`. */
  key: string;
  header: ReactNode;
  cell?: (row: T) => ReactNode;
  amount?: { value: (row: T) => number; currency: (row: T) => string };
  align?: 'left' | 'right';
  /** Only for columns the server can order by: the header becomes a toggle. */
  sortable?: boolean;
  /** `data-testid` of each of its cells. */
  testId?: string;
}

/** The server's order when the list offers a choice (`column key`, direction). */
export interface DataTableSort {
  key: string;
  direction: 'asc' | 'desc';
}

/**
 * The console's one paged table (issue 17). Props, all but the first four optional:
 * - `columns`, `rowKey`: what each row shows and its React key;
 * - `queryKey`: the list and its filters; a change starts again at the first page;
 * - `fetchPage(cursor, signal)`: one page from the server (`cursor` undefined for the first);
 *   an unpaged or offset-paged list adapts to it (answer `nextCursor: null`, or the next page
 *   number as text);
 * - `rowProps(row)`: extra attributes of the row (`data-testid`...);
 * - `sort`, `onSortChange`: the order, for lists whose server sorts;
 * - `exportHref`: the list's CSV export with the same filters (shows "Export CSV");
 * - `emptyText`, `emptyTestId`, `minWidth`, `testId`, `nextTestId`, `previousLabel`, `nextLabel`.
 * Paging is by cursor: "Next" asks for the page after the last row, "Previous" goes back
 * through the cursors already seen.
 */
export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string | number;
  queryKey: readonly unknown[];
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>;
  rowProps?: (row: T) => Record<string, string>;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  exportHref?: string;
  emptyText?: ReactNode;
  emptyTestId?: string;
  minWidth?: number;
  testId?: string;
  nextTestId?: string;
  previousLabel?: ReactNode;
  nextLabel?: ReactNode;
}

/** A path with the defined values of `query` as its query string (for `exportHref`). */
export function withQuery(path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

function HeaderCell<T>({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<T>;
  sort: DataTableSort | undefined;
  onSortChange: ((sort: DataTableSort) => void) | undefined;
}) {
  const align = column.align ?? (column.amount ? 'right' : 'left');
  if (!column.sortable || !onSortChange) return <Table.Th ta={align}>{column.header}</Table.Th>;
  const active = sort?.key === column.key;
  const direction = active && sort?.direction === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th
      ta={align}
      aria-sort={active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSortChange({ key: column.key, direction })}>
        {column.header} {active ? (sort?.direction === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

function BodyCell<T>({ column, row }: { column: DataTableColumn<T>; row: T }) {
  if (column.amount) {
    return (
      <Table.Td ta={column.align ?? 'right'} data-column={column.key} data-testid={column.testId}>
        {formatAmount(column.amount.value(row))} {column.amount.currency(row)}
      </Table.Td>
    );
  }
  return (
    <Table.Td ta={column.align ?? 'left'} data-column={column.key} data-testid={column.testId}>
      {column.cell?.(row)}
    </Table.Td>
  );
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const filtersKey = JSON.stringify(props.queryKey);
  // New filters or order: back to the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's text is the dependency
  useEffect(() => setCursors([undefined]), [filtersKey]);
  const cursor = cursors[cursors.length - 1];
  const page = useQuery({
    queryKey: [...props.queryKey, 'page', cursor ?? null],
    queryFn: ({ signal }) => props.fetchPage(cursor, signal),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.items ?? [];
  const nextCursor = page.data?.nextCursor ?? null;
  return (
    // `data-table-state`: whether the rows shown are an answer (the console bench waits for it).
    <Stack gap="sm" data-table-state={page.data ? 'loaded' : 'loading'}>
      {props.exportHref && (
        <Group justify="flex-end">
          <Anchor
            href={props.exportHref}
            download
            title={t('table.exportHint', { count: ADMIN_CSV_EXPORT_ROWS_MAX })}
            data-testid="data-table-export"
          >
            {t('table.exportCsv')}
          </Anchor>
        </Group>
      )}
      {page.error && <Alert color="red">{errorText(t, page.error)}</Alert>}
      {page.data && rows.length === 0 && cursors.length === 1 ? (
        <Text c="dimmed" data-testid={props.emptyTestId}>
          {props.emptyText ?? t('table.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 720}>
          <Table striped withTableBorder data-testid={props.testId}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column) => (
                  <HeaderCell
                    key={column.key}
                    column={column}
                    sort={props.sort}
                    onSortChange={props.onSortChange}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                  {props.columns.map((column) => (
                    <BodyCell key={column.key} column={column} row={row} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(cursors.length > 1 || nextCursor !== null) && (
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((current) => current.slice(0, -1))}
            data-testid="data-table-previous"
          >
            {props.previousLabel ?? t('table.previous')}
          </Button>
          <Button
            variant="default"
            disabled={nextCursor === null}
            onClick={() => nextCursor !== null && setCursors((current) => [...current, nextCursor])}
            data-testid={props.nextTestId ?? 'data-table-next'}
          >
            {props.nextLabel ?? t('table.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
