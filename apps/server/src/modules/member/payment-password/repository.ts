import type { Db } from '../../../db/database.js';

export function createPaymentPasswordRepository(db: Db) {
  return {
    async find(memberId: bigint) {
      const row = await db
        .selectFrom('members')
        .select(['payment_password_hash', 'password_hash', 'profile'])
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row
        ? {
            paymentPasswordHash: row.payment_password_hash,
            passwordHash: row.password_hash,
            payeeName: (row.profile as Record<string, string>).payeeName ?? null,
          }
        : undefined;
    },

    async set(memberId: bigint, paymentPasswordHash: string): Promise<void> {
      await db
        .updateTable('members')
        .set({ payment_password_hash: paymentPasswordHash })
        .where('id', '=', memberId)
        .execute();
    },
  };
}

export type PaymentPasswordRepository = ReturnType<typeof createPaymentPasswordRepository>;
