import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';

/** The demo bank account players pay manual deposits into (fictional). */
export const DEMO_MANUAL_BANK_DETAILS = {
  bankName: 'Vietcombank',
  accountName: 'CONG TY DEMO',
  accountNumber: '0071000123456',
  branch: 'Ho Chi Minh City',
} as const;

/**
 * The demo's payment methods (the sandbox card gateway and a manual bank transfer approved by an
 * operator) and withdrawal limits. Idempotent: existing rows are left as they are.
 */
export async function seedDemoPayments(db: Db, merchantCode: string): Promise<void> {
  await db
    .insertInto('payment_methods')
    .values([
      {
        merchant_code: merchantCode,
        code: 'sandbox',
        kind: 'sandbox',
        name: 'Sandbox card (demo, no real money)',
        currency: 'VND',
        min_amount_minor: '1000000',
        max_amount_minor: '10000000000',
        callback_secret: randomBytes(32).toString('base64url'),
      },
      {
        merchant_code: merchantCode,
        code: 'manual-bank',
        kind: 'manual_bank',
        name: 'Bank transfer (approved by an operator)',
        currency: 'VND',
        min_amount_minor: '5000000',
        max_amount_minor: '50000000000',
        callback_secret: randomBytes(32).toString('base64url'),
        bank_details: JSON.stringify(DEMO_MANUAL_BANK_DETAILS),
        sort_order: 1,
      },
    ])
    .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
    .execute();
  await db
    .insertInto('withdrawal_settings')
    .values({
      merchant_code: merchantCode,
      min_amount_minor: '5000000',
      max_amount_minor: '5000000000',
    })
    .onConflict((conflict) => conflict.column('merchant_code').doNothing())
    .execute();
}
