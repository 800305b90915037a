import {
  balanceCall,
  bonusDetailsCall,
  consolidatedFundsCall,
  MAIN_WALLET,
  merchantWalletCall,
  minorToAmount,
  transactionsCall,
  walletTransferCall,
} from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { LedgerService } from '../ledger/index.js';
import { authOf, requireRealMember } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { WalletService } from './service.js';

/** Wallets a member always sees, even before any money has moved. */
const SHOWN_WALLETS = ['cash', 'bonus'] as const;

export function registerWalletRoutes(
  registerCall: RegisterCall,
  deps: { ledger: LedgerService; wallet: WalletService },
): void {
  const { ledger, wallet } = deps;

  registerCall(balanceCall, async ({ request }) => {
    const merchant = merchantOf(request);
    const accounts = await ledger.memberAvailableBalances(authOf(request).memberId);
    // The main wallet only: money in a vendor's transfer wallet is playable there, not here.
    const availableOf = (asset: string) =>
      accounts
        .filter(
          (account) =>
            account.asset === asset &&
            account.currency === merchant.currency &&
            account.wallet === MAIN_WALLET,
        )
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

  registerCall(consolidatedFundsCall, async ({ request }) =>
    wallet.consolidated(merchantOf(request), requireRealMember(request).memberId),
  );

  registerCall(merchantWalletCall, async ({ request }) =>
    wallet.merchantWallet(merchantOf(request)),
  );

  registerCall(walletTransferCall, async ({ body, request }) => {
    const key = request.headers['idempotency-key'];
    return wallet.transfer({
      merchant: merchantOf(request),
      memberId: requireRealMember(request).memberId,
      from: body.from,
      to: body.to,
      amount: body.amount,
      idempotencyKey: Array.isArray(key) ? key[0] : key,
    });
  });

  registerCall(transactionsCall, async ({ query, request }) =>
    wallet.transactions(requireRealMember(request).memberId, query),
  );

  registerCall(bonusDetailsCall, async ({ query, request }) =>
    wallet.bonusDetails(requireRealMember(request).memberId, query),
  );
}
