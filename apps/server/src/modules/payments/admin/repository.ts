import {
  type AdminPaymentMethod,
  type AdminWithdrawalLimits,
  amountToMinor,
  type BankDetails,
  bankDetailsSchema,
  minorToAmount,
} from '@app/contract';
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
  'bank_details',
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
  bank_details: unknown;
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
    bankDetails:
      row.kind === 'manual_bank'
        ? (bankDetailsSchema.safeParse(row.bank_details).data ?? null)
        : null,
  };
}

export interface WithdrawalLimitsChange {
  minAmount: number;
  maxAmount: number;
  dailyCountMax: number | null;
  dailyAmountMax: number | null;
}

function toLimits(
  row: {
    min_amount_minor: bigint;
    max_amount_minor: bigint;
    daily_count_max: number | null;
    daily_amount_max_minor: bigint | null;
  },
  currency: string,
): AdminWithdrawalLimits {
  return {
    currency,
    minAmount: minorToAmount(row.min_amount_minor),
    maxAmount: minorToAmount(row.max_amount_minor),
    dailyCountMax: row.daily_count_max,
    dailyAmountMax:
      row.daily_amount_max_minor === null ? null : minorToAmount(row.daily_amount_max_minor),
  };
}

const limitColumns = [
  'min_amount_minor',
  'max_amount_minor',
  'daily_count_max',
  'daily_amount_max_minor',
] as const;

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

    async setBankDetails(
      merchantCode: string,
      code: string,
      bankDetails: BankDetails,
    ): Promise<AdminPaymentMethod | undefined> {
      const row = await db
        .updateTable('payment_methods')
        .set({ bank_details: JSON.stringify(bankDetails) })
        .where('merchant_code', '=', merchantCode)
        .where('code', '=', code)
        .returning(columns)
        .executeTakeFirst();
      return row ? toMethod(row) : undefined;
    },

    /** The withdrawal limits, locked for the caller's transaction when `lock` is set. */
    async withdrawalLimits(
      merchantCode: string,
      currency: string,
      lock = false,
    ): Promise<AdminWithdrawalLimits | undefined> {
      let query = db
        .selectFrom('withdrawal_settings')
        .select(limitColumns)
        .where('merchant_code', '=', merchantCode);
      if (lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? toLimits(row, currency) : undefined;
    },

    async setWithdrawalLimits(
      merchantCode: string,
      currency: string,
      change: WithdrawalLimitsChange,
    ): Promise<AdminWithdrawalLimits | undefined> {
      const row = await db
        .updateTable('withdrawal_settings')
        .set({
          min_amount_minor: amountToMinor(change.minAmount).toString(),
          max_amount_minor: amountToMinor(change.maxAmount).toString(),
          daily_count_max: change.dailyCountMax,
          daily_amount_max_minor:
            change.dailyAmountMax === null ? null : amountToMinor(change.dailyAmountMax).toString(),
        })
        .where('merchant_code', '=', merchantCode)
        .returning(limitColumns)
        .executeTakeFirst();
      return row ? toLimits(row, currency) : undefined;
    },
  };
}
