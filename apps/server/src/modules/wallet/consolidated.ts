import { type ConsolidatedFunds, MAIN_WALLET, minorToAmount } from '@app/contract';
import type { LedgerAsset, LedgerService } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';
import type { VendorWalletConfig } from './repository.js';

type MemberBalances = Awaited<ReturnType<LedgerService['memberAvailableBalances']>>;

/**
 * The member's funds in the merchant's currency, per wallet and in total, from their available
 * ledger balances and the merchant's vendor wallets.
 */
export function consolidatedFunds(
  merchant: Merchant,
  accounts: MemberBalances,
  vendors: VendorWalletConfig[],
): ConsolidatedFunds {
  const ofMerchant = accounts.filter((account) => account.currency === merchant.currency);
  const sum = (asset: LedgerAsset, wallet?: string) =>
    ofMerchant
      .filter(
        (account) =>
          account.asset === asset &&
          (wallet === undefined ? account.wallet !== MAIN_WALLET : account.wallet === wallet),
      )
      .reduce((total, account) => total + account.availableMinor, 0n);
  const mainMinor = sum('cash', MAIN_WALLET);
  // Every vendor wallet the member holds money in, configured now or not (money never hides).
  const vendorMinor = sum('cash');
  const nameOf = (code: string) => vendors.find((vendor) => vendor.code === code)?.name ?? code;
  const vendorCodes = new Set([
    ...vendors.filter((vendor) => vendor.enabled).map((vendor) => vendor.code),
    ...ofMerchant
      .filter((account) => account.asset === 'cash' && account.wallet !== MAIN_WALLET)
      .map((account) => account.wallet),
  ]);
  const { whiteLabel } = merchant;
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    mainBalance: minorToAmount(mainMinor),
    bonusBalance: minorToAmount(sum('bonus', MAIN_WALLET)),
    pointsBalance: minorToAmount(sum('points', MAIN_WALLET)),
    vendorBalance: minorToAmount(vendorMinor),
    totalBalance: minorToAmount(mainMinor + vendorMinor),
    wallets: [
      { wallet: MAIN_WALLET, asset: 'cash', name: null, balance: minorToAmount(mainMinor) },
      {
        wallet: MAIN_WALLET,
        asset: 'bonus',
        name: null,
        balance: minorToAmount(sum('bonus', MAIN_WALLET)),
      },
      {
        wallet: MAIN_WALLET,
        asset: 'points',
        name: null,
        balance: minorToAmount(sum('points', MAIN_WALLET)),
      },
      ...[...vendorCodes].map((code) => ({
        wallet: code,
        asset: 'cash' as const,
        name: nameOf(code),
        balance: minorToAmount(sum('cash', code)),
      })),
    ],
    contracts: {
      dailySalary: whiteLabel.dailySalary,
      hourlySalary: whiteLabel.hourlySalary,
      dividend: whiteLabel.dividend,
      realTimeSalary: whiteLabel.realTimeSalary,
    },
  };
}
