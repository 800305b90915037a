import type { Db } from '../../../db/database.js';
import type { EventConsumer, EventPayload, StoredEvent } from '../../events/index.js';
import { membersOf, teamCellsOf } from './cells.js';
import { createTeamRollupsRepository } from './repository.js';

/** Events one batch takes (one transaction, one upsert per table). */
export const TEAM_ROLLUPS_BATCH_SIZE = 500;
export const TEAM_ROLLUPS_CONSUMER = 'agent-team-rollups';

/** A settled round's provider key (as play-rollups reads start times). */
interface RoundKey {
  vassalage: string;
  roundRef: string;
}

/**
 * The agent centre's team rollups, a consumer of the event stream (docs/events.md): every
 * settled round, deposit, withdrawal and member transfer is added to the rows of each of the
 * member's uplines (the member module's closure table, read at apply time: a later move does not
 * move old rows, as for the play rollups), in the batch's transaction with the checkpoint.
 */
export function createTeamRollupsConsumer(deps: {
  /** Each member's chain of uplines, nearest first (member module). */
  ancestorChainsOf: (memberIds: readonly bigint[]) => Promise<Map<bigint, bigint[]>>;
  /** The providers module's start times of these rounds, by `vassalage|roundRef`. */
  startedAtOf: (trx: Db, keys: readonly RoundKey[]) => Promise<Map<string, Date>>;
}): EventConsumer {
  async function apply(trx: Db, events: StoredEvent[]): Promise<void> {
    const chains = await deps.ancestorChainsOf(membersOf(events));
    if (chains.size === 0) return;
    const rounds = events.flatMap((event) =>
      event.type === 'round.settled' && event.memberId !== null && chains.has(event.memberId)
        ? [event.payload as EventPayload<'round.settled'>]
        : [],
    );
    const starts =
      rounds.length === 0 ? new Map<string, Date>() : await deps.startedAtOf(trx, rounds);
    const cells = teamCellsOf(
      events,
      chains,
      (round) => starts.get(`${round.vassalage}|${round.roundRef}`) ?? new Date(round.settledAt),
    );
    await createTeamRollupsRepository(trx).addCells(trx, cells);
  }
  return {
    name: TEAM_ROLLUPS_CONSUMER,
    batchSize: TEAM_ROLLUPS_BATCH_SIZE,
    types: ['round.settled', 'deposit.credited', 'withdrawal.paid', 'member-transfer.completed'],
    apply,
  };
}
