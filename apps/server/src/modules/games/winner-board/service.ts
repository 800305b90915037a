import { memberTypes } from '@app/contract';
import type { Db } from '../../../db/database.js';
import type { EventConsumer, EventPayload, StoredEvent } from '../../events/index.js';
import { CATALOGUE_LOOKBACK_DAYS } from '../query/repository.js';
import { createWinnerBoardRepository, type NewBigWin } from './repository.js';

export const WINNER_BOARD_CONSUMER = 'games-winner-board';
/** Settled rounds one batch of the consumer takes (one transaction, one insert). */
export const WINNER_BOARD_BATCH_SIZE = 500;
/** Expired wins deleted per batch: the table stays near the board's window without long deletes. */
export const WINNER_BOARD_PRUNE_LIMIT = 1_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the board needs to know of a member: the account name shown, and whether it is a trial. */
export interface BoardMember {
  username: string;
  type: number;
}

type SettledRound = EventPayload<'round.settled'>;

function winningRounds(events: readonly StoredEvent[]): (SettledRound & { gameCode: string })[] {
  return events.flatMap((event) => {
    if (event.type !== 'round.settled') return [];
    const round = event.payload as SettledRound;
    const { gameCode } = round;
    return BigInt(round.winMinor) > 0n && gameCode !== null ? [{ ...round, gameCode }] : [];
  });
}

function toBigWin(round: SettledRound & { gameCode: string }, username: string): NewBigWin {
  return {
    merchantCode: round.merchantCode,
    vassalage: round.vassalage,
    gameCode: round.gameCode,
    roundRef: round.roundRef,
    memberId: BigInt(round.memberId),
    username,
    winMinor: BigInt(round.winMinor),
    netStakeMinor: BigInt(round.validBetMinor),
    settledAt: new Date(round.settledAt),
  };
}

/**
 * The winner board's feed: a consumer of `round.settled` that keeps the winning rounds of real
 * members (trial accounts play with demo money and are left out) for the board's window.
 */
export function createWinnerBoard(deps: {
  /** The member module's batch read by ids (one read per batch of rounds). */
  membersOf: (ids: readonly bigint[]) => Promise<ReadonlyMap<bigint, BoardMember>>;
  clock?: () => Date;
}) {
  const repository = createWinnerBoardRepository();
  const clock = deps.clock ?? (() => new Date());

  async function apply(trx: Db, events: StoredEvent[]): Promise<void> {
    const rounds = winningRounds(events);
    if (rounds.length > 0) {
      const members = await deps.membersOf(rounds.map((round) => BigInt(round.memberId)));
      const wins = rounds.flatMap((round) => {
        const member = members.get(BigInt(round.memberId));
        return member && member.type !== memberTypes.trial
          ? [toBigWin(round, member.username)]
          : [];
      });
      await repository.addWins(trx, wins);
    }
    const cutoff = new Date(clock().getTime() - CATALOGUE_LOOKBACK_DAYS * DAY_MS);
    await repository.pruneBefore(trx, cutoff, WINNER_BOARD_PRUNE_LIMIT);
  }

  const consumer: EventConsumer = {
    name: WINNER_BOARD_CONSUMER,
    batchSize: WINNER_BOARD_BATCH_SIZE,
    types: ['round.settled'],
    apply,
  };
  return { consumer };
}

export type WinnerBoard = ReturnType<typeof createWinnerBoard>;
