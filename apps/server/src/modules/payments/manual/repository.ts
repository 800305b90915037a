import type { CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../../db/keyset-page.js';

/** The operator's queue: oldest first; index deposits_status_created_idx serves it. */
export const MANUAL_DEPOSITS_ORDER: KeysetOrder = {
  name: 'admin-deposits',
  keys: [
    { ref: 'd.created_at', type: 'timestamptz' },
    { ref: 'd.id', type: 'uuid' },
  ],
  direction: 'asc',
};
/**
 * An approval claimed longer ago than this and still not completed is taken to have died
 * half-way (a crash between the claim and the credit): the next approval finishes it.
 */
export const APPROVAL_CLAIM_STALE_MS = 30_000;

/** The decisions' conditional updates, on the executor they are given. */
function manualDepositDecisions(db: Db) {
  return {
    /**
     * Claims a pending deposit for approval (or an approval that died half-way); answers
     * false when another decision holds it.
     */
    async claimForApproval(depositId: string, operatorId: bigint): Promise<boolean> {
      const result = await db
        .updateTable('deposits')
        .set({
          status: 'approving',
          claimed_at: sql<Date>`now()`,
          resolved_by_operator_id: operatorId,
        })
        .where('id', '=', depositId)
        .where((where) =>
          where.or([
            where('status', '=', 'pending'),
            where.and([
              where('status', '=', 'approving'),
              where(
                'claimed_at',
                '<',
                sql<Date>`now() - make_interval(secs => ${APPROVAL_CLAIM_STALE_MS / 1000})`,
              ),
            ]),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async completeApproval(depositId: string): Promise<void> {
      await db
        .updateTable('deposits')
        .set({ status: 'completed', resolved_at: sql<Date>`now()` })
        .where('id', '=', depositId)
        .where('status', '=', 'approving')
        .execute();
    },

    /** Rejects a pending deposit; answers false when it is no longer pending. */
    async reject(depositId: string, operatorId: bigint, reason: string): Promise<boolean> {
      const result = await db
        .updateTable('deposits')
        .set({
          status: 'rejected',
          reject_reason: reason,
          resolved_by_operator_id: operatorId,
          resolved_at: sql<Date>`now()`,
        })
        .where('id', '=', depositId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

/**
 * The operator's side of manual bank deposits. Decisions are single conditional updates, so
 * of two concurrent decisions exactly one claims the deposit.
 */
export function createManualDepositRepository(db: Db) {
  return {
    /** A keyset page of the ids of the merchant's manual deposits in `statuses`, oldest first. */
    async pageOfIds(query: {
      merchantCode: string;
      statuses: readonly ('pending' | 'approving' | 'completed' | 'rejected')[];
      cursor?: string | undefined;
      limit: number;
    }): Promise<CursorPage<string>> {
      const page = await keysetPage(
        db
          .selectFrom('deposits as d')
          .innerJoin('payment_methods as p', (join) =>
            join
              .onRef('p.merchant_code', '=', 'd.merchant_code')
              .onRef('p.code', '=', 'd.method_code'),
          )
          .select('d.id')
          .where('d.merchant_code', '=', query.merchantCode)
          .where('p.kind', '=', 'manual_bank')
          .where('d.status', 'in', query.statuses),
        MANUAL_DEPOSITS_ORDER,
        query,
      );
      return { items: page.items.map((row) => row.id), nextCursor: page.nextCursor };
    },

    ...manualDepositDecisions(db),
    /** The decisions' updates on a transaction the caller opened (with its ledger and audit). */
    within: (executor: Db) => manualDepositDecisions(executor),
  };
}

export type ManualDepositRepository = ReturnType<typeof createManualDepositRepository>;
