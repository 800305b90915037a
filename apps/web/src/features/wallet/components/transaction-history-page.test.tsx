import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { rangeOfDays } from '../hooks/record-range';
import TransactionHistoryPage from './transaction-history-page';

const page = (pageNo: number) => ({
  success: true,
  value: {
    list: [
      {
        id: `${pageNo}1`,
        time: '2026-11-22T10:00:00.000Z',
        type: 'deposit',
        amount: 1234567.5,
        balanceAfter: 1234567.5,
        reference: 'sbx_1',
        asset: 'cash',
        wallet: 'main',
        currency: 'VND',
      },
      {
        id: `${pageNo}2`,
        time: '2026-11-22T09:00:00.000Z',
        type: 'transfer',
        amount: -7000,
        balanceAfter: 0,
        reference: 'main>DEMOVENDOR',
        asset: 'cash',
        wallet: 'DEMOVENDOR',
        currency: 'VND',
      },
    ],
    pageNo,
    pageSize: 10,
    totalCount: 25,
    totalPages: 3,
    from: '2026-11-15T00:00:00.000Z',
    to: '2026-11-23T00:00:00.000Z',
  },
});

/** The page loads its texts (a chunk of their own) before it shows. */
async function renderPage() {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback="loading">
        <TransactionHistoryPage />
      </Suspense>,
    );
  });
  await screen.findByText('+1,234,567.50', {}, { timeout: 5000 });
}

/** The query of the last account record call (other calls, such as vendor names, aside). */
const merchantWallet = {
  walletMode: 'transfer',
  vendorWallets: [
    { code: 'DEMOVENDOR', name: 'Demo vendor wallet', minTransfer: 1, maxTransfer: 9 },
  ],
};

function lastQuery(fetchMock: ReturnType<typeof mockApi>) {
  const urls = fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/wps/member/transactions');
  return urls.at(-1)?.searchParams ?? new URLSearchParams();
}

function recordCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([input]) =>
    String(input).includes('/wps/member/transactions'),
  ).length;
}

describe('account record', () => {
  it('shows signed amounts with two decimals and comma thousands, and pages', async () => {
    const fetchMock = mockApi({
      '/wps/member/transactions': { body: page(1) },
      '/wps/relay/GCS_merchantWallet': { body: { success: true, value: merchantWallet } },
    });
    await renderPage();
    expect(await screen.findByText('+1,234,567.50')).toBeTruthy();
    expect(screen.getByText('-7,000.00')).toBeTruthy();
    expect(screen.getByText('25 records')).toBeTruthy();
    expect(await screen.findByText('Demo vendor wallet')).toBeTruthy();
    const first = lastQuery(fetchMock);
    expect(first.get('pageNo')).toBe('1');
    expect(first.get('pageSize')).toBe('10');
    expect(first.has('type')).toBe(false);
    // Seven whole local days ending today, as the server's [from, to).
    const days = Math.round(
      (Date.parse(first.get('to') ?? '') - Date.parse(first.get('from') ?? '')) / 86_400_000,
    );
    expect(days).toBe(7);

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('pageNo')).toBe('2'));
  });

  it('filters by type and by days, back to the first page', async () => {
    const fetchMock = mockApi({
      '/wps/member/transactions': { body: page(1) },
      '/wps/relay/GCS_merchantWallet': { body: { success: true, value: merchantWallet } },
    });
    await renderPage();
    await screen.findByText('+1,234,567.50');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('pageNo')).toBe('3'));

    const typeInput = screen
      .getAllByLabelText('Type')
      .find((element) => element.tagName === 'INPUT');
    if (!typeInput) throw new Error('no type filter');
    fireEvent.click(typeInput);
    fireEvent.click(await screen.findByRole('option', { name: 'Deposit' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('type')).toBe('deposit'));
    expect(lastQuery(fetchMock).get('pageNo')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => {
      const query = lastQuery(fetchMock);
      const days = Math.round(
        (Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')) / 86_400_000,
      );
      expect(days).toBe(30);
    });

    const calls = recordCalls(fetchMock);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-01' } });
    expect(await screen.findByText('Please choose at most 90 days')).toBeTruthy();
    expect(recordCalls(fetchMock)).toBe(calls);
  });
});

describe('rangeOfDays', () => {
  it('turns whole local days into [from, to) and refuses bad ranges', () => {
    const range = rangeOfDays('2026-11-01', '2026-11-01');
    expect(typeof range).toBe('object');
    if (typeof range === 'object') {
      expect(Date.parse(range.to) - Date.parse(range.from)).toBe(86_400_000);
      expect(new Date(range.from).getHours()).toBe(0);
    }
    expect(rangeOfDays('2026-11-02', '2026-11-01')).toBe('range_order');
    expect(rangeOfDays('', '2026-11-01')).toBe('range_missing');
    expect(typeof rangeOfDays('2026-01-01', '2026-03-31')).toBe('object');
    expect(rangeOfDays('2026-01-01', '2026-04-01')).toBe('range_too_long');
  });
});
