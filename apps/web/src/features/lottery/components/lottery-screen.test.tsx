import type { LotteryDraw, LotteryGame } from '@app/contract/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { type LotteryAccess, LotteryAccessProvider } from '../lottery-access';
import { loadLotteryTexts } from '../lottery-texts';
import LotteryScreen from './lottery-screen';

// No socket in these tests: the page's refetching is exercised through its callbacks.
vi.mock('../../../lib/use-realtime-topic', () => ({ useRealtimeTopic: () => {} }));

const SERVER_NOW_MS = 1_800_000_000_000;

const game = (gameCode: string, gameName: string): LotteryGame => ({
  gameCode,
  gameName,
  area: 'ELOTT',
  prizeMode: 'Elott',
  format: 'DIGIT5',
  vassalage: 'TCG_ELOTT',
  nodeId: null,
  source: 'house',
  intervalSeconds: 60,
  closeOffsetSeconds: 5,
  cancelAllowed: true,
  minStakePerBet: 1,
  maxStakePerBet: 1000,
  defaultAmountPerPoint: 1,
  quickAmounts: [1, 5, 10],
  betTypes: [
    { code: 'position_digit', odds: 9.7, rtp: 97 },
    { code: 'sum_big_small', odds: 1.97, rtp: 98.5 },
  ],
});

const draw: LotteryDraw = {
  drawId: 41,
  gameCode: 'D5_1M',
  drawNo: '20261122-0001',
  status: 'open',
  opensAtMs: SERVER_NOW_MS - 30_000,
  closesAtMs: SERVER_NOW_MS + 75_000,
  drawAtMs: SERVER_NOW_MS + 80_000,
  seedHash: 'ab'.repeat(32),
  seed: null,
  drawKey: null,
  result: null,
  drawnAtMs: null,
  settledAtMs: null,
};

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), {
    headers: { 'Content-Type': 'application/json' },
  });

function fakeServer() {
  const slips: Array<{ body: Record<string, unknown>; key: string | null }> = [];
  let failNextSlip = true;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/lgw/vn/games/game_menu':
        return ok({
          list: [game('D5_1M', 'Five digits 1 min'), game('D5_3M', 'Five digits 3 min')],
        });
      case '/lotto/lgw/games/draw/current':
        return ok({
          gameCode: 'D5_1M',
          serverTimeMs: SERVER_NOW_MS,
          current: draw,
          next: null,
          last: null,
        });
      case '/lotto/lgw/games/draws':
        return ok({ list: [], pageNo: 1, totalPages: 0, totalCount: 0 });
      case '/lgw/vn/games/game_menu/recent':
        return ok({ list: [] });
      case '/lotto/lgw/bets': {
        const body = JSON.parse(String(init?.body));
        slips.push({ body, key: new Headers(init?.headers).get('Idempotency-Key') });
        if (failNextSlip) {
          failNextSlip = false;
          return new Response(
            JSON.stringify({ success: false, errorCode: 'SERVICE_UNAVAILABLE', message: 'busy' }),
            { status: 503, headers: { 'Content-Type': 'application/json' } },
          );
        }
        return ok({
          slipId: body.slipId,
          gameCode: 'D5_1M',
          drawId: 41,
          drawNo: draw.drawNo,
          totalAmount: body.totalAmount,
          bets: [],
        });
      }
      default:
        return new Response(JSON.stringify({ success: false, errorCode: 'NOT_FOUND' }), {
          status: 404,
        });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { slips };
}

function renderScreen(access: Partial<LotteryAccess> = {}) {
  const value: LotteryAccess = {
    isLoggedIn: true,
    username: 'alice',
    requireLogin: vi.fn(),
    onBalanceChanged: vi.fn(),
    ...access,
  };
  renderWithProviders(
    <MemoryRouter initialEntries={['/lottery?gameCode=D5_1M']}>
      <LotteryAccessProvider value={value}>
        <Suspense fallback={null}>
          <LotteryScreen area="ELOTT" />
        </Suspense>
      </LotteryAccessProvider>
    </MemoryRouter>,
  );
  return value;
}

describe('lottery screen', () => {
  beforeAll(() => loadLotteryTexts());

  it('counts down to the close on the server clock, whatever the browser clock says', async () => {
    fakeServer();
    renderScreen();
    const countdown = await screen.findByTestId('countdown');
    // The server says 75 s to close; the browser's clock is years away from the server's.
    expect(['1:15', '1:14']).toContain(countdown.textContent);
    expect(screen.getByTestId('draw-panel').textContent).toContain('Draw 20261122-0001');
    expect(screen.getByTestId('draw-panel').textContent).toContain('ab'.repeat(32));
  });

  it('places a slip after confirming, retrying with the same slip id', async () => {
    const { slips } = fakeServer();
    const access = renderScreen();
    await screen.findByTestId('countdown');
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).getByTestId('bet-type-odds').textContent).toContain('Odds 1:9.7');
    fireEvent.click(within(slip).getByRole('radio', { name: 'Position 2' }));
    fireEvent.click(within(slip).getByRole('button', { name: '7' }));
    fireEvent.click(within(slip).getByRole('button', { name: '0' }));
    fireEvent.click(within(slip).getByTestId('add-line'));
    fireEvent.change(within(slip).getByTestId('amount-per-point'), { target: { value: '2.5' } });
    expect(within(slip).getByTestId('slip-total').textContent).toContain('Total: 5.00');
    fireEvent.click(within(slip).getByTestId('place-bets'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('Total: 5.00');
    fireEvent.click(within(dialog).getByTestId('confirm-bets'));
    await within(dialog).findByTestId('slip-error');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('slip-placed');

    expect(slips).toHaveLength(2);
    const [first, retry] = slips;
    expect(first?.body).toMatchObject({
      gameCode: 'D5_1M',
      drawId: 41,
      totalAmount: 5,
      bets: [
        {
          betType: 'position_digit',
          numbers: ['0', '7'],
          position: 1,
          amountPerPoint: 2.5,
          points: 2,
        },
      ],
    });
    expect(retry?.body.slipId).toBe(first?.body.slipId);
    expect(first?.key).toBe(first?.body.slipId);
    expect(access.onBalanceChanged).toHaveBeenCalled();
  });

  it('asks a guest to log in instead of placing', async () => {
    fakeServer();
    const access = renderScreen({ isLoggedIn: false, username: null });
    await screen.findByTestId('countdown');
    const slip = screen.getByTestId('bet-slip');
    fireEvent.change(within(slip).getByTestId('bet-type-select'), {
      target: { value: 'sum_big_small' },
    });
    fireEvent.click(within(slip).getByRole('button', { name: 'Big' }));
    fireEvent.click(within(slip).getByTestId('add-line'));
    fireEvent.click(within(slip).getByTestId('place-bets'));
    expect(access.requireLogin).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps favourites per username in local storage', async () => {
    fakeServer();
    renderScreen();
    const star = await screen.findByRole('button', {
      name: 'Add Five digits 3 min to favourites',
    });
    await act(async () => fireEvent.click(star));
    expect(JSON.parse(window.localStorage.getItem('lotteryFavourites') ?? '{}')).toEqual({
      alice: ['D5_3M'],
    });
    await waitFor(() =>
      expect(screen.getByTestId('lottery-menu').textContent).toContain('Favourites'),
    );
  });
});
