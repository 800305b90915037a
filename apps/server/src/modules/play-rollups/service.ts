import type { Db } from '../../db/database.js';
import type { EventConsumer, EventPayload, StoredEvent } from '../events/index.js';
import { rollUp } from './aggregate.js';
import { createPlayRollupsRepository } from './repository.js';

/** Rounds one rollup batch takes (one transaction, two upserts). */
export const PLAY_ROLLUPS_BATCH_SIZE = 500;
export const PLAY_ROLLUPS_CONSUMER = 'play-rollups';

/**
 * Settled rounds summed per member and per agent (the member's upline), per UTC day and game
 * category: what the betting record totals, P&L and agent reports read instead of the rounds.
 */
export function createPlayRollups(
  db: Db,
  deps: {
    /** The member module's upline lookup (read at apply time: today's upline gets the round). */
    uplinesOf: (memberIds: readonly bigint[]) => Promise<Map<bigint, bigint>>;
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
    await repository.addMemberCells(
      trx,
      rollUp(rounds, (round) => BigInt(round.memberId)),
    );
    await repository.addAgentCells(
      trx,
      rollUp(rounds, (round) => uplines.get(BigInt(round.memberId)) ?? null),
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
  };
}

export type PlayRollups = ReturnType<typeof createPlayRollups>;
