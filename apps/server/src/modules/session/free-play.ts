import type { LedgerService } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';

/**
 * Play money of a new free-demo account, in minor units (1,000,000.00 of the merchant's
 * currency). It is credited through the ledger like any balance, from its own system account,
 * so the ledger still sums to zero and the demo spend is visible; it can never become real
 * money because trial accounts may not deposit, withdraw or transfer (requireRealMember).
 */
export const TRIAL_CREDIT_AMOUNT_MINOR = 100_000_000n;
/** The system account the demo balances come from (it goes negative by what was handed out). */
export const TRIAL_CREDIT_ACCOUNT_CODE = 'system:trial-credit';
/** Hands a new trial account its play money, once whatever is retried. */
export async function creditTrialBalance(
  ledger: LedgerService,
  merchant: Merchant,
  memberId: bigint,
) {
  const [source, wallet] = await Promise.all([
    ledger.systemAccount({
      merchantCode: merchant.code,
      code: TRIAL_CREDIT_ACCOUNT_CODE,
      asset: 'cash',
      currency: merchant.currency,
    }),
    ledger.memberAccount({
      merchantCode: merchant.code,
      memberId,
      asset: 'cash',
      currency: merchant.currency,
    }),
  ]);
  await ledger.transfer({
    id: `trial-credit:${memberId}`,
    debitAccountId: source,
    creditAccountId: wallet,
    amountMinor: TRIAL_CREDIT_AMOUNT_MINOR,
    code: 'trial_credit',
  });
}
