import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { defaultWithdrawalBanksOf } from './withdrawals/bank-list.js';
import { createWithdrawalBanksRepository } from './withdrawals/banks.repository.js';

/** The demo bank account players pay manual deposits into (fictional). */
export const DEMO_MANUAL_BANK_DETAILS = {
  bankName: 'Vietcombank',
  accountName: 'CONG TY DEMO',
  accountNumber: '0071000123456',
  branch: 'Ho Chi Minh City',
} as const;

/** A payment method as a seed writes it (limits in minor units; a fresh callback secret). */
export interface PaymentMethodSeed {
  code: string;
  kind: 'sandbox' | 'manual_bank';
  name: string;
  currency: string;
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  bankDetails?: Record<string, string>;
  sortOrder?: number;
}

/**
 * A merchant's payment methods, withdrawal limits and withdrawal bank list (the starting list of
 * its methods' currency); existing rows are left as they are.
 */
export async function seedPaymentSettings(
  db: Db,
  merchantCode: string,
  seed: {
    methods: readonly PaymentMethodSeed[];
    withdrawal: { minAmountMinor: bigint; maxAmountMinor: bigint };
  },
): Promise<void> {
  if (seed.methods.length > 0) {
    await db
      .insertInto('payment_methods')
      .values(
        seed.methods.map((method) => ({
          merchant_code: merchantCode,
          code: method.code,
          kind: method.kind,
          name: method.name,
          currency: method.currency,
          min_amount_minor: method.minAmountMinor.toString(),
          max_amount_minor: method.maxAmountMinor.toString(),
          callback_secret: randomBytes(32).toString('base64url'),
          ...(method.bankDetails ? { bank_details: JSON.stringify(method.bankDetails) } : {}),
          ...(method.sortOrder !== undefined ? { sort_order: method.sortOrder } : {}),
        })),
      )
      .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
      .execute();
  }
  await db
    .insertInto('withdrawal_settings')
    .values({
      merchant_code: merchantCode,
      min_amount_minor: seed.withdrawal.minAmountMinor.toString(),
      max_amount_minor: seed.withdrawal.maxAmountMinor.toString(),
    })
    .onConflict((conflict) => conflict.column('merchant_code').doNothing())
    .execute();
  const currency = seed.methods[0]?.currency;
  if (currency) {
    await createWithdrawalBanksRepository(db).seed(
      merchantCode,
      defaultWithdrawalBanksOf(currency),
    );
  }
}

/**
 * The demo's payment methods (the sandbox card gateway and a manual bank transfer approved by an
 * operator) and withdrawal limits. Idempotent: existing rows are left as they are.
 */
export async function seedDemoPayments(db: Db, merchantCode: string): Promise<void> {
  await seedPaymentSettings(db, merchantCode, {
    methods: [
      {
        code: 'sandbox',
        kind: 'sandbox',
        name: 'Sandbox card (demo, no real money)',
        currency: 'VND',
        minAmountMinor: 1_000_000n,
        maxAmountMinor: 10_000_000_000n,
      },
      {
        code: 'manual-bank',
        kind: 'manual_bank',
        name: 'Bank transfer (approved by an operator)',
        currency: 'VND',
        minAmountMinor: 5_000_000n,
        maxAmountMinor: 50_000_000_000n,
        bankDetails: DEMO_MANUAL_BANK_DETAILS,
        sortOrder: 1,
      },
    ],
    withdrawal: { minAmountMinor: 5_000_000n, maxAmountMinor: 5_000_000_000n },
  });
}
