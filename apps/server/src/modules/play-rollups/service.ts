import type { Db } from '../../db/database.js';
import {
  type EventConsumer,
  type EventPayload,
  type StoredEvent,
  unappliedEvents,
} from '../events/index.js';
import { rollUp } from './aggregate.js';
import { createPlayRollupsRepository, type RollupDayCell } from './repository.js';

/** Rounds one rollup batch takes (one transaction, two upserts). */
export const PLAY_ROLLUPS_BATCH_SIZE = 500;
export const PLAY_ROLLUPS_CONSUMER = 'play-rollups';
/**
 * The most settled rounds of one member that a reader adds from the raw rounds because the
 * consumer has not applied them yet. A larger backlog (the consumer stopped for a long time)
 * makes the reader skip the rollups and sum the raw rounds instead: still exact, only slower.
 */
export const PLAY_ROLLUPS_UNAPPLIED_READ_MAX = 2_000;

/** A round's provider key, as in the `round.settled` payload. */
export interface SettledRoundKey {
  vassalage: string;
  roundRef: string;
}

/**
 * Settled rounds summed per member and per agent (the member's upline), per UTC hour of the
 * round's START and game category: what the betting record totals, P&L and agent reports read
 * instead of the rounds. Keyed by start because the records count a round when it started.
 */
export function createPlayRollups(
  db: Db,
  deps: {
    /** The member module's upline lookup (read at apply time: today's upline gets the round). */
    uplinesOf: (memberIds: readonly bigint[]) => Promise<Map<bigint, bigint>>;
    /**
     * The providers module's start times of these rounds, by `vassalage|roundRef`, read in the
     * batch's transaction (the payload carries only the settlement time).
     */
    startedAtOf: (trx: Db, keys: readonly SettledRoundKey[]) => Promise<Map<string, Date>>;
  },
) {
  const repository = createPlayRollupsRepository(db);

  async function apply(trx: Db, events: StoredEvent[]): Promise<void> {
    const rounds = events.flatMap((event) =>
      event.type === 'round.settled' ? [event.payload as EventPayload<'round.settled'>] : [],
    );
    if (rounds.length === 0) return;
    const memberIds = [...new Set(rounds.map((round) => BigInt(round.memberId)))];
    const uplines = await deps.uplinesOf(memberIds);
    const starts = await deps.startedAtOf(trx, rounds);
    // The event commits with its round, and rounds are never deleted, so a start is always
    // found; an event without its round (hand-made in a test) counts at its settlement.
    const startedAtOf = (round: EventPayload<'round.settled'>) =>
      starts.get(`${round.vassalage}|${round.roundRef}`) ?? new Date(round.settledAt);
    await repository.addMemberCells(
      trx,
      rollUp(rounds, (round) => BigInt(round.memberId), startedAtOf),
    );
    await repository.addAgentCells(
      trx,
      rollUp(rounds, (round) => uplines.get(BigInt(round.memberId)) ?? null, startedAtOf),
    );
  }

  const consumer: EventConsumer = {
    name: PLAY_ROLLUPS_CONSUMER,
    batchSize: PLAY_ROLLUPS_BATCH_SIZE,
    types: ['round.settled'],
    apply,
  };

  return {
    consumer,
    memberDays: repository.memberDays,
    agentDays: repository.agentDays,
    /** A merchant's play by category over whole UTC days (operator dashboard). */
    merchantTotals: repository.merchantTotals,
    /** Members' play per game category over whole UTC days (the agent centre's reports). */
    membersPlay: repository.membersPlay,
  };
}

export type PlayRollups = ReturnType<typeof createPlayRollups>;

/**
 * Reads of a member's rollups for exact reports, on `executor`: callers run them in ONE
 * repeatable-read snapshot together with their raw-round reads (db/snapshot.ts), so the
 * rollups, the consumer's checkpoint and the rounds agree.
 */
export function playRollupsReader(executor: Db) {
  const repository = createPlayRollupsRepository(executor);
  return {
    /** Whole UTC hours in which a calendar day of `timeZone` ends (see the repository). */
    hoursSplitByDay: repository.hoursSplitByDay,
    memberCellsByLocalDay: repository.memberCellsByLocalDay,

    /**
     * The member's settled rounds that the consumer has not applied yet (committed, past its
     * checkpoint): the rollups lack exactly these. Null when there are more than
     * PLAY_ROLLUPS_UNAPPLIED_READ_MAX (read everything raw then).
     */
    async unappliedRounds(
      merchantCode: string,
      memberId: bigint,
    ): Promise<SettledRoundKey[] | null> {
      const events = await unappliedEvents(executor, {
        consumerName: PLAY_ROLLUPS_CONSUMER,
        type: 'round.settled',
        merchantCode,
        memberId,
        limit: PLAY_ROLLUPS_UNAPPLIED_READ_MAX + 1,
      });
      if (events.length > PLAY_ROLLUPS_UNAPPLIED_READ_MAX) return null;
      return events.map((event) => ({
        vassalage: event.payload.vassalage,
        roundRef: event.payload.roundRef,
      }));
    },
  };
}

export type PlayRollupsReader = ReturnType<typeof playRollupsReader>;
export type { RollupDayCell };
