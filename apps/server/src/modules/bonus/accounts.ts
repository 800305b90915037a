import { BONUS_WALLET, MAIN_WALLET } from '@app/contract';
import type { LedgerService } from '../ledger/index.js';

/** The promotions' expense account: where bonuses come from and where removed ones go back. */
export const PROMOTION_EXPENSE_ACCOUNT = 'promotion-expense';
/** Members whose three account ids are remembered (ids never change once made); cleared when full. */
export const BONUS_ACCOUNT_CACHE_MAX_ENTRIES = 10_000;

export interface BonusAccounts {
  /** The member's bonus wallet (asset cash, wallet `bonus`). */
  bonusAccountId: bigint;
  /** The member's main cash wallet, where a converted bonus goes. */
  cashAccountId: bigint;
  /** The merchant's promotion expense account (system, sharded by member). */
  expenseAccountId: bigint;
}

/**
 * The ledger accounts a bonus moves between. The bonus wallet holds asset `cash` in a wallet of
 * its own so that a conversion is ONE transfer (the ledger moves money only within one asset).
 */
export function createBonusAccounts(ledger: LedgerService) {
  const known = new Map<string, BonusAccounts>();
  return async function accountsOf(
    merchantCode: string,
    memberId: bigint,
    currency: string,
  ): Promise<BonusAccounts> {
    const key = `${merchantCode}:${memberId}:${currency}`;
    const hit = known.get(key);
    if (hit) return hit;
    const member = { merchantCode, memberId, asset: 'cash' as const, currency };
    const [bonusAccountId, cashAccountId, expenseAccountId] = await Promise.all([
      ledger.memberAccount({ ...member, wallet: BONUS_WALLET }),
      ledger.memberAccount({ ...member, wallet: MAIN_WALLET }),
      ledger.systemAccount({
        merchantCode,
        code: PROMOTION_EXPENSE_ACCOUNT,
        asset: 'cash',
        currency,
        shardKey: memberId.toString(),
      }),
    ]);
    if (known.size >= BONUS_ACCOUNT_CACHE_MAX_ENTRIES) known.clear();
    const accounts = { bonusAccountId, cashAccountId, expenseAccountId };
    known.set(key, accounts);
    return accounts;
  };
}

export type BonusAccountsOf = ReturnType<typeof createBonusAccounts>;
