import type { Db } from '../../db/database.js';
import type { EventConsumer, StoredEvent } from '../events/index.js';
import { creditPointsWithin } from './credit.js';
import { pointsEarned, ruleFor } from './earn.js';
import type { PointRule, PointsRepository } from './repository.js';

/** The consumer's checkpoint name: stable (renaming it replays the retained stream). */
export const POINTS_PLAY_CONSUMER = 'points-play';
/** Settled rounds per batch: one transaction with one points transfer per member of the batch. */
export const POINTS_PLAY_BATCH_SIZE = 500;

/** The member type of trial (free demo) accounts, which earn nothing. */
const TRIAL_MEMBER_TYPE = 4;

interface MemberEarning {
  merchantCode: string;
  memberId: bigint;
  points: bigint;
  rounds: number;
  lastEventId: bigint;
}

type SettledEvent = Extract<StoredEvent, { type: 'round.settled' }>;

function earningsOf(
  events: readonly SettledEvent[],
  rulesByMerchant: Map<string, PointRule[]>,
): MemberEarning[] {
  const byMember = new Map<string, MemberEarning>();
  for (const event of events) {
    const payload = event.payload;
    const points = pointsEarned(
      BigInt(payload.validBetMinor),
      ruleFor(rulesByMerchant.get(event.merchantCode) ?? [], payload.gameCategory),
    );
    if (points === 0n) continue;
    const key = `${event.merchantCode}:${payload.memberId}`;
    const earning = byMember.get(key) ?? {
      merchantCode: event.merchantCode,
      memberId: BigInt(payload.memberId),
      points: 0n,
      rounds: 0,
      lastEventId: event.id,
    };
    earning.points += points;
    earning.rounds += 1;
    if (event.id > earning.lastEventId) earning.lastEventId = event.id;
    byMember.set(key, earning);
  }
  return [...byMember.values()];
}

/**
 * Credits points for settled rounds by the merchant's rules, one ledger transfer per member and
 * batch, in the batch's transaction: the checkpoint and the credits commit together, so each
 * round earns once. The transfer id (member and the member's last event of the batch) makes a
 * replay after a crash between commit and checkpoint impossible to double-count as well.
 */
export function createPointsPlayConsumer(deps: {
  repository: PointsRepository;
  memberTypesOf: (ids: readonly bigint[]) => Promise<Map<bigint, number>>;
}): EventConsumer {
  return {
    name: POINTS_PLAY_CONSUMER,
    batchSize: POINTS_PLAY_BATCH_SIZE,
    types: ['round.settled'],
    async apply(trx: Db, events: StoredEvent[]) {
      const settled = events.filter(
        (event): event is SettledEvent => event.type === 'round.settled',
      );
      if (settled.length === 0) return;
      const merchants = [...new Set(settled.map((event) => event.merchantCode))];
      const rules = await deps.repository.rulesOf(trx, merchants);
      const earnings = earningsOf(settled, rules);
      if (earnings.length === 0) return;
      const types = await deps.memberTypesOf(earnings.map((earning) => earning.memberId));
      for (const earning of earnings) {
        if (types.get(earning.memberId) === TRIAL_MEMBER_TYPE) continue;
        await creditPointsWithin(trx, {
          merchantCode: earning.merchantCode,
          memberId: Number(earning.memberId),
          points: earning.points,
          reason: 'play',
          remark: `${earning.rounds} round${earning.rounds === 1 ? '' : 's'} played`,
          idempotencyKey: `play:${earning.memberId}:${earning.lastEventId}`,
        });
      }
    },
  };
}
