import { inhouseGameHandlers } from './inhouse-handlers.js';
import { slotGameHandlers } from './slots/slot-handlers.js';
import type { BuiltinGameHandler } from './types.js';

export type {
  BuiltinGameHandler,
  GameLimits,
  InstantGameHandler,
  RoundDetail,
  SteppedGameHandler,
} from './types.js';

/** Every built-in game's handler (one line per game), looked up by catalogue game code. */
export const builtinGameHandlers: BuiltinGameHandler[] = [
  ...slotGameHandlers,
  ...inhouseGameHandlers,
];

export function builtinGameHandlerOf(gameCode: string): BuiltinGameHandler | undefined {
  return builtinGameHandlers.find((handler) => handler.gameCode === gameCode);
}
