import { JADE_DRAGON } from '@app/game-math/slots/games/jade-dragon';
import { NEON_FRUITS } from '@app/game-math/slots/games/neon-fruits';
import type { BuiltinGameHandler } from '../types.js';
import { slotHandler } from './slot-handler.js';

/** Jade Dragon and Neon Fruits (docs/games-slots.md). */
export const slotGameHandlers: BuiltinGameHandler[] = [
  slotHandler(JADE_DRAGON),
  slotHandler(NEON_FRUITS),
];
