import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A merchant's money over a period, and its queues now: what the operator dashboard shows. */
export interface PaymentTotals {
  /** Deposits completed in the period (resolved_at in it), minor units. */
  depositsMinor: bigint;
  /** Withdrawals paid out (approved) in the period, minor units. */
  withdrawalsMinor: bigint;
  pendingDeposits: number;
  pendingWithdrawals: number;
  openWithdrawalCases: number;
}

/** Read-only sums over the payments tables for the operator dashboard. */
export function createPaymentTotals(db: Db) {
  return {
    async totals(merchantCode: string, from: Date, to: Date): Promise<PaymentTotals> {
      const result = await sql<{
        deposits_minor: string;
        withdrawals_minor: string;
        pending_deposits: string;
        pending_withdrawals: string;
        open_cases: string;
      }>`
        SELECT
          (SELECT coalesce(sum(amount_minor), 0) FROM deposits
            WHERE merchant_code = ${merchantCode} AND status = 'completed'
              AND resolved_at >= ${from} AND resolved_at < ${to})::text AS deposits_minor,
          (SELECT coalesce(sum(amount_minor), 0) FROM withdrawals
            WHERE merchant_code = ${merchantCode} AND status = 'approved'
              AND resolved_at >= ${from} AND resolved_at < ${to})::text AS withdrawals_minor,
          (SELECT count(*) FROM deposits
            WHERE merchant_code = ${merchantCode} AND status IN ('pending', 'approving'))::text
            AS pending_deposits,
          (SELECT count(*) FROM withdrawals
            WHERE merchant_code = ${merchantCode} AND status = 'pending')::text
            AS pending_withdrawals,
          (SELECT count(*) FROM withdrawal_cases
            WHERE merchant_code = ${merchantCode} AND status = 'open')::text AS open_cases
      `.execute(db);
      const row = result.rows[0];
      return {
        depositsMinor: BigInt(row?.deposits_minor ?? 0),
        withdrawalsMinor: BigInt(row?.withdrawals_minor ?? 0),
        pendingDeposits: Number(row?.pending_deposits ?? 0),
        pendingWithdrawals: Number(row?.pending_withdrawals ?? 0),
        openWithdrawalCases: Number(row?.open_cases ?? 0),
      };
    },
  };
}

export type PaymentTotalsReader = ReturnType<typeof createPaymentTotals>;
