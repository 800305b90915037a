import { amountToMinor } from '@app/contract';
import { intBelow } from '@app/game-math';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.js';
import type { GameLimits, InstantGameHandler, SteppedGameHandler } from '../games/types.js';

/** Test-only games of the engine's tests (never in the registry outside tests). */
export const TEST_INSTANT_GAME = 'inh-test-instant';
export const TEST_STEPPED_GAME = 'inh-test-stepped';

function stakeWithin(stake: number, limits: GameLimits): bigint {
  const stakeMinor = amountToMinor(stake);
  if (stakeMinor < limits.minStakeMinor || stakeMinor > limits.maxStakeMinor) {
    throw new AppError('BUILTIN_STAKE_OUT_OF_RANGE');
  }
  return stakeMinor;
}

const instantParams = z
  .object({
    stake: z.number().positive(),
    /** Pays stake x multiplier whatever the draw (so tests know the payout in advance). */
    multiplier: z.number().int().min(0).max(1000),
  })
  .strict();

/** Draws one float (the outcome, checked against the seeds) and pays a fixed multiple. */
export const testInstantHandler: InstantGameHandler<z.infer<typeof instantParams>> = {
  kind: 'instant',
  gameCode: TEST_INSTANT_GAME,
  paramsSchema: instantParams,
  stakeOf: (params, limits) => stakeWithin(params.stake, limits),
  play(source, params, stakeMinor) {
    const float = source.next();
    return { payoutMinor: stakeMinor * BigInt(params.multiplier), outcome: { float } };
  },
};

const steppedParams = z.object({ stake: z.number().positive() }).strict();
const steppedAction = z.object({ type: z.enum(['step', 'cashOut']) }).strict();
interface SteppedState {
  trapAt: number;
  position: number;
}
/** Squares before the trap: the trap sits on one of them, decided at the start. */
export const TEST_TRACK_LENGTH = 5;

/** Walk a track with one hidden trap; each safe step adds the stake once; cash out any time. */
export const testSteppedHandler: SteppedGameHandler<
  z.infer<typeof steppedParams>,
  z.infer<typeof steppedAction>,
  SteppedState
> = {
  kind: 'stepped',
  gameCode: TEST_STEPPED_GAME,
  paramsSchema: steppedParams,
  actionSchema: steppedAction,
  stakeOf: (params, limits) => stakeWithin(params.stake, limits),
  start(source) {
    const trapAt = intBelow(source, TEST_TRACK_LENGTH) + 1;
    return { state: { trapAt, position: 0 }, outcome: { trapAt }, view: { position: 0 } };
  },
  act(state, action, stakeMinor) {
    if (action.type === 'cashOut') {
      const payoutMinor = stakeMinor * BigInt(1 + state.position);
      return { state, view: { position: state.position }, finished: true, payoutMinor };
    }
    const position = state.position + 1;
    const trapped = position === state.trapAt;
    return {
      state: { ...state, position },
      view: { position, trapped },
      finished: trapped,
      payoutMinor: 0n,
    };
  },
  abandon(state, stakeMinor) {
    return {
      state,
      view: { position: state.position, abandoned: true },
      payoutMinor: stakeMinor * BigInt(1 + state.position),
    };
  },
};
