import { MEMBER_BALANCE_TOPIC, type MemberBalanceChanged } from '@app/contract';
import type { Db } from '../../db/database.js';
import {
  memberTopicKey,
  REALTIME_NOTIFY_CHANNEL,
  realtimeNotifyPayload,
} from '../../realtime/index.js';
import type { EventConsumer, EventType, StoredEvent } from '../events/index.js';
import { notifyWithin } from './repository.js';

/** Events one batch takes: at most one NOTIFY per member of the batch. */
export const BALANCE_PUSH_BATCH_SIZE = 500;
export const BALANCE_PUSH_CONSUMER = 'balance-push';

/** Every event type that moves a member's balance today. */
export const BALANCE_MOVING_EVENT_TYPES = [
  'round.settled',
  'deposit.credited',
  'withdrawal.paid',
  'game.bet-placed',
  'game.win-paid',
  'game.bet-refunded',
  'lottery.slip-placed',
  'balance.adjusted',
  'member-transfer.completed',
  'wallet.transfer-moved',
  'withdrawal.rejected',
  // A converted bonus moves its amount from the bonus wallet into the member's cash.
  'bonus.converted',
] as const satisfies readonly EventType[];

/** The members whose balance an event moved: a member transfer moves two. */
function membersMovedBy(event: StoredEvent): string[] {
  if (event.type === 'member-transfer.completed') {
    return [event.payload.memberId, event.payload.toMemberId];
  }
  return [event.payload.memberId];
}

/** One nudge per merchant and member of the batch, with the reason of its latest event. */
export function balanceNudges(
  events: readonly StoredEvent[],
): { merchantCode: string; memberId: string; reason: string }[] {
  const latest = new Map<string, { merchantCode: string; memberId: string; reason: string }>();
  for (const event of events) {
    if (!(BALANCE_MOVING_EVENT_TYPES as readonly string[]).includes(event.type)) continue;
    for (const memberId of membersMovedBy(event)) {
      latest.set(`${event.merchantCode}:${memberId}`, {
        merchantCode: event.merchantCode,
        memberId,
        reason: event.type,
      });
    }
  }
  return [...latest.values()];
}

/**
 * Tells a member's open pages that the balance changed (topic `member.balance`, mapped to the
 * member's own key). Only the reason travels, never an amount: the page refetches the balance
 * with its own session.
 */
export function createBalancePush(deps: { channel?: string } = {}) {
  const channel = deps.channel ?? REALTIME_NOTIFY_CHANNEL;

  async function apply(trx: Db, events: StoredEvent[]): Promise<void> {
    const payloads = balanceNudges(events).map((nudge) => {
      const data: MemberBalanceChanged = { reason: nudge.reason };
      return realtimeNotifyPayload({
        merchantCode: nudge.merchantCode,
        topic: memberTopicKey(nudge.memberId, MEMBER_BALANCE_TOPIC),
        data,
      });
    });
    await notifyWithin(trx, channel, payloads);
  }

  const consumer: EventConsumer = {
    name: BALANCE_PUSH_CONSUMER,
    batchSize: BALANCE_PUSH_BATCH_SIZE,
    types: [...BALANCE_MOVING_EVENT_TYPES],
    apply,
  };
  return { consumer };
}

export type BalancePush = ReturnType<typeof createBalancePush>;
