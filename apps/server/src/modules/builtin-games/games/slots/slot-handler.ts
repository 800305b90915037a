import {
  amountToMinor,
  minorToAmount,
  type SlotParamsInput,
  slotParamsSchema,
} from '@app/contract';
import { playSlotRound } from '@app/game-math/slots/evaluate';
import type { SlotGame } from '@app/game-math/slots/types';
import { AppError } from '../../../../http/app-error.js';
import type { GameLimits, InstantGameHandler } from '../types.js';

/** The lines a round plays: as asked, or all of the game's. */
export function linesOf(game: SlotGame, params: SlotParamsInput): number {
  return params.lines ?? game.lines.length;
}

/**
 * The stake of a slot round in minor units: lines x bet per line. The schema allows 1..25 lines
 * and a bet per line of two decimals; the game's own line count and the merchant's limits
 * (whose minimum is the catalogue's minBet) are checked here.
 */
export function slotStakeMinor(
  game: SlotGame,
  params: SlotParamsInput,
  limits: GameLimits,
): bigint {
  const lines = linesOf(game, params);
  if (lines > game.lines.length) throw new AppError('BUILTIN_PARAMS_INVALID', { field: 'lines' });
  const stakeMinor = BigInt(lines) * amountToMinor(params.betPerLine);
  if (stakeMinor < limits.minStakeMinor || stakeMinor > limits.maxStakeMinor) {
    throw new AppError('BUILTIN_STAKE_OUT_OF_RANGE', {
      field: 'betPerLine',
      minAmount: minorToAmount(limits.minStakeMinor),
      maxAmount: minorToAmount(limits.maxStakeMinor),
    });
  }
  return stakeMinor;
}

/**
 * One slot's handler (docs/games-slots.md): the paid spin and every free spin it triggers are
 * one round, decided from the fair stream; the payout is the round's pay in bet-per-line units
 * times the bet per line, in whole minor units (no float money).
 */
export function slotHandler(game: SlotGame): InstantGameHandler<SlotParamsInput> {
  return {
    kind: 'instant',
    gameCode: game.gameCode,
    paramsSchema: slotParamsSchema,
    stakeOf: (params, limits) => slotStakeMinor(game, params, limits),
    play(source, params, stakeMinor) {
      const lines = linesOf(game, params);
      const betPerLineMinor = stakeMinor / BigInt(lines);
      const outcome = playSlotRound(game, source, lines);
      return { payoutMinor: BigInt(outcome.totalPay) * betPerLineMinor, outcome };
    },
  };
}
