import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { lastDays, oldestDay, rangeOfDays } from '../hooks/day-range';
import BettingRecordPage from './betting-record-page';
import { keyLabel } from './detail-view';

const RECORDS = '/wps/member/game-records';

const row = {
  roundId: '41',
  roundRef: 'r-41',
  vassalage: 'SBX',
  vendorName: 'Sandbox Games',
  nodeId: 7,
  gameCode: 'coin-flip',
  gameName: 'Coin Flip',
  gameType: 'RNG',
  status: 'settled',
  stake: 1000,
  win: 1950,
  refunded: 0,
  profit: 950,
  currency: 'VND',
  startedAt: '2026-11-22T10:00:00.000Z',
  settledAt: '2026-11-22T10:00:01.000Z',
};

const page = {
  success: true,
  value: {
    list: [row],
    pageNo: 1,
    pageSize: 10,
    totalCount: 23,
    totalPages: 3,
    totals: { rounds: 23, stake: 123456.5, win: 100000, refunded: 0, profit: -23456.5 },
    from: '2026-11-15T00:00:00.000Z',
    to: '2026-11-23T00:00:00.000Z',
  },
};

const filters = {
  success: true,
  value: { gameTypes: ['LIVE', 'RNG'], vendors: [{ vassalage: 'SBX', name: 'Sandbox Games' }] },
};

const detail = {
  success: true,
  value: { ...row, detail: { choice: 'heads', outcome: { side: 'tails', serverSeed: 'ab12' } } },
};

function lastQuery(fetchMock: ReturnType<typeof mockApi>) {
  const urls = fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === RECORDS);
  return urls.at(-1)?.searchParams ?? new URLSearchParams();
}

async function renderPage() {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback="loading">
        <BettingRecordPage />
      </Suspense>,
    );
  });
  await screen.findByText('Coin Flip', {}, { timeout: 5000 });
}

describe('betting record', () => {
  it('shows the totals of the filter, pages, filters by category and opens a round', async () => {
    const fetchMock = mockApi({
      [RECORDS]: { body: page },
      [`${RECORDS}/filters`]: { body: filters },
      [`${RECORDS}/round`]: { body: detail },
    });
    await renderPage();
    expect(
      screen.getByText('23 rounds', { selector: '[data-testid="totals-rounds"]' }),
    ).toBeTruthy();
    expect(screen.getByText('123,456.50')).toBeTruthy();
    expect(screen.getByText('-23,456.50')).toBeTruthy();
    expect(screen.getByText('+950.00')).toBeTruthy();
    expect(lastQuery(fetchMock).get('pageNo')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('pageNo')).toBe('2'));

    const category = screen
      .getAllByLabelText('Category')
      .find((element) => element.tagName === 'INPUT');
    if (!category) throw new Error('no category filter');
    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: 'Live casino' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('gameType')).toBe('LIVE'));
    expect(lastQuery(fetchMock).get('pageNo')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Details of round r-41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Round detail' }, { timeout: 5000 });
    expect(await screen.findByText('Server seed')).toBeTruthy();
    expect(dialog.textContent).toContain('tails');
    expect(dialog.textContent).toContain('heads');
  });

  it('refuses a start day older than the records keep, without asking the server', async () => {
    const fetchMock = mockApi({
      [RECORDS]: { body: page },
      [`${RECORDS}/filters`]: { body: filters },
    });
    await renderPage();
    const calls = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    expect(await screen.findByText(/Records go back 93 days/)).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});

describe('day ranges and labels', () => {
  it('turns whole local days into [from, to) and checks the history window', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    const range = rangeOfDays({ fromDay: '2026-11-20', toDay: '2026-11-22' }, now);
    if (typeof range !== 'object') throw new Error(range);
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(3 * 86_400_000);
    expect(rangeOfDays({ fromDay: '2026-11-22', toDay: '2026-11-20' }, now)).toBe('range_order');
    expect(rangeOfDays({ fromDay: '', toDay: '2026-11-20' }, now)).toBe('range_missing');
    expect(rangeOfDays({ fromDay: oldestDay(now), toDay: '2026-11-22' }, now)).toHaveProperty(
      'from',
    );
    expect(rangeOfDays({ fromDay: '2026-08-20', toDay: '2026-11-22' }, now)).toBe('range_too_old');
    expect(typeof rangeOfDays(lastDays(90, now), now)).toBe('object');
  });

  it('labels provider keys as words', () => {
    expect(keyLabel('winLines')).toBe('Win lines');
    expect(keyLabel('server_seed_hash')).toBe('Server seed hash');
    expect(keyLabel('bet-amount')).toBe('Bet amount');
  });
});
