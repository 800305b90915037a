import type { AdminLotteryDraw, OperatorRole } from '@app/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const DRAW_AT_MS = Date.UTC(2026, 10, 26, 11, 15);

function drawOf(overrides: Partial<AdminLotteryDraw>): AdminLotteryDraw {
  return {
    drawId: 7,
    gameCode: 'VN_NORTH_DAILY',
    drawNo: '20261126',
    status: 'closed',
    opensAtMs: DRAW_AT_MS - 86_400_000,
    closesAtMs: DRAW_AT_MS - 900_000,
    drawAtMs: DRAW_AT_MS,
    seedHash: null,
    seed: null,
    drawKey: null,
    result: null,
    drawnAtMs: null,
    settledAtMs: null,
    source: 'real',
    format: 'VN_NORTH',
    enteredByOperatorId: null,
    confirmedByOperatorId: null,
    voidReason: null,
    betCount: 3,
    stakeTotal: 12.5,
    ...overrides,
  };
}

const pageOf = (list: AdminLotteryDraw[]) =>
  ok({ list, pageNo: 1, totalCount: list.length, totalPages: 1 });

async function openPage(role: OperatorRole, draws: AdminLotteryDraw[], extra = {}) {
  const fetchMock = mockApi({
    'GET /admin/session': [ok(sessionOf(role))],
    'GET /admin/lottery/draws': [pageOf(draws)],
    ...extra,
  });
  await renderConsole('/lottery');
  await screen.findAllByTestId('draw-row', {}, { timeout: 5_000 });
  return fetchMock;
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lottery page', () => {
  it('shows an admin enter and void on a closed real draw', async () => {
    await openPage('admin', [drawOf({})]);
    const row = screen.getByTestId('draw-row');
    expect(within(row).getByTestId('draw-enter')).toBeTruthy();
    expect(within(row).getByTestId('draw-void')).toBeTruthy();
    expect(within(row).queryByTestId('draw-confirm')).toBeNull();
    expect(within(row).getByText('VN_NORTH_DAILY')).toBeTruthy();
  });

  it('shows a content operator confirm but no void', async () => {
    await openPage('content', [drawOf({ status: 'entered', enteredByOperatorId: 99 })]);
    const row = screen.getByTestId('draw-row');
    expect(within(row).getByTestId('draw-confirm')).toBeTruthy();
    expect(within(row).queryByTestId('draw-void')).toBeNull();
  });

  it('shows finance the draws without any action', async () => {
    await openPage('finance', [drawOf({}), drawOf({ drawId: 8, status: 'entered' })]);
    expect(screen.getAllByTestId('draw-row')).toHaveLength(2);
    expect(screen.queryByTestId('draw-enter')).toBeNull();
    expect(screen.queryByTestId('draw-confirm')).toBeNull();
    expect(screen.queryByTestId('draw-void')).toBeNull();
  });

  it('offers no result entry for a house draw', async () => {
    await openPage('admin', [drawOf({ source: 'house', gameCode: 'DIGIT5_1M' })]);
    expect(screen.queryByTestId('draw-enter')).toBeNull();
    expect(screen.getByTestId('draw-void')).toBeTruthy();
  });

  it('validates the result against the game format before sending it', async () => {
    const fetchMock = await openPage(
      'admin',
      [drawOf({ gameCode: 'QUICK_1M', format: 'DIGIT5' })],
      {
        'POST /admin/lottery/draws/result': [ok(drawOf({ status: 'entered' }))],
      },
    );
    await click(screen.getByTestId('draw-enter'));
    const form = await screen.findByTestId('enter-result-form');
    expect(within(form).getByTestId('result-format').textContent).toContain('DIGIT5');
    const digits = within(form).getByTestId('prize-digits') as HTMLInputElement;

    await click(within(form).getByTestId('enter-result-submit'));
    expect(await within(form).findByText('This field is required')).toBeTruthy();

    fireEvent.change(digits, { target: { value: '3 1 4' } });
    await click(within(form).getByTestId('enter-result-submit'));
    expect(await within(form).findByText('Enter exactly 5 number(s)')).toBeTruthy();

    fireEvent.change(digits, { target: { value: '3 1 4 1 55' } });
    await click(within(form).getByTestId('enter-result-submit'));
    expect(await within(form).findByText(/exactly 1 digit/)).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/admin/lottery/draws/result')).toHaveLength(0);

    fireEvent.change(digits, { target: { value: '3 1 4 1 5' } });
    await click(within(form).getByTestId('enter-result-submit'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/admin/lottery/draws/result')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/admin/lottery/draws/result')[0]?.body).toEqual({
      drawId: 7,
      result: { digits: ['3', '1', '4', '1', '5'] },
    });
  });

  it('shows the translated refusal when the same operator confirms', async () => {
    await openPage('admin', [drawOf({ status: 'entered', enteredByOperatorId: 1 })], {
      'POST /admin/lottery/draws/confirm': [failure(409, 'LOTTERY_SAME_OPERATOR')],
    });
    expect(screen.getByText('Entered by you: another operator confirms')).toBeTruthy();
    await click(screen.getByTestId('draw-confirm'));
    await click(await screen.findByTestId('confirm-result-submit'));
    const error = await screen.findByTestId('confirm-error');
    expect(error.textContent).toBe('A different operator must confirm the result');
  });

  it('asks for a reason before voiding a draw', async () => {
    const fetchMock = await openPage('admin', [drawOf({})], {
      'POST /admin/lottery/draws/void': [ok(drawOf({ status: 'void', voidReason: 'Cancelled' }))],
    });
    await click(screen.getByTestId('draw-void'));
    await click(await screen.findByTestId('void-submit'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/admin/lottery/draws/void')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('void-reason'), { target: { value: 'Cancelled' } });
    await click(screen.getByTestId('void-submit'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/admin/lottery/draws/void')[0]?.body).toEqual({
        drawId: 7,
        reason: 'Cancelled',
      }),
    );
  });
});
