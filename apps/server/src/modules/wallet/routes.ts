import { balanceCall, minorToAmount } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { LedgerService } from '../ledger/index.js';
import { authOf } from '../session/index.js';
import { merchantOf } from '../system/index.js';

/** Wallets a member always sees, even before any money has moved. */
const SHOWN_WALLETS = ['cash', 'bonus'] as const;

export function registerWalletRoutes(registerCall: RegisterCall, ledger: LedgerService): void {
  registerCall(balanceCall, async ({ request }) => {
    const merchant = merchantOf(request);
    const accounts = await ledger.memberAvailableBalances(authOf(request).memberId);
    const availableOf = (asset: string) =>
      accounts
        .filter((account) => account.asset === asset && account.currency === merchant.currency)
        .reduce((sum, account) => sum + account.availableMinor, 0n);
    return {
      sumBalance: minorToAmount(availableOf('cash')),
      currency: merchant.currency,
      wallets: SHOWN_WALLETS.map((type) => ({
        type,
        balance: minorToAmount(availableOf(type)),
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
      })),
    };
  });
}
