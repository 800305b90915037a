import { diceHandler } from './dice/dice-handler.js';
import { minesHandler } from './mines/mines-handler.js';
import { plinkoHandler } from './plinko/plinko-handler.js';
import type { BuiltinGameHandler } from './types.js';

/** Dice, Mines and Plinko (docs/games-inhouse.md). */
export const inhouseGameHandlers: BuiltinGameHandler[] = [diceHandler, minesHandler, plinkoHandler];
