import type { Db } from '../../db/database.js';
import type { EventConsumer, EventPayload, StoredEvent } from '../events/index.js';
import type { PromotionRow } from './repository.js';
import { issueRewardWithin, qualifies, type RewardDeps, rewardKeyOf } from './rewards.js';
import { isBonusReward } from './rules.js';

export const PROMOTION_DEPOSITS_CONSUMER = 'promotions-deposits';
export const PROMOTION_RAFFLE_TICKETS_CONSUMER = 'promotions-raffle-tickets';
/** Deposits per batch: each may grant a bonus, so batches stay small and quick. */
export const PROMOTION_DEPOSITS_BATCH_SIZE = 100;
/** Settled rounds per batch: one read of the running raffles, one update per ticket holder. */
export const PROMOTION_RAFFLE_BATCH_SIZE = 500;

export interface ConsumerDeps extends RewardDeps {
  logError(details: object, message: string): void;
}

function depositMatches(promotion: PromotionRow, ordinal: number): boolean {
  const nth = promotion.qualifier.depositNth;
  return nth === null || nth === ordinal;
}

/**
 * `deposit.credited`: counts the member's deposits (the first, the Nth) and grants the reward
 * of each running deposit promotion the member joined (or that applies by itself), in the
 * batch's transaction. One grant per member and promotion: the participation row moves from
 * `joined` to `issued` under its lock, and the grant's idempotency key is the same on a retry.
 */
export function createDepositConsumer(deps: ConsumerDeps): EventConsumer {
  async function applyOne(trx: Db, event: StoredEvent & { type: 'deposit.credited' }) {
    const payload: EventPayload<'deposit.credited'> = event.payload;
    const memberId = BigInt(payload.memberId);
    const ordinal = await deps.repository.countDeposit(trx, event.merchantCode, memberId);
    const promotions = await deps.repository.runningForDeposit(
      trx,
      event.merchantCode,
      event.occurredAt,
    );
    for (const promotion of promotions.filter((candidate) => depositMatches(candidate, ordinal))) {
      if (isBonusReward(promotion.reward) && !deps.bonus) {
        deps.logError(
          { promotionId: promotion.id.toString() },
          'promotion bonus skipped: no bonus engine',
        );
        continue;
      }
      let participation = (
        await deps.repository.lockParticipations(trx, promotion.id, [memberId])
      )[0];
      if (!participation && promotion.takeMode === 'auto') {
        // This deposit is already counted: a new player is one whose deposit is the first.
        if (promotion.qualifier.newPlayersOnly && ordinal !== 1) continue;
        const otherRules = {
          ...promotion,
          qualifier: { ...promotion.qualifier, newPlayersOnly: false },
        };
        if (!(await qualifies(deps, trx, otherRules, memberId))) continue;
        participation = (
          await deps.repository.insertParticipation(trx, {
            promotionId: promotion.id,
            merchantCode: event.merchantCode,
            memberId,
            status: 'joined',
          })
        ).row;
      }
      if (participation?.status !== 'joined') continue;
      const issued = await issueRewardWithin(deps, trx, {
        promotion,
        memberId,
        currency: payload.currency,
        depositMinor: BigInt(payload.amountMinor),
        key: rewardKeyOf(promotion.id, memberId, ''),
      });
      if (!issued) continue;
      await deps.repository.updateParticipation(trx, participation.id, {
        ...issued,
        status: 'issued',
        depositId: payload.depositId,
      });
    }
  }

  return {
    name: PROMOTION_DEPOSITS_CONSUMER,
    batchSize: PROMOTION_DEPOSITS_BATCH_SIZE,
    types: ['deposit.credited'],
    async apply(trx, events) {
      for (const event of events) {
        if (event.type === 'deposit.credited') await applyOne(trx, event);
      }
    },
  };
}

/**
 * `round.settled`: adds each settled round's valid bet to the member's running raffles (joined,
 * or every member for an automatic raffle) and turns it into tickets, one per `ticketEvery`,
 * keeping the remainder for the next round. Rounds settled outside a raffle's window count not.
 */
export function createRaffleTicketConsumer(deps: ConsumerDeps): EventConsumer {
  return {
    name: PROMOTION_RAFFLE_TICKETS_CONSUMER,
    batchSize: PROMOTION_RAFFLE_BATCH_SIZE,
    types: ['round.settled'],
    async apply(trx, events) {
      const settled = events.filter((event) => event.type === 'round.settled');
      const merchants = [...new Set(settled.map((event) => event.merchantCode))];
      const raffles = await deps.repository.runningRaffles(trx, merchants);
      for (const raffle of raffles) {
        if (raffle.reward.kind !== 'raffle') continue;
        const betByMember = new Map<bigint, bigint>();
        for (const event of settled) {
          if (event.merchantCode !== raffle.merchantCode) continue;
          const payload = event.payload as EventPayload<'round.settled'>;
          const at = new Date(payload.settledAt);
          if (at < raffle.startsAt || at >= raffle.endsAt) continue;
          const memberId = BigInt(payload.memberId);
          betByMember.set(
            memberId,
            (betByMember.get(memberId) ?? 0n) + BigInt(payload.validBetMinor),
          );
        }
        await addTickets(deps, trx, raffle, betByMember, BigInt(raffle.reward.ticketEveryMinor));
      }
    },
  };
}

async function addTickets(
  deps: ConsumerDeps,
  trx: Db,
  raffle: PromotionRow,
  betByMember: Map<bigint, bigint>,
  ticketEveryMinor: bigint,
): Promise<void> {
  if (betByMember.size === 0 || ticketEveryMinor <= 0n) return;
  if (raffle.takeMode === 'auto') {
    for (const memberId of betByMember.keys()) {
      await deps.repository.insertParticipation(trx, {
        promotionId: raffle.id,
        merchantCode: raffle.merchantCode,
        memberId,
        status: 'joined',
      });
    }
  }
  const rows = await deps.repository.lockParticipations(trx, raffle.id, [...betByMember.keys()]);
  for (const row of rows) {
    if (row.status !== 'joined') continue;
    const total = row.raffleCarryMinor + (betByMember.get(row.memberId) ?? 0n);
    await deps.repository.updateParticipation(trx, row.id, {
      raffleTickets: row.raffleTickets + Number(total / ticketEveryMinor),
      raffleCarryMinor: total % ticketEveryMinor,
    });
  }
}
