import {
  builtinGameCodes,
  type MinesAction,
  type MinesParamsInput,
  minesActionSchema,
  minesParamsSchema,
} from '@app/contract';
import { MULTIPLIER_SCALE, scaledPayoutMinor } from '@app/game-math/inhouse-multiplier';
import {
  cashOutMines,
  type MinesMove,
  type MinesState,
  revealTile,
  startMines,
} from '@app/game-math/mines/index';
import { AppError } from '../../../../http/app-error.js';
import { inhouseStakeMinor } from '../inhouse-stake.js';
import type { SteppedGameHandler } from '../types.js';
import { minesViewOf } from './mines-view.js';

function applied(move: MinesMove): MinesState {
  if (!move.ok) {
    if (move.error === 'roundOver') throw new AppError('BUILTIN_ROUND_FINISHED');
    const field = move.error === 'tileInvalid' || move.error === 'tileRevealed' ? 'tile' : 'type';
    throw new AppError('INHOUSE_ACTION_INVALID', { field });
  }
  return move.state;
}

function payoutOf(state: MinesState, stakeMinor: bigint): bigint {
  return state.status === 'cashedOut' ? scaledPayoutMinor(stakeMinor, state.multiplierScaled) : 0n;
}

/**
 * Mines: every mine is placed from the fair stream at the start (the round's `outcome`, so the
 * seeds prove it); reveals and the cash out are the player's steps (docs/games-inhouse.md).
 */
export const minesHandler: SteppedGameHandler<MinesParamsInput, MinesAction, MinesState> = {
  kind: 'stepped',
  gameCode: builtinGameCodes.mines,
  paramsSchema: minesParamsSchema,
  actionSchema: minesActionSchema,
  stakeOf(params, limits) {
    return inhouseStakeMinor(params.stake, limits);
  },
  start(source, params) {
    const state = startMines(source, params.mineCount);
    return { state, outcome: { mines: state.mines }, view: minesViewOf(state) };
  },
  act(state, action, stakeMinor) {
    const next = applied(
      action.type === 'reveal' ? revealTile(state, action.tile) : cashOutMines(state),
    );
    return {
      state: next,
      view: minesViewOf(next),
      finished: next.status !== 'playing',
      payoutMinor: payoutOf(next, stakeMinor),
    };
  },
  /**
   * A round left open is settled as the player left it: with safe tiles revealed, it cashes out
   * (the position was already won, and the mines are fixed, so waiting could not change it);
   * with none, the stake comes back (1x: nothing was risked yet and nothing was shown).
   */
  abandon(state, stakeMinor) {
    if (state.status !== 'playing')
      return { state, view: minesViewOf(state), payoutMinor: payoutOf(state, stakeMinor) };
    const next: MinesState =
      state.revealed.length > 0
        ? applied(cashOutMines(state))
        : { ...state, status: 'cashedOut', multiplierScaled: MULTIPLIER_SCALE };
    return { state: next, view: minesViewOf(next), payoutMinor: payoutOf(next, stakeMinor) };
  },
};
