import { builtinGameCodes, type PlinkoParamsInput, plinkoParamsSchema } from '@app/contract';
import { dropPlinko, plinkoPayoutMinor } from '@app/game-math/plinko/index';
import { inhouseStakeMinor } from '../inhouse-stake.js';
import type { InstantGameHandler } from '../types.js';

/** Plinko: one drop per round, one float per row (docs/games-inhouse.md). */
export const plinkoHandler: InstantGameHandler<PlinkoParamsInput> = {
  kind: 'instant',
  gameCode: builtinGameCodes.plinko,
  paramsSchema: plinkoParamsSchema,
  stakeOf(params, limits) {
    return inhouseStakeMinor(params.stake, limits);
  },
  play(source, params, stakeMinor) {
    const outcome = dropPlinko(source, { rows: params.rows, risk: params.risk });
    return { payoutMinor: plinkoPayoutMinor(stakeMinor, outcome.multiplierHundredths), outcome };
  },
};
