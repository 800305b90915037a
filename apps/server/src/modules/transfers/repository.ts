import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface TransferSettings {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  dailyMaxMinor: bigint;
}

export interface MemberTransferRecord {
  id: string;
  merchantCode: string;
  fromMemberId: bigint;
  toMemberId: bigint;
  direction: 'upline' | 'downline';
  amountMinor: bigint;
  currency: string;
  status: 'pending' | 'completed';
  idempotencyKey: string | null;
  createdAt: Date;
}

type Row = {
  id: string;
  merchant_code: string;
  from_member_id: bigint;
  to_member_id: bigint;
  direction: 'upline' | 'downline';
  amount_minor: bigint;
  currency: string;
  status: 'pending' | 'completed';
  idempotency_key: string | null;
  created_at: Date;
};

function toRecord(row: Row): MemberTransferRecord {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    fromMemberId: row.from_member_id,
    toMemberId: row.to_member_id,
    direction: row.direction,
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at,
  };
}

export function createTransferRepository(db: Db) {
  return {
    async settings(merchantCode: string): Promise<TransferSettings | undefined> {
      const row = await db
        .selectFrom('transfer_settings')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row
        ? {
            minAmountMinor: row.min_amount_minor,
            maxAmountMinor: row.max_amount_minor,
            dailyMaxMinor: row.daily_max_minor,
          }
        : undefined;
    },

    async find(id: string): Promise<MemberTransferRecord | undefined> {
      const row = await db
        .selectFrom('member_transfers')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findByKey(fromMemberId: bigint, key: string): Promise<MemberTransferRecord | undefined> {
      const row = await db
        .selectFrom('member_transfers')
        .selectAll()
        .where('from_member_id', '=', fromMemberId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /**
     * Records a transfer unless it would take the sender past the daily cap (transfers since
     * midnight UTC, pending ones included) or the key was already used. Serialized per sender
     * by an advisory lock, so two concurrent transfers cannot both fit under the cap.
     */
    async insertWithinDailyCap(
      transfer: Omit<MemberTransferRecord, 'createdAt' | 'status'>,
      dailyMaxMinor: bigint,
    ): Promise<'inserted' | 'daily-limit' | 'exists'> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`member-transfer:${transfer.fromMemberId}`}))`.execute(
          trx,
        );
        const spent = await sql<{ total: string }>`
          SELECT coalesce(sum(amount_minor), 0) AS total FROM member_transfers
          WHERE from_member_id = ${transfer.fromMemberId.toString()}::bigint
            AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        `.execute(trx);
        if (BigInt(spent.rows[0]?.total ?? '0') + transfer.amountMinor > dailyMaxMinor) {
          return 'daily-limit';
        }
        const inserted = await trx
          .insertInto('member_transfers')
          .values({
            id: transfer.id,
            merchant_code: transfer.merchantCode,
            from_member_id: transfer.fromMemberId.toString(),
            to_member_id: transfer.toMemberId.toString(),
            direction: transfer.direction,
            amount_minor: transfer.amountMinor.toString(),
            currency: transfer.currency,
            status: 'pending',
            idempotency_key: transfer.idempotencyKey,
          })
          .onConflict((conflict) =>
            conflict.columns(['from_member_id', 'idempotency_key']).doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        return inserted ? 'inserted' : 'exists';
      });
    },

    /**
     * Runs `work` in one database transaction; `executor` lets the ledger and the event stream
     * join it, so a transfer's money, its status and its event commit together.
     */
    transaction<T>(work: (executor: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(trx));
    },

    /**
     * Marks a pending transfer completed in the caller's transaction, locking its row until
     * commit; false when it was completed already (by an earlier or a concurrent retry).
     */
    async completeWithin(executor: Db, id: string): Promise<boolean> {
      const row = await executor
        .updateTable('member_transfers')
        .set({ status: 'completed' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Forgets a transfer the ledger refused (nothing moved), so it does not count to the cap. */
    async discard(id: string): Promise<void> {
      await db
        .deleteFrom('member_transfers')
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
