import type { LoyaltyRewardKind } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { LedgerService } from '../ledger/index.js';

/** The ledger code of loyalty cash rewards: the account record shows them as bonuses. */
export const LOYALTY_CASH_TRANSFER_CODE = 'bonus';

/** One reward to pay, in the caller's transaction, idempotent by `transferId`. */
export interface RewardPayment {
  merchantCode: string;
  currency: string;
  memberId: bigint;
  kind: LoyaltyRewardKind;
  /** Minor units for cash and bonus, whole points for points. */
  amount: bigint;
  /** The idempotency key: a second payment of the same id moves nothing. */
  transferId: string;
  /** Why: the points module's reason and the system account that pays cash. */
  reason: 'mission' | 'referral';
  remark: string;
}

/** Credits points in the caller's transaction (the points module's `creditPointsWithin`). */
export type CreditPointsWithin = (
  trx: Db,
  input: {
    merchantCode: string;
    memberId: bigint;
    points: bigint;
    reason: 'mission' | 'referral';
    remark: string;
    idempotencyKey: string;
  },
) => Promise<unknown>;

/** Grants bonus money in the caller's transaction (the bonus engine's `grantWithin`). */
export type GrantBonusWithin = (
  trx: Db,
  input: {
    merchantCode: string;
    memberId: bigint;
    currency: string;
    amountMinor: bigint;
    reason: 'mission' | 'referral';
    idempotencyKey: string;
  },
) => Promise<unknown>;

export interface RewardPayer {
  /** Pays one reward in `trx`; a repeat of the same transfer id replays. */
  payWithin(trx: Db, payment: RewardPayment): Promise<void>;
  /** Whether this site can pay rewards of a kind (operators cannot set the others). */
  supports(kind: LoyaltyRewardKind): boolean;
}

/**
 * How loyalty rewards reach the member, one switch for every kind: cash is a ledger transfer
 * from the merchant's `loyalty:<reason>` account; points go through the points module when it is
 * wired (`creditPoints`); bonus money through the bonus engine (`grantBonus`), with its
 * wagering requirement. A kind that is not wired is refused (MISSION_REWARD_KIND_UNAVAILABLE).
 */
export function createRewardPayer(deps: {
  ledger: LedgerService;
  creditPoints?: CreditPointsWithin | undefined;
  grantBonus?: GrantBonusWithin | undefined;
}): RewardPayer {
  const { ledger, creditPoints, grantBonus } = deps;

  async function payCash(trx: Db, payment: RewardPayment): Promise<void> {
    const [member, house] = await Promise.all([
      ledger.memberAccount({
        merchantCode: payment.merchantCode,
        memberId: payment.memberId,
        asset: 'cash',
        currency: payment.currency,
      }),
      ledger.systemAccount({
        merchantCode: payment.merchantCode,
        code: `loyalty:${payment.reason}`,
        asset: 'cash',
        currency: payment.currency,
      }),
    ]);
    await ledger.transferWithin(trx, {
      id: payment.transferId,
      debitAccountId: house,
      creditAccountId: member,
      amountMinor: payment.amount,
      code: LOYALTY_CASH_TRANSFER_CODE,
      reference: payment.remark,
    });
  }

  return {
    supports: (kind) =>
      kind === 'cash' ||
      (kind === 'points' && creditPoints !== undefined) ||
      (kind === 'bonus' && grantBonus !== undefined),
    async payWithin(trx, payment) {
      switch (payment.kind) {
        case 'cash':
          return payCash(trx, payment);
        case 'points':
          if (!creditPoints) throw new AppError('MISSION_REWARD_KIND_UNAVAILABLE');
          await creditPoints(trx, {
            merchantCode: payment.merchantCode,
            memberId: payment.memberId,
            points: payment.amount,
            reason: payment.reason,
            remark: payment.remark,
            idempotencyKey: payment.transferId,
          });
          return;
        case 'bonus':
          if (!grantBonus) throw new AppError('MISSION_REWARD_KIND_UNAVAILABLE');
          await grantBonus(trx, {
            merchantCode: payment.merchantCode,
            memberId: payment.memberId,
            currency: payment.currency,
            amountMinor: payment.amount,
            reason: payment.reason,
            idempotencyKey: payment.transferId,
          });
          return;
      }
    },
  };
}
