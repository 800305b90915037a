import type { Db } from '../../db/database.js';
import { createLedgerService } from '../ledger/index.js';

/**
 * Points are the ledger's second asset (ARCHITECTURE.md §6): whole points, one ledger unit each,
 * under this pseudo-currency so that they never mix with any cash currency.
 */
export const POINTS_CURRENCY = 'PTS';
/** The system account points are issued from (it goes negative by what members hold). */
export const POINTS_ISSUER_ACCOUNT = 'points-issuer';
/** The system account that receives points spent on rewards and conversions. */
export const POINTS_SPENT_ACCOUNT = 'points-spent';
/** The system cash account that pays cash rewards and conversions. */
export const POINTS_CASH_ACCOUNT = 'points-rewards';

/** The ledger over the caller's transaction: accounts and transfers commit with its rows. */
export function ledgerWithin(trx: Db) {
  const ledger = createLedgerService(trx);
  return {
    ledger,
    memberPointsAccount: (merchantCode: string, memberId: bigint) =>
      ledger.memberAccount({ merchantCode, memberId, asset: 'points', currency: POINTS_CURRENCY }),
    systemPointsAccount: (merchantCode: string, code: string, memberId: bigint) =>
      ledger.systemAccount({
        merchantCode,
        code,
        asset: 'points',
        currency: POINTS_CURRENCY,
        shardKey: memberId.toString(),
      }),
    memberCashAccount: (merchantCode: string, memberId: bigint, currency: string) =>
      ledger.memberAccount({ merchantCode, memberId, asset: 'cash', currency }),
    systemCashAccount: (merchantCode: string, currency: string, memberId: bigint) =>
      ledger.systemAccount({
        merchantCode,
        code: POINTS_CASH_ACCOUNT,
        asset: 'cash',
        currency,
        shardKey: memberId.toString(),
      }),
  };
}
