import type { Db } from '../../db/database.js';
import type { EventConsumer, StoredEvent } from '../events/index.js';
import type { DailyActivity, VipRepository } from './repository.js';

/** The consumer's checkpoint name: stable (renaming it replays the retained stream). */
export const VIP_RANKS_CONSUMER = 'vip-ranks';
/** Events per batch: one upsert of the days and one evaluation of the batch's members. */
export const VIP_RANKS_BATCH_SIZE = 500;
/** The rolling window of a merchant that has not set one. */
export const VIP_DEFAULT_WINDOW_DAYS = 30;

function activityOf(events: readonly StoredEvent[]): DailyActivity[] {
  const byKey = new Map<string, DailyActivity>();
  for (const event of events) {
    if (event.type !== 'round.settled' && event.type !== 'deposit.credited') continue;
    const memberId = BigInt(event.payload.memberId);
    const day = event.occurredAt.toISOString().slice(0, 10);
    const key = `${memberId}:${day}`;
    const row = byKey.get(key) ?? {
      memberId,
      merchantCode: event.merchantCode,
      day,
      turnoverMinor: 0n,
      depositMinor: 0n,
    };
    if (event.type === 'round.settled') row.turnoverMinor += BigInt(event.payload.validBetMinor);
    else row.depositMinor += BigInt(event.payload.amountMinor);
    byKey.set(key, row);
  }
  return [...byKey.values()];
}

/**
 * Keeps each member's club rank current as they play and deposit: adds the batch's valid bets
 * and deposits to per-day rows, then places the batch's members by their rolling window, in the
 * batch's transaction (the checkpoint commits with it, so each event counts once).
 */
export function createVipRanksConsumer(repository: VipRepository): EventConsumer {
  return {
    name: VIP_RANKS_CONSUMER,
    batchSize: VIP_RANKS_BATCH_SIZE,
    types: ['round.settled', 'deposit.credited'],
    async apply(trx: Db, events: StoredEvent[]) {
      const activity = activityOf(events);
      if (activity.length === 0) return;
      await repository.addActivity(trx, activity);
      const members = [...new Set(activity.map((row) => row.memberId))];
      await repository.evaluate(trx, members, VIP_DEFAULT_WINDOW_DAYS);
    },
  };
}
