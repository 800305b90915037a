import type { CursorPage } from '@app/contract/client';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { i18n } from '../lib/i18n';
import { DataTable, type DataTableColumn, withQuery } from './data-table';

interface Row {
  id: string;
  name: string;
  amount: number;
  currency: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  {
    key: 'amount',
    header: 'Amount',
    testId: 'row-amount',
    amount: { value: (row) => row.amount, currency: (row) => row.currency },
  },
];

const rowsOf = (...names: string[]): Row[] =>
  names.map((name, index) => ({ id: name, name, amount: 1234.5 + index, currency: 'VND' }));

async function renderTable(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<Row>>,
  extra: { exportHref?: string; queryKey?: readonly unknown[] } = {},
) {
  await i18n.changeLanguage('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const table = (queryKey: readonly unknown[]) => (
    <Providers queryClient={queryClient}>
      <DataTable
        columns={columns}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'row', 'data-id': row.id })}
        queryKey={queryKey}
        fetchPage={(cursor) => fetchPage(cursor)}
        exportHref={extra.exportHref}
        emptyTestId="table-empty"
      />
    </Providers>
  );
  let rerender: (ui: React.ReactElement) => void = () => {};
  await act(async () => {
    rerender = render(table(extra.queryKey ?? ['rows'])).rerender;
  });
  return { rerenderWith: (queryKey: readonly unknown[]) => rerender(table(queryKey)) };
}

const names = () => screen.getAllByTestId('row').map((row) => row.getAttribute('data-id'));

describe('DataTable', () => {
  it('pages forward by the cursor of the reply and back through the cursors seen', async () => {
    const fetchPage = vi.fn(async (cursor: string | undefined) =>
      cursor === undefined
        ? { items: rowsOf('a', 'b'), nextCursor: 'c1' }
        : { items: rowsOf('c'), nextCursor: null },
    );
    await renderTable(fetchPage);
    await screen.findAllByTestId('row');
    expect(names()).toEqual(['a', 'b']);
    expect(screen.getByTestId('data-table-previous')).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByTestId('data-table-next'));
    await screen.findByText('c');
    expect(names()).toEqual(['c']);
    expect(fetchPage).toHaveBeenLastCalledWith('c1');
    expect(screen.getByTestId('data-table-next')).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByTestId('data-table-previous'));
    await screen.findByText('a');
    expect(names()).toEqual(['a', 'b']);
  });

  it('shows amounts with two decimals and the currency, right-aligned', async () => {
    await renderTable(async () => ({ items: rowsOf('a'), nextCursor: null }));
    const cell = await screen.findByTestId('row-amount');
    expect(cell.textContent).toBe('1,234.50 VND');
    expect(screen.queryByTestId('data-table-next')).toBeNull();
  });

  it('starts again at the first page when the filters change', async () => {
    const fetchPage = vi.fn(async (cursor: string | undefined) =>
      cursor === undefined
        ? { items: rowsOf('first'), nextCursor: 'n' }
        : { items: rowsOf('second'), nextCursor: null },
    );
    const { rerenderWith } = await renderTable(fetchPage, { queryKey: ['rows', 'pending'] });
    await screen.findByText('first');
    fireEvent.click(screen.getByTestId('data-table-next'));
    await screen.findByText('second');
    await act(async () => rerenderWith(['rows', 'rejected']));
    await screen.findByText('first');
    expect(fetchPage).toHaveBeenLastCalledWith(undefined);
  });

  it('says when there is nothing, and links the CSV export with the same filters', async () => {
    await renderTable(async () => ({ items: [], nextCursor: null }), {
      exportHref: withQuery('/admin/withdrawals/export.csv', { status: 'pending', empty: '' }),
    });
    await screen.findByTestId('table-empty');
    const link = screen.getByTestId('data-table-export');
    expect(link.getAttribute('href')).toBe('/admin/withdrawals/export.csv?status=pending');
    expect(within(link).getByText('Export CSV')).toBeTruthy();
  });
});
