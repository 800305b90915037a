import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface SandboxPayment {
  id: string;
  merchantCode: string;
  methodCode: string;
  merchantOrderId: string;
  amountMinor: bigint;
  currency: string;
  status: 'created' | 'paid' | 'declined';
  returnUrl: string;
}

export function createSandboxRepository(db: Db) {
  return {
    async insert(payment: SandboxPayment): Promise<void> {
      await db
        .insertInto('sandbox_gateway_payments')
        .values({
          id: payment.id,
          merchant_code: payment.merchantCode,
          method_code: payment.methodCode,
          merchant_order_id: payment.merchantOrderId,
          amount_minor: payment.amountMinor.toString(),
          currency: payment.currency,
          status: payment.status,
          return_url: payment.returnUrl,
        })
        .onConflict((conflict) => conflict.column('merchant_order_id').doNothing())
        .execute();
    },

    async find(id: string): Promise<SandboxPayment | undefined> {
      const row = await db
        .selectFrom('sandbox_gateway_payments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        merchantCode: row.merchant_code,
        methodCode: row.method_code,
        merchantOrderId: row.merchant_order_id,
        amountMinor: row.amount_minor,
        currency: row.currency,
        status: row.status,
        returnUrl: row.return_url,
      };
    },

    async findByOrder(merchantOrderId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sandbox_gateway_payments')
        .select('id')
        .where('merchant_order_id', '=', merchantOrderId)
        .executeTakeFirst();
      return row?.id;
    },

    /** The payer's choice, taken once: answers false when the payment was already finished. */
    async finish(id: string, status: 'paid' | 'declined'): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_gateway_payments')
        .set({ status, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recordAttempt(id: string, acknowledged: boolean): Promise<void> {
      await db
        .updateTable('sandbox_gateway_payments')
        .set((eb) => ({
          callback_attempts: eb('callback_attempts', '+', 1),
          ...(acknowledged ? { callback_acknowledged_at: sql<Date>`now()` } : {}),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Finished payments whose callback the merchant has not acknowledged yet. */
    async unacknowledged(maxAttempts: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('sandbox_gateway_payments')
        .select('id')
        .where('status', '<>', 'created')
        .where('callback_acknowledged_at', 'is', null)
        .where('callback_attempts', '<', maxAttempts)
        .orderBy('finished_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
