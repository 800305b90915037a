import type { AdminGame } from '@app/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderConsole, sessionOf } from '../../test/render';

const GAME: AdminGame = {
  nodeId: '7',
  vassalage: 'SBX',
  gameCode: 'coin-flip',
  gameType: 'RNG',
  iconUrl: '/games/icons/00000000-0000-4000-8000-000000000000',
  enabled: true,
  isHot: false,
  isNew: false,
  sortOrder: 0,
  names: { EN: 'Coin Flip', VI: 'Tung Đồng Xu' },
  missingLanguages: ['TH', 'ID'],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the games list marks the languages a game has no name in (issue 22 item 15)', () => {
  it('shows "missing: th, id" on a game without Thai and Indonesian names, nothing on the others', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('content'))],
      'GET /admin/games/vendors': [ok({ list: [] })],
      'GET /admin/games/rooms': [ok({ list: [] })],
      'GET /admin/games': [
        ok({
          items: [
            GAME,
            { ...GAME, nodeId: '8', gameCode: 'dice', names: { EN: 'Dice' }, missingLanguages: [] },
          ],
          nextCursor: null,
        }),
      ],
    });
    await renderConsole('/games');
    const badges = await screen.findAllByTestId('missing-languages', {}, { timeout: 5_000 });
    expect(badges.map((badge) => badge.textContent)).toEqual(['missing: th, id']);
  });
});
