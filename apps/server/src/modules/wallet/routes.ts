import { balanceCall, minorToAmount } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { LedgerService } from '../ledger/index.js';
import { authOf } from '../session/index.js';
import { merchantOf } from '../system/index.js';

export function registerWalletRoutes(registerCall: RegisterCall, ledger: LedgerService): void {
  registerCall(balanceCall, async ({ request }) => {
    const merchant = merchantOf(request);
    const balanceMinor = await ledger.memberCashBalanceMinor(authOf(request).memberId);
    return { sumBalance: minorToAmount(balanceMinor), currency: merchant.currency };
  });
}
