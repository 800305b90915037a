import type { Db } from '../../db/database.js';

export type AdjustmentRequestStatus = 'pending' | 'approved' | 'rejected';

export interface AdjustmentRequestRow {
  id: bigint;
  merchantCode: string;
  memberId: bigint;
  amountMinor: bigint;
  currency: string;
  reason: string;
  requestedBy: bigint;
  requestedByUsername: string;
  requestKey: string;
  status: AdjustmentRequestStatus;
  decidedBy: bigint | null;
  decidedByUsername: string | null;
  rejectReason: string | null;
  transferId: string | null;
  createdAt: Date;
}

const columns = [
  'id',
  'merchant_code',
  'member_id',
  'amount_minor',
  'currency',
  'reason',
  'requested_by',
  'requested_by_username',
  'request_key',
  'status',
  'decided_by',
  'decided_by_username',
  'reject_reason',
  'transfer_id',
  'created_at',
] as const;

function toRow(row: {
  id: bigint;
  merchant_code: string;
  member_id: bigint;
  amount_minor: bigint;
  currency: string;
  reason: string;
  requested_by: bigint;
  requested_by_username: string;
  request_key: string;
  status: AdjustmentRequestStatus;
  decided_by: bigint | null;
  decided_by_username: string | null;
  reject_reason: string | null;
  transfer_id: string | null;
  created_at: Date;
}): AdjustmentRequestRow {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    reason: row.reason,
    requestedBy: row.requested_by,
    requestedByUsername: row.requested_by_username,
    requestKey: row.request_key,
    status: row.status,
    decidedBy: row.decided_by,
    decidedByUsername: row.decided_by_username,
    rejectReason: row.reject_reason,
    transferId: row.transfer_id,
    createdAt: row.created_at,
  };
}

/** Balance adjustments waiting for a second operator, and each merchant's limit (admin's tables). */
export function createAdjustmentRequestRepository(db: Db) {
  return {
    within: (executor: Db) => createAdjustmentRequestRepository(executor),

    /** The merchant's own limit in minor units, or undefined (the contract's default applies). */
    async secondApprovalAboveMinor(merchantCode: string): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('adjustment_settings')
        .select('second_approval_above_minor')
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row ? BigInt(row.second_approval_above_minor) : undefined;
    },

    /** The merchant's own limit, its row locked until the caller's transaction ends. */
    async lockSecondApprovalAboveMinor(merchantCode: string): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('adjustment_settings')
        .select('second_approval_above_minor')
        .where('merchant_code', '=', merchantCode)
        .forUpdate()
        .executeTakeFirst();
      return row ? BigInt(row.second_approval_above_minor) : undefined;
    },

    /** Sets the merchant's own limit (a row per merchant). */
    async setSecondApprovalAboveMinor(merchantCode: string, limitMinor: bigint): Promise<void> {
      await db
        .insertInto('adjustment_settings')
        .values({ merchant_code: merchantCode, second_approval_above_minor: limitMinor.toString() })
        .onConflict((conflict) =>
          conflict
            .column('merchant_code')
            .doUpdateSet({ second_approval_above_minor: limitMinor.toString() }),
        )
        .execute();
    },

    /**
     * Stores a pending request once per operator and key: answers it with `created`, or the
     * request the same key made first (the caller compares what it holds).
     */
    async insertOnce(request: {
      merchantCode: string;
      memberId: bigint;
      amountMinor: bigint;
      currency: string;
      reason: string;
      requestedBy: bigint;
      requestedByUsername: string;
      requestKey: string;
    }): Promise<{ row: AdjustmentRequestRow; created: boolean }> {
      const inserted = await db
        .insertInto('balance_adjustment_requests')
        .values({
          merchant_code: request.merchantCode,
          member_id: request.memberId.toString(),
          amount_minor: request.amountMinor.toString(),
          currency: request.currency,
          reason: request.reason,
          requested_by: request.requestedBy.toString(),
          requested_by_username: request.requestedByUsername,
          request_key: request.requestKey,
        })
        .onConflict((conflict) => conflict.columns(['requested_by', 'request_key']).doNothing())
        .returning(columns)
        .executeTakeFirst();
      if (inserted) return { row: toRow(inserted), created: true };
      const existing = await db
        .selectFrom('balance_adjustment_requests')
        .select(columns)
        .where('requested_by', '=', request.requestedBy)
        .where('request_key', '=', request.requestKey)
        .executeTakeFirstOrThrow();
      return { row: toRow(existing), created: false };
    },

    /** A request of the merchant, locked until the caller's transaction ends. */
    async findForUpdate(
      merchantCode: string,
      requestId: bigint,
    ): Promise<AdjustmentRequestRow | undefined> {
      const row = await db
        .selectFrom('balance_adjustment_requests')
        .select(columns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', requestId)
        .forUpdate()
        .executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async decide(
      requestId: bigint,
      decision: {
        status: 'approved' | 'rejected';
        decidedBy: bigint;
        decidedByUsername: string;
        rejectReason?: string;
        transferId?: string;
      },
    ): Promise<AdjustmentRequestRow> {
      const row = await db
        .updateTable('balance_adjustment_requests')
        .set({
          status: decision.status,
          decided_by: decision.decidedBy.toString(),
          decided_by_username: decision.decidedByUsername,
          decided_at: new Date(),
          reject_reason: decision.rejectReason ?? null,
          transfer_id: decision.transferId ?? null,
        })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    /** The merchant's pending requests, oldest first, after `afterId`. */
    async pending(
      merchantCode: string,
      afterId: bigint | undefined,
      limit: number,
    ): Promise<AdjustmentRequestRow[]> {
      const rows = await db
        .selectFrom('balance_adjustment_requests')
        .select(columns)
        .where('merchant_code', '=', merchantCode)
        .where('status', '=', 'pending')
        .$if(afterId !== undefined, (query) =>
          query.where('id', '>', BigInt(afterId as bigint | string)),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },
  };
}

export type AdjustmentRequestRepository = ReturnType<typeof createAdjustmentRequestRepository>;
