import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { ledgerWithin, POINTS_SPENT_ACCOUNT } from './ledger-accounts.js';
import type { RedemptionRecord } from './repository.js';

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

/**
 * Delivers an approved redemption: the held points are spent, and a cash or bonus reward pays
 * its amount into the member's cash. A bonus engine (branch `bonus`) will take the bonus rewards
 * over at merge; until then they are paid as cash (docs/loyalty-points-ranks.md).
 */
export async function deliverRedemption(trx: Db, record: RedemptionRecord): Promise<void> {
  const accounts = ledgerWithin(trx);
  await accounts.ledger.postPendingWithin(trx, {
    id: `${record.holdTransferId}:post`,
    pendingId: record.holdTransferId,
  });
  if (record.amountMinor <= 0n || (record.rewardType !== 'cash' && record.rewardType !== 'bonus')) {
    return;
  }
  const [source, wallet] = [
    await accounts.systemCashAccount(record.merchantCode, record.currency, record.memberId),
    await accounts.memberCashAccount(record.merchantCode, record.memberId, record.currency),
  ];
  await accounts.ledger.transferWithin(trx, {
    id: `points-reward:${record.referenceNo}`,
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
