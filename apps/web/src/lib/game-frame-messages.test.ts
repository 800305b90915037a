import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  announceBalanceChanged,
  GAME_BALANCE_CHANGED_MESSAGE,
  isBalanceChangedMessage,
} from './game-frame-messages';

describe('game frame messages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts only a same-origin balance announcement', () => {
    const origin = window.location.origin;
    const message = (data: unknown, from = origin) =>
      new MessageEvent('message', { data, origin: from });
    expect(isBalanceChangedMessage(message({ type: GAME_BALANCE_CHANGED_MESSAGE }))).toBe(true);
    expect(
      isBalanceChangedMessage(
        message({ type: GAME_BALANCE_CHANGED_MESSAGE }, 'https://evil.example'),
      ),
    ).toBe(false);
    expect(isBalanceChangedMessage(message({ type: 'other' }))).toBe(false);
    expect(isBalanceChangedMessage(message(null))).toBe(false);
  });

  it('says nothing when the game is not in a frame', () => {
    const post = vi.spyOn(window, 'postMessage');
    announceBalanceChanged();
    expect(post).not.toHaveBeenCalled();
  });
});
