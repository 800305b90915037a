import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('the promotion editor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers free spins on a built-in slot as a reward and sends them', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('admin'))],
      'GET /admin/promotions': [ok({ items: [], nextCursor: null })],
      // The answer is not what this test looks at: the request is.
      'POST /admin/promotions': [failure(400, 'VALIDATION_FAILED')],
    });
    await renderConsole('/promotions');
    await click(await screen.findByTestId('promotion-new', {}, { timeout: 5_000 }));
    const kind = await screen.findByTestId('promotion-reward-kind', {}, { timeout: 5_000 });
    await act(async () => {
      fireEvent.change(kind, { target: { value: 'free_spins' } });
    });
    const game = screen.getByTestId('promotion-reward-free-spin-game') as HTMLSelectElement;
    expect([...game.options].map((option) => option.value)).toEqual([
      'inh-jade-dragon',
      'inh-neon-fruits',
    ]);
    await act(async () => {
      fireEvent.change(game, { target: { value: 'inh-neon-fruits' } });
    });
    const spins = screen.getByTestId('promotion-reward-free-spins');
    await act(async () => {
      fireEvent.change(spins, { target: { value: '25' } });
    });
    await click(screen.getByTestId('promotion-save'));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/admin/promotions')).toHaveLength(1));
    const [request] = requestsTo(fetchMock, 'POST', '/admin/promotions');
    expect((request?.body as { reward: unknown } | undefined)?.reward).toEqual({
      kind: 'free_spins',
      gameCode: 'inh-neon-fruits',
      spins: 25,
      betPerLine: 1000,
    });
  });
});
