import type { CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../../db/keyset-page.js';

/** Operator cases opened when a player reports a withdrawal as not received. */

export interface WithdrawalCaseRecord {
  id: bigint;
  withdrawalId: string;
  status: 'open' | 'resolved';
  note: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

/** Oldest first by id; index withdrawal_cases_open_idx (merchant_code, status, id) serves it. */
export const WITHDRAWAL_CASES_ORDER: KeysetOrder = {
  name: 'admin-withdrawal-cases',
  keys: [{ ref: 'id', type: 'bigint' }],
  direction: 'asc',
};

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
    /** A keyset page of the merchant's cases of a status, oldest first. */
    async cases(query: {
      merchantCode: string;
      status: 'open' | 'resolved';
      cursor?: string | undefined;
      limit: number;
    }): Promise<CursorPage<WithdrawalCaseRecord>> {
      const page = await keysetPage(
        db
          .selectFrom('withdrawal_cases')
          .selectAll()
          .where('merchant_code', '=', query.merchantCode)
          .where('status', '=', query.status),
        WITHDRAWAL_CASES_ORDER,
        query,
      );
      return { items: page.items.map(toCase), nextCursor: page.nextCursor };
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
