import { BUILTIN_VASSALAGE, type GameCategory } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { LedgerService } from '../ledger/index.js';
import type { EngineRounds } from '../providers/index.js';
import type { RoundAccounts } from './play-context.js';
import type { BuiltinRoundRow } from './repository.js';
import { walletDetailOf } from './round-helpers.js';

/**
 * A round's money and records inside the round's own transaction (docs/games-builtin.md, "One
 * transaction per round"): the stake and the win are ledger transfers, the betting record is a
 * `game_rounds` row written through the providers module's engine rounds, and closing that row
 * appends the `round.settled` event. The caller's transaction commits all of it or none.
 */

/** Ledger codes: bets count as turnover (withdrawals), like every game's. */
export const BUILTIN_BET_CODE = 'bet';
export const BUILTIN_WIN_CODE = 'win';

/** The ledger transfer ids of a round: its id makes a replayed step move nothing twice. */
export const ledgerBetId = (round: Pick<BuiltinRoundRow, 'id'>) => `builtin:${round.id}:bet`;
export const ledgerWinId = (round: Pick<BuiltinRoundRow, 'id'>) => `builtin:${round.id}:win`;

/** Where the betting record files a round: the game's node and category, the session's currency. */
export interface RoundRecordPlace {
  nodeId: bigint;
  gameType: GameCategory;
  currency: string;
}

/**
 * Refuses a stake the bonus engine does not allow now (a wagering bonus's max bet), inside the
 * round's transaction; the same guard the seamless wallet and the lottery call.
 */
export type RoundStakeGuard = (
  executor: Db,
  memberId: bigint,
  currency: string,
  stakeMinor: bigint,
) => Promise<void>;

export function createRoundMoney(deps: {
  ledger: LedgerService;
  engineRounds: EngineRounds;
  stakeGuard?: RoundStakeGuard | undefined;
}) {
  const { ledger, engineRounds, stakeGuard } = deps;
  const reference = (round: BuiltinRoundRow) => `${BUILTIN_VASSALAGE}:${round.id}`;

  function winTransfer(round: BuiltinRoundRow, accounts: RoundAccounts) {
    return {
      id: ledgerWinId(round),
      debitAccountId: accounts.houseAccountId,
      creditAccountId: accounts.memberAccountId,
      amountMinor: round.payoutMinor,
      code: BUILTIN_WIN_CODE,
      reference: reference(round),
    };
  }

  async function closeRecord(executor: Db, round: BuiltinRoundRow) {
    await engineRounds.closeWithin(executor, [
      {
        vassalage: BUILTIN_VASSALAGE,
        roundRef: round.id.toString(),
        status: 'settled',
        winMinor: round.payoutMinor,
        refundedMinor: 0n,
        detail: walletDetailOf(round),
      },
    ]);
  }

  return {
    /**
     * A new round's betting record (open, or closed with its event for a round settled at
     * once), then its stake and an instant round's win in one ledger statement (the stake
     * first, so a balance that cannot cover it refuses the round before any win counts). The
     * money goes last: the house account's row (16 shards shared by every player) stays locked
     * from its update to the commit, so the fewer statements after it, the less rounds queue.
     */
    async start(
      executor: Db,
      round: BuiltinRoundRow,
      accounts: RoundAccounts,
      place: RoundRecordPlace,
    ): Promise<void> {
      const settled = round.status === 'settled';
      // Instant rounds are checked by their one SQL statement; stepped rounds (Mines) open here.
      await stakeGuard?.(executor, round.memberId, place.currency, round.stakeMinor);
      await engineRounds.openWithin(executor, [
        {
          merchantCode: round.merchantCode,
          memberId: round.memberId,
          vassalage: BUILTIN_VASSALAGE,
          nodeId: place.nodeId,
          gameType: place.gameType,
          roundRef: round.id.toString(),
          currency: place.currency,
          stakeMinor: round.stakeMinor,
          detail: { engine: 'builtin', params: round.params },
        },
      ]);
      if (settled) await closeRecord(executor, round);
      const transfers = [
        {
          id: ledgerBetId(round),
          debitAccountId: accounts.memberAccountId,
          creditAccountId: accounts.houseAccountId,
          amountMinor: round.stakeMinor,
          code: BUILTIN_BET_CODE,
          reference: reference(round),
        },
      ];
      if (settled && round.payoutMinor > 0n) transfers.push(winTransfer(round, accounts));
      try {
        await ledger.transferBatchWithin(executor, transfers);
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'INSUFFICIENT_FUNDS') {
          throw new AppError('BUILTIN_INSUFFICIENT_FUNDS');
        }
        throw error;
      }
    },

    /** A stepped round's end: its record closed with its event, then its win (if any). */
    async finish(executor: Db, round: BuiltinRoundRow, accounts: RoundAccounts): Promise<void> {
      await closeRecord(executor, round);
      if (round.payoutMinor > 0n) {
        await ledger.transferBatchWithin(executor, [winTransfer(round, accounts)]);
      }
    },

    /** The member's available cash, read in the round's transaction (the answer's balance). */
    balance(executor: Db, accounts: RoundAccounts): Promise<bigint> {
      return ledger.availableWithin(executor, accounts.memberAccountId);
    },
  };
}

export type RoundMoney = ReturnType<typeof createRoundMoney>;
