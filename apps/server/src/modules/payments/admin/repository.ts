import { type AdminPaymentMethod, amountToMinor, minorToAmount } from '@app/contract';
import type { Db } from '../../../db/database.js';

const columns = [
  'code',
  'kind',
  'name',
  'currency',
  'min_amount_minor',
  'max_amount_minor',
  'enabled',
  'sort_order',
] as const;

function toMethod(row: {
  code: string;
  kind: AdminPaymentMethod['kind'];
  name: string;
  currency: string;
  min_amount_minor: unknown;
  max_amount_minor: unknown;
  enabled: boolean;
  sort_order: number;
}): AdminPaymentMethod {
  return {
    code: row.code,
    kind: row.kind,
    name: row.name,
    currency: row.currency.trim(),
    minAmount: minorToAmount(BigInt(row.min_amount_minor as string | bigint)),
    maxAmount: minorToAmount(BigInt(row.max_amount_minor as string | bigint)),
    enabled: row.enabled,
    sortOrder: row.sort_order,
  };
}

/** The payments module's SQL for the console's payment methods page (its own table only). */
export function createPaymentMethodsAdminRepository(db: Db) {
  return {
    async methods(merchantCode: string): Promise<AdminPaymentMethod[]> {
      const rows = await db
        .selectFrom('payment_methods')
        .select(columns)
        .where('merchant_code', '=', merchantCode)
        .orderBy('sort_order')
        .orderBy('code')
        .execute();
      return rows.map(toMethod);
    },

    /** The method, its row locked for the rest of the caller's transaction. */
    async lockedMethod(
      merchantCode: string,
      code: string,
    ): Promise<AdminPaymentMethod | undefined> {
      const row = await db
        .selectFrom('payment_methods')
        .select(columns)
        .where('merchant_code', '=', merchantCode)
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
      return row ? toMethod(row) : undefined;
    },

    async update(
      merchantCode: string,
      code: string,
      change: { enabled: boolean; minAmount: number; maxAmount: number },
    ): Promise<AdminPaymentMethod | undefined> {
      const row = await db
        .updateTable('payment_methods')
        .set({
          enabled: change.enabled,
          min_amount_minor: amountToMinor(change.minAmount).toString(),
          max_amount_minor: amountToMinor(change.maxAmount).toString(),
        })
        .where('merchant_code', '=', merchantCode)
        .where('code', '=', code)
        .returning(columns)
        .executeTakeFirst();
      return row ? toMethod(row) : undefined;
    },
  };
}
