import { createHash } from 'node:crypto';
import {
  amountToMinor,
  type LotteryBet,
  type LotteryBetRequest,
  minorToAmount,
  type RouteValue,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { crashPoint } from '../../safety/crash-points.js';
import { appendEvents } from '../events/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { EngineRounds } from '../providers/index.js';
import type { LotteryBetRepository } from './bets/repository.js';
import { addAmounts, betTypeFor, checkSelection, liabilityFor } from './maths.js';
import {
  betRoundRef,
  LOTTERY_BET_CODE,
  LOTTERY_REFUND_CODE,
  type LotteryAccounts,
  refundTransferId,
  slipRoundRef,
  slipTransferId,
} from './money.js';
import { presentBet } from './presenters.js';
import type { LotteryRepository } from './repository.js';
import type { DrawLimits, LotteryGameRecord, NewBet } from './types.js';

/** The catalogue category of each area's games in `game_rounds` (the betting record's filter). */
const roundGameTypeOf = { VN: 'LOTT', SEA: 'LOTT', ELOTT: 'ELOTT' } as const;

export interface SlipRequest {
  slipId: string;
  gameCode: string;
  drawId: number;
  bets: readonly LotteryBetRequest[];
  totalAmount: number;
}

function minorOf(amount: number, field: string): bigint {
  try {
    return amountToMinor(amount);
  } catch {
    throw new AppError('VALIDATION_FAILED', { field });
  }
}

/** Refuses a line whose stake is outside the draw's limits. */
function checkStakes(lines: readonly NewBet[], limits: DrawLimits): void {
  lines.forEach((line, index) => {
    if (line.stakeMinor < limits.minStakeMinor) {
      throw new AppError('LOTTERY_STAKE_TOO_SMALL', {
        field: `bets.${index}.amountPerPoint`,
        minAmount: minorToAmount(limits.minStakeMinor),
      });
    }
    if (line.stakeMinor > limits.maxStakeMinor) {
      throw new AppError('LOTTERY_STAKE_LIMIT', {
        field: `bets.${index}.amountPerPoint`,
        maxAmount: minorToAmount(limits.maxStakeMinor),
      });
    }
  });
}

/** The game's own limits: those of a draw created before draws held a snapshot. */
function gameLimits(game: LotteryGameRecord): DrawLimits {
  return {
    minStakeMinor: game.minStakeMinor,
    maxStakeMinor: game.maxStakeMinor,
    maxLiabilityMinor: game.maxLiabilityMinor,
  };
}

/** Checks every line against the game (bet type, selection); the lines to insert. */
function linesOf(game: LotteryGameRecord, request: SlipRequest): NewBet[] {
  return request.bets.map((line, index) => {
    const betType = betTypeFor(game.format, line.betType);
    if (!betType)
      throw new AppError('LOTTERY_BET_TYPE_UNKNOWN', { field: `bets.${index}.betType` });
    const selection = { numbers: line.numbers, position: line.position ?? null };
    const check = checkSelection(betType, selection);
    if (!check.ok) {
      throw new AppError('LOTTERY_SELECTION_INVALID', { field: `bets.${index}.numbers` });
    }
    const amountPerPointMinor = minorOf(line.amountPerPoint, `bets.${index}.amountPerPoint`);
    // The points are the selection's combinations (game-math); the confirmed total guards the rest.
    const stakeMinor = amountPerPointMinor * BigInt(check.points);
    return {
      betType: line.betType,
      numbers: [...line.numbers],
      position: line.position ?? null,
      amountPerPointMinor,
      points: check.points,
      stakeMinor,
      odds: check.odds,
    };
  });
}

function fingerprintOf(memberId: bigint, request: SlipRequest, lines: readonly NewBet[]): string {
  const parts = lines.map((line) => [
    line.betType,
    line.numbers,
    line.position,
    line.amountPerPointMinor.toString(),
  ]);
  return createHash('sha256')
    .update(JSON.stringify([memberId.toString(), request.gameCode, request.drawId, parts]))
    .digest('hex');
}

/** Placing bet slips (all or nothing, idempotent) and cancelling bets. */
/** A member's lottery bets: placing slips and cancelling open bets. */
export interface LotterySlips {
  /** Places a slip's bets and takes their stakes in one transaction; the same slip id replays. */
  placeSlip(input: {
    merchantCode: string;
    currency: string;
    memberId: bigint;
    request: SlipRequest;
  }): Promise<RouteValue<'lotteryPlaceSlip'>>;
  /** Cancels an open bet before its draw closes (where the game allows): refunded once. */
  cancelBet(input: { merchantCode: string; memberId: bigint; betId: bigint }): Promise<LotteryBet>;
}

/** The bonus engine's max-bet check, as the wiring hands it in. */
export type LotteryStakeGuard = (
  executor: Db,
  memberId: bigint,
  currency: string,
  stakeMinor: bigint,
) => Promise<void>;

export function createLotterySlips(deps: {
  repository: LotteryRepository;
  bets: LotteryBetRepository;
  ledger: LedgerService;
  accounts: LotteryAccounts;
  rounds: EngineRounds;
  now: () => number;
  /** Refuses a bet line above a wagering bonus's max bet (module bonus), in the slip's transaction. */
  stakeGuard?: LotteryStakeGuard | undefined;
}): LotterySlips {
  const { repository, bets, ledger, accounts, rounds } = deps;

  async function replay(
    slipId: string,
    memberId: bigint,
    fingerprint: string,
  ): Promise<RouteValue<'lotteryPlaceSlip'> | undefined> {
    const slip = await bets.findSlip(slipId);
    if (!slip) return undefined;
    if (slip.memberId !== memberId || slip.fingerprint !== fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
    }
    const placed = await bets.betsOfSlip(slipId);
    const first = placed[0];
    if (!first) throw new Error(`slip ${slipId} has no bets`);
    return {
      slipId,
      gameCode: first.gameCode,
      drawId: Number(first.drawId),
      drawNo: first.drawNo,
      totalAmount: minorToAmount(slip.totalMinor),
      bets: placed.map(presentBet),
    };
  }

  return {
    async placeSlip(input) {
      const { merchantCode, currency, memberId, request } = input;
      const game = await repository.gameByCode(merchantCode, request.gameCode);
      if (!game?.enabled) throw new AppError('LOTTERY_GAME_UNKNOWN');
      const lines = linesOf(game, request);
      const totalMinor = lines.reduce((sum, line) => sum + line.stakeMinor, 0n);
      if (totalMinor !== minorOf(request.totalAmount, 'totalAmount')) {
        throw new AppError('LOTTERY_SLIP_TOTAL_MISMATCH', { field: 'totalAmount' });
      }
      const fingerprint = fingerprintOf(memberId, request, lines);
      const drawId = BigInt(request.drawId);
      const liability = new Map<string, bigint>();
      for (const line of lines) {
        const betType = betTypeFor(game.format, line.betType);
        if (betType) {
          addAmounts(
            liability,
            liabilityFor(
              betType,
              { numbers: line.numbers, position: line.position },
              line.amountPerPointMinor,
            ),
          );
        }
      }
      const { memberAccountId, houseAccountId } = await accounts.of({
        merchantCode,
        memberId,
        currency,
        vassalage: game.vassalage,
      });

      // The slip id is claimed inside the transaction (a retry finds it taken and is answered
      // below), so a first slip costs one transaction and no reads before it.
      const placing = bets.transaction(async (queries, executor) => {
        // The share lock makes closing wait for this slip; a closed draw takes nothing.
        const draw = await queries.lockOpenDraw(merchantCode, drawId, new Date(deps.now()));
        if (!draw || draw.gameId !== game.id) throw new AppError('LOTTERY_DRAW_CLOSED');
        // The draw's own limits, fixed when it was created: a later change of the game's
        // limits reaches only the draws created after it.
        const limits = draw.limits ?? gameLimits(game);
        checkStakes(lines, limits);
        const claimed = await queries.insertSlip({
          id: request.slipId,
          merchantCode,
          memberId,
          drawId,
          fingerprint,
          totalMinor,
        });
        // A twin of this slip committed while we waited: answer what it placed.
        if (!claimed) return undefined;
        const inserted = await queries.insertBets({
          slipId: request.slipId,
          merchantCode,
          memberId,
          gameId: game.id,
          drawId,
          currency,
          bets: lines,
        });
        if (
          !(await queries.addLiability(
            { id: drawId, merchantCode },
            liability,
            limits.maxLiabilityMinor,
          ))
        ) {
          throw new AppError('LOTTERY_LIABILITY_LIMIT');
        }
        // Each line is one bet: the largest one meets the max bet of a wagering bonus.
        const largestLineMinor = lines.reduce(
          (largest, line) => (line.stakeMinor > largest ? line.stakeMinor : largest),
          0n,
        );
        await deps.stakeGuard?.(executor, memberId, currency, largestLineMinor);
        await ledger.transferWithin(executor, {
          id: slipTransferId(request.slipId),
          debitAccountId: memberAccountId,
          creditAccountId: houseAccountId,
          amountMinor: totalMinor,
          code: LOTTERY_BET_CODE,
          reference: `lottery:${game.gameCode}:${draw.drawNo}`,
        });
        // One round per slip (docs/lottery-engine.md, "Settlement in two passes"): the
        // betting record shows the slip as one ticket, settled when all its bets are.
        await rounds.openWithin(executor, [
          {
            merchantCode,
            memberId,
            vassalage: game.vassalage,
            nodeId: game.nodeId,
            gameType: roundGameTypeOf[game.area],
            roundRef: slipRoundRef(request.slipId),
            currency,
            stakeMinor: totalMinor,
            detail: {
              engine: 'lottery',
              gameCode: game.gameCode,
              drawNo: draw.drawNo,
              slipId: request.slipId,
              bets: inserted.length,
            },
          },
        ]);
        await appendEvents(executor, [
          {
            type: 'lottery.slip-placed',
            merchantCode,
            memberId,
            payload: {
              memberId: memberId.toString(),
              slipId: request.slipId,
              gameCode: game.gameCode,
              drawNo: draw.drawNo,
              bets: inserted.length,
              currency,
              totalMinor: totalMinor.toString(),
            },
          },
        ]);
        crashPoint('lottery.slip.before-commit');
        return { inserted, drawNo: draw.drawNo };
      });
      const placed = await placing.catch(async (error: unknown) => {
        if (!(error instanceof AppError && error.errorCode === 'LOTTERY_DRAW_CLOSED')) throw error;
        // A retry of a slip placed before is answered whatever the draw's state now; a draw
        // that is not this game's open one is unknown or closed.
        const replayed = await replay(request.slipId, memberId, fingerprint);
        if (replayed) return replayed;
        const draw = await repository.drawById(merchantCode, drawId);
        if (!draw || draw.gameId !== game.id) throw new AppError('LOTTERY_DRAW_UNKNOWN');
        throw error;
      });
      crashPoint('lottery.slip.after-commit');
      if (placed && 'slipId' in placed) return placed;
      if (!placed) {
        const twin = await replay(request.slipId, memberId, fingerprint);
        if (!twin) throw new Error(`slip ${request.slipId} vanished`);
        return twin;
      }
      return {
        slipId: request.slipId,
        gameCode: game.gameCode,
        drawId: Number(drawId),
        drawNo: placed.drawNo,
        totalAmount: minorToAmount(totalMinor),
        bets: placed.inserted.map(presentBet),
      };
    },

    /** Cancels an open bet before its draw closes (where the game allows): refunded once. */
    async cancelBet(input) {
      const { merchantCode, memberId, betId } = input;
      // The game and the accounts are read before the transaction: a pool read inside it would
      // hold one connection while waiting for another, and a busy pool would then stall.
      const known = await bets.betOfMember(merchantCode, memberId, betId);
      if (!known) throw new AppError('NOT_FOUND');
      const game = await repository.gameById(known.gameId);
      if (!game) throw new Error(`lottery game ${known.gameId} missing`);
      const { memberAccountId, houseAccountId } = await accounts.of({
        merchantCode,
        memberId,
        currency: known.currency,
        vassalage: game.vassalage,
      });
      const cancelled = await bets.transaction(async (queries, executor) => {
        const bet = await queries.lockCancellableBet(
          merchantCode,
          memberId,
          betId,
          new Date(deps.now()),
        );
        if (!bet) return undefined;
        const [refunded] = await queries.refundBets([bet.id], 'cancelled');
        if (!refunded) return undefined;
        const betType = betTypeFor(game.format, bet.betType);
        if (betType) {
          await queries.releaseLiability(
            bet.drawId,
            liabilityFor(
              betType,
              { numbers: bet.numbers, position: bet.position },
              bet.amountPerPointMinor,
            ),
          );
        }
        await ledger.transferWithin(executor, {
          id: refundTransferId(bet.id),
          debitAccountId: houseAccountId,
          creditAccountId: memberAccountId,
          amountMinor: bet.stakeMinor,
          code: LOTTERY_REFUND_CODE,
          reference: `lottery:${bet.gameCode}:${bet.drawNo}`,
        });
        if (bet.roundPerSlip) {
          await rounds.refundPartsWithin(executor, {
            vassalage: game.vassalage,
            parts: [
              {
                roundRef: slipRoundRef(bet.slipId),
                refundMinor: bet.stakeMinor,
                transactionId: refundTransferId(bet.id),
              },
            ],
          });
        } else {
          await rounds.closeWithin(executor, [
            {
              vassalage: game.vassalage,
              roundRef: betRoundRef(bet.id),
              status: 'cancelled',
              winMinor: 0n,
              refundedMinor: bet.stakeMinor,
              detail: { cancelled: true },
            },
          ]);
        }
        return refunded;
      });
      if (cancelled) return presentBet(cancelled);
      throw new AppError('LOTTERY_BET_NOT_CANCELLABLE');
    },
  };
}
