import { BONUS_WALLET, type ConsolidatedFunds, MAIN_WALLET, minorToAmount } from '@app/contract';
import type { LedgerAsset, LedgerService } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';
import type { VendorWalletConfig } from './repository.js';

type MemberBalances = Awaited<ReturnType<LedgerService['memberAvailableBalances']>>;

/** A vendor's transfer wallet: any cash wallet but the main one and the bonus wallet. */
const isVendorWallet = (wallet: string) => wallet !== MAIN_WALLET && wallet !== BONUS_WALLET;

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
          (wallet === undefined ? isVendorWallet(account.wallet) : account.wallet === wallet),
      )
      .reduce((total, account) => total + account.availableMinor, 0n);
  const mainMinor = sum('cash', MAIN_WALLET);
  // Every vendor wallet the member holds money in, configured now or not (money never hides).
  const vendorMinor = sum('cash');
  const nameOf = (code: string) => vendors.find((vendor) => vendor.code === code)?.name ?? code;
  const vendorCodes = new Set([
    ...vendors.filter((vendor) => vendor.enabled).map((vendor) => vendor.code),
    ...ofMerchant
      .filter((account) => account.asset === 'cash' && isVendorWallet(account.wallet))
      .map((account) => account.wallet),
  ]);
  // Bonus money sits in the cash wallet `bonus` (module bonus); older rows used the bonus asset.
  const bonusMinor = sum('cash', BONUS_WALLET) + sum('bonus', MAIN_WALLET);
  const { whiteLabel } = merchant;
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    mainBalance: minorToAmount(mainMinor),
    bonusBalance: minorToAmount(bonusMinor),
    pointsBalance: minorToAmount(sum('points', MAIN_WALLET)),
    vendorBalance: minorToAmount(vendorMinor),
    totalBalance: minorToAmount(mainMinor + vendorMinor),
    wallets: [
      { wallet: MAIN_WALLET, asset: 'cash', name: null, balance: minorToAmount(mainMinor) },
      {
        wallet: MAIN_WALLET,
        asset: 'bonus',
        name: null,
        balance: minorToAmount(bonusMinor),
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
      commission: whiteLabel.commission,
    },
  };
}
