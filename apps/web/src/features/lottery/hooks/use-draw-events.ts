import type { LotteryDrawEvent } from '@app/contract/client';

/**
 * A game's draw events (opened, closed, drawn, settled, void) pushed over the WebSocket, and a
 * call after each reconnect so the page refetches what it may have missed. Placeholder until
 * the realtime client is merged: the page's polling stands in.
 */
export function useDrawEvents(
  _gameCode: string | null,
  _onEvent: (event: LotteryDrawEvent) => void,
  _onReconnect: () => void,
): void {}
