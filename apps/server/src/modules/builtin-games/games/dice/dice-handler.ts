import { builtinGameCodes, type DiceParamsInput, diceParamsSchema } from '@app/contract';
import { diceBetOf, isDiceBetAllowed, rollDice } from '@app/game-math/dice/index';
import { scaledPayoutMinor } from '@app/game-math/inhouse-multiplier';
import { AppError } from '../../../../http/app-error.js';
import { inhouseStakeMinor } from '../inhouse-stake.js';
import type { InstantGameHandler } from '../types.js';

/** Dice: one roll per round, decided by one float of the fair stream (docs/games-inhouse.md). */
export const diceHandler: InstantGameHandler<DiceParamsInput> = {
  kind: 'instant',
  gameCode: builtinGameCodes.dice,
  paramsSchema: diceParamsSchema,
  stakeOf(params, limits) {
    // The schema bounds the target; the win chance (0.01 %..98 %) bounds it per direction.
    if (!isDiceBetAllowed(diceBetOf(params)))
      throw new AppError('BUILTIN_PARAMS_INVALID', { field: 'target' });
    return inhouseStakeMinor(params.stake, limits);
  },
  play(source, params, stakeMinor) {
    const outcome = rollDice(source, diceBetOf(params));
    return { payoutMinor: scaledPayoutMinor(stakeMinor, outcome.multiplierScaled), outcome };
  },
};
