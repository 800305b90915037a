import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** Operator cases opened when a player reports a withdrawal as not received. */

export interface WithdrawalCaseRecord {
  id: bigint;
  withdrawalId: string;
  status: 'open' | 'resolved';
  note: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

/** Cases listed at once. */
export const WITHDRAWAL_CASES_LIST_LIMIT = 50;

function toCase(row: {
  id: bigint;
  withdrawal_id: string;
  status: 'open' | 'resolved';
  note: string | null;
  created_at: Date;
  resolved_at: Date | null;
}): WithdrawalCaseRecord {
  return {
    id: row.id,
    withdrawalId: row.withdrawal_id,
    status: row.status,
    note: row.note,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

/** The cases' queries, on the executor they are given (the pool or a transaction). */
export function caseQueries(db: Db) {
  return {
    async cases(
      merchantCode: string,
      status: 'open' | 'resolved',
    ): Promise<WithdrawalCaseRecord[]> {
      const rows = await db
        .selectFrom('withdrawal_cases')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('status', '=', status)
        .orderBy('id')
        .limit(WITHDRAWAL_CASES_LIST_LIMIT)
        .execute();
      return rows.map(toCase);
    },

    async findCase(merchantCode: string, id: bigint): Promise<WithdrawalCaseRecord | undefined> {
      const row = await db
        .selectFrom('withdrawal_cases')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id as never)
        .executeTakeFirst();
      return row ? toCase(row) : undefined;
    },

    /** Closes an open case once; false when it was not open. */
    async resolveCase(id: bigint, operatorId: bigint, note: string): Promise<boolean> {
      const result = await db
        .updateTable('withdrawal_cases')
        .set({
          status: 'resolved',
          note,
          resolved_by_operator_id: operatorId.toString(),
          resolved_at: sql<Date>`now()`,
        })
        .where('id', '=', id as never)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
