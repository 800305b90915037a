import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { ledgerWithin, POINTS_SPENT_ACCOUNT } from './ledger-accounts.js';
import type { RedemptionRecord, RewardRecord } from './repository.js';

/** Ledger steps of a redemption, each in the caller's transaction with the redemption's row. */

export function holdIdOf(referenceNo: string): string {
  return `points-redeem:${referenceNo}`;
}

/** Holds the redemption's points on the member's account (two-phase: posted or voided later). */
export async function holdPoints(
  trx: Db,
  input: {
    merchantCode: string;
    memberId: bigint;
    referenceNo: string;
    points: bigint;
    remark: string;
  },
): Promise<void> {
  const accounts = ledgerWithin(trx);
  const member = await accounts.memberPointsAccount(input.merchantCode, input.memberId);
  const spent = await accounts.systemPointsAccount(
    input.merchantCode,
    POINTS_SPENT_ACCOUNT,
    input.memberId,
  );
  try {
    await accounts.ledger.holdWithin(trx, {
      id: holdIdOf(input.referenceNo),
      debitAccountId: member,
      creditAccountId: spent,
      amountMinor: input.points,
      code: 'points.redeem',
      reference: input.remark,
    });
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'INSUFFICIENT_FUNDS') {
      throw new AppError('POINTS_INSUFFICIENT');
    }
    throw error;
  }
}

/** Where bonus and free-spins rewards go: the bonus engine and the free-spins module (services.ts). */
export interface RedemptionRewardPorts {
  /** Credits a bonus with its wagering (multiple x amount) in the caller's transaction. */
  grantBonusWithin(
    trx: Db,
    grant: {
      merchantCode: string;
      memberId: bigint;
      currency: string;
      amountMinor: bigint;
      wageringMultiple: number;
      idempotencyKey: string;
    },
  ): Promise<unknown>;
  /** Grants free spins on a built-in slot in the caller's transaction. */
  grantFreeSpinsWithin(
    trx: Db,
    grant: {
      merchantCode: string;
      memberId: bigint;
      currency: string;
      gameCode: string;
      spins: number;
      betPerLineMinor: bigint;
      wageringMultiple: number;
      idempotencyKey: string;
    },
  ): Promise<unknown>;
}

/** The grant key of a redemption's reward: one grant per redemption, ever. */
const rewardKeyOf = (record: RedemptionRecord) => `points-reward:${record.referenceNo}`;

/**
 * Delivers an approved redemption in the caller's transaction: the held points are spent, and
 * the reward follows. Cash is paid into the member's wallet, a bonus is granted by the bonus
 * engine with the reward's wagering, free spins are granted on the reward's slot. The reward's
 * terms are read as they stand at delivery (an operator's edit before approval applies).
 */
export async function deliverRedemption(
  trx: Db,
  record: RedemptionRecord,
  delivery: { reward: RewardRecord | undefined; ports: RedemptionRewardPorts },
): Promise<void> {
  const accounts = ledgerWithin(trx);
  await accounts.ledger.postPendingWithin(trx, {
    id: `${record.holdTransferId}:post`,
    pendingId: record.holdTransferId,
  });
  const { reward, ports } = delivery;
  const wageringMultiple = reward?.wageringMultiple ?? 1;
  if (record.rewardType === 'bonus' && record.amountMinor > 0n) {
    await ports.grantBonusWithin(trx, {
      merchantCode: record.merchantCode,
      memberId: record.memberId,
      currency: record.currency,
      amountMinor: record.amountMinor,
      wageringMultiple,
      idempotencyKey: rewardKeyOf(record),
    });
    return;
  }
  if (record.rewardType === 'free_spins') {
    if (!reward?.freeSpins) throw new AppError('POINT_REWARD_UNAVAILABLE');
    await ports.grantFreeSpinsWithin(trx, {
      merchantCode: record.merchantCode,
      memberId: record.memberId,
      currency: record.currency,
      gameCode: reward.freeSpins.gameCode,
      spins: reward.freeSpins.spins * record.quantity,
      betPerLineMinor: reward.freeSpins.betPerLineMinor,
      wageringMultiple,
      idempotencyKey: rewardKeyOf(record),
    });
    return;
  }
  if (record.rewardType !== 'cash' || record.amountMinor <= 0n) return;
  const [source, wallet] = [
    await accounts.systemCashAccount(record.merchantCode, record.currency, record.memberId),
    await accounts.memberCashAccount(record.merchantCode, record.memberId, record.currency),
  ];
  await accounts.ledger.transferWithin(trx, {
    id: rewardKeyOf(record),
    debitAccountId: source,
    creditAccountId: wallet,
    amountMinor: record.amountMinor,
    code: 'points.reward',
    reference: record.referenceNo,
  });
}

/** Releases a rejected redemption's hold: the member keeps the points. */
export async function releaseRedemption(trx: Db, record: RedemptionRecord): Promise<void> {
  await ledgerWithin(trx).ledger.voidPendingWithin(trx, {
    id: `${record.holdTransferId}:void`,
    pendingId: record.holdTransferId,
  });
}
