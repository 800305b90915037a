import type { AdminLotteryGame, OperatorRole } from '@app/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const GAME: AdminLotteryGame = {
  id: 3,
  gameCode: 'QUICK_1M',
  name: 'Quick 1 minute',
  area: 'ELOTT',
  format: 'DIGIT5',
  source: 'house',
  schedule: { kind: 'interval', intervalSeconds: 60 },
  closeOffsetSeconds: 10,
  minStake: 1,
  maxStake: 1000,
  maxLiability: 100_000,
  enabled: true,
};

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const DAILY_GAME: AdminLotteryGame = {
  ...GAME,
  id: 4,
  gameCode: 'VN_NORTH_DAILY',
  name: 'Northern daily',
  area: 'VN',
  format: 'VN_NORTH',
  source: 'real',
  schedule: { kind: 'daily', time: '18:15', timeZone: 'Asia/Ho_Chi_Minh' },
  closeOffsetSeconds: 900,
};

async function openGames(role: OperatorRole, extra = {}, games = [GAME]) {
  const fetchMock = mockApi({
    'GET /admin/session': [ok(sessionOf(role))],
    'GET /admin/lottery/draws': [ok({ list: [], pageNo: 1, totalCount: 0, totalPages: 0 })],
    'GET /admin/lottery/games': [ok({ list: games, nextAfterId: null })],
    ...extra,
  });
  await renderConsole('/lottery');
  const views = await screen.findByTestId('lottery-views', {}, { timeout: 5_000 });
  await click(within(views).getByText('Games'));
  await screen.findAllByTestId('game-row', {}, { timeout: 5_000 });
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lottery games view', () => {
  it('lists the schedule and limits, without Edit for a read-only role', async () => {
    await openGames('finance');
    const row = screen.getByTestId('game-row');
    expect(within(row).getByText('A draw every 60 s')).toBeTruthy();
    expect(within(row).getByText('QUICK_1M · House draw')).toBeTruthy();
    expect(within(row).getByText('Betting closes 10 s before the draw')).toBeTruthy();
    expect(within(row).queryByTestId('game-edit')).toBeNull();
  });

  it('validates the form, sends the change, and shows a refusal translated', async () => {
    const fetchMock = await openGames('admin', {
      'POST /admin/lottery/games/configure': [failure(400, 'LOTTERY_GAME_LIMITS_INVALID')],
    });
    await click(screen.getByTestId('game-edit'));
    expect(await screen.findByText(/never to a draw already planned or open/)).toBeTruthy();
    const interval = screen.getByTestId('game-intervalSeconds') as HTMLInputElement;
    fireEvent.change(interval, { target: { value: '5' } });
    await click(screen.getByTestId('game-settings-submit'));
    await waitFor(() => expect(interval.getAttribute('aria-invalid')).toBe('true'));
    expect(requestsTo(fetchMock, 'POST', '/admin/lottery/games/configure')).toHaveLength(0);

    fireEvent.change(interval, { target: { value: '120' } });
    fireEvent.change(screen.getByTestId('game-minStake'), { target: { value: '2000' } });
    await click(screen.getByTestId('game-settings-submit'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/admin/lottery/games/configure')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/admin/lottery/games/configure')[0]?.body).toEqual({
      gameCode: 'QUICK_1M',
      intervalSeconds: 120,
      closeOffsetSeconds: 10,
      minStake: 2000,
      maxStake: 1000,
      maxLiability: 100_000,
      enabled: true,
    });
    expect(await screen.findByText(/minimum stake must not exceed/)).toBeTruthy();
  });

  it("edits a daily game's draw time in its time zone and refuses a time that is no time", async () => {
    const fetchMock = await openGames(
      'admin',
      { 'POST /admin/lottery/games/configure': [ok({ ...DAILY_GAME })] },
      [DAILY_GAME],
    );
    await click(screen.getByTestId('game-edit'));
    expect(await screen.findByText('Daily draw time (Asia/Ho_Chi_Minh)')).toBeTruthy();
    expect(screen.queryByTestId('game-intervalSeconds')).toBeNull();
    const time = screen.getByTestId('game-dailyTime') as HTMLInputElement;
    expect(time.value).toBe('18:15');
    fireEvent.change(time, { target: { value: '7:5' } });
    await click(screen.getByTestId('game-settings-submit'));
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
    expect(requestsTo(fetchMock, 'POST', '/admin/lottery/games/configure')).toHaveLength(0);

    fireEvent.change(time, { target: { value: '18:30' } });
    await click(screen.getByTestId('game-settings-submit'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/admin/lottery/games/configure')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/admin/lottery/games/configure')[0]?.body).toMatchObject({
      gameCode: 'VN_NORTH_DAILY',
      dailyTime: '18:30',
      closeOffsetSeconds: 900,
    });
  });
});
