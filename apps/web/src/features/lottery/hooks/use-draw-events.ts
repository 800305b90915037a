import {
  type LotteryDrawEvent,
  lotteryDrawEventTypes,
  lotteryDrawTopic,
} from '@app/contract/client';
import { useRealtimeTopic } from '../../../lib/use-realtime-topic';

/** Events are hints, not data: only their type is read; the page refetches the rest. */
function isDrawEvent(data: unknown): data is Pick<LotteryDrawEvent, 'type' | 'drawId'> {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  return typeof type === 'string' && (lotteryDrawEventTypes as readonly string[]).includes(type);
}

/**
 * A game's draw events (opened, closed, drawn, settled, void) pushed over the WebSocket, and a
 * call after each reconnect so the page refetches what it may have missed.
 */
export function useDrawEvents(
  gameCode: string | null,
  onEvent: (event: Pick<LotteryDrawEvent, 'type' | 'drawId'>) => void,
  onReconnect: () => void,
): void {
  useRealtimeTopic(
    gameCode ? lotteryDrawTopic(gameCode) : null,
    (data) => {
      if (isDrawEvent(data)) onEvent(data);
    },
    { onReconnect },
  );
}
