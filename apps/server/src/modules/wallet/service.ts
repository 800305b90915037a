import { createHash, randomUUID } from 'node:crypto';
import {
  amountToMinor,
  type ConsolidatedFunds,
  MAIN_WALLET,
  type MerchantWallet,
  minorToAmount,
  pageTotals,
  RECORD_RANGE_DEFAULT_DAYS,
  RECORD_RANGE_MAX_DAYS,
  type RecordPage,
  type WalletTransfer,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { LedgerAsset, LedgerService, MemberEntry } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';
import type { WalletRepository } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest Idempotency-Key accepted; the ledger id holds its hash, not the key. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Code of the ledger transfers between the main wallet and a vendor wallet. */
export const WALLET_TRANSFER_CODE = 'transfer';

export interface RecordQuery {
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

/** [from, to) of a record query: defaults filled, order and width checked. */
export function recordRange(query: { from?: string; to?: string }, now = new Date()) {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from
    ? new Date(query.from)
    : new Date(to.getTime() - RECORD_RANGE_DEFAULT_DAYS * DAY_MS);
  if (
    from.getTime() >= to.getTime() ||
    to.getTime() - from.getTime() > RECORD_RANGE_MAX_DAYS * DAY_MS
  ) {
    throw new AppError('DATE_RANGE_INVALID', { field: 'from' });
  }
  return { from, to };
}

function rowOf(entry: MemberEntry) {
  return {
    id: entry.entryId.toString(),
    time: entry.createdAt.toISOString(),
    type: entry.code,
    amount: minorToAmount(entry.amountMinor),
    balanceAfter: minorToAmount(entry.balanceAfterMinor),
    reference: entry.reference,
    asset: entry.asset,
    wallet: entry.wallet,
    currency: entry.currency,
  };
}

/**
 * A vendor wallet kept by a transfer-mode game provider is moved through the provider (the
 * providers module answers); undefined for any other vendor wallet, which the ledger moves alone.
 */
export type VendorWalletTransferHook = (input: {
  merchant: Merchant;
  memberId: bigint;
  walletCode: string;
  direction: 'in' | 'out';
  amountMinor: bigint;
  idempotencyKey: string | undefined;
}) => Promise<WalletTransfer | undefined>;

export function createWalletService(deps: {
  repository: WalletRepository;
  ledger: LedgerService;
  vendorTransfer?: VendorWalletTransferHook;
}) {
  const { repository, ledger } = deps;

  async function records(
    memberId: bigint,
    query: RecordQuery,
    filter: { asset?: LedgerAsset; code?: string },
  ): Promise<RecordPage> {
    const { from, to } = recordRange(query);
    const { rows, totalCount } = await ledger.memberEntries({
      memberId,
      from,
      to,
      ...filter,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    return {
      list: rows.map(rowOf),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      ...pageTotals(totalCount, query.pageSize),
      from: from.toISOString(),
      to: to.toISOString(),
    };
  }

  return {
    async consolidated(merchant: Merchant, memberId: bigint): Promise<ConsolidatedFunds> {
      const [accounts, vendors] = await Promise.all([
        ledger.memberAvailableBalances(memberId),
        repository.vendorWallets(merchant.code),
      ]);
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
    },

    async merchantWallet(merchant: Merchant): Promise<MerchantWallet> {
      const vendors = (await repository.vendorWallets(merchant.code)).filter(
        (vendor) => vendor.enabled,
      );
      return {
        walletMode: vendors.length > 0 ? 'transfer' : 'seamless',
        vendorWallets: vendors.map((vendor) => ({
          code: vendor.code,
          name: vendor.name,
          minTransfer: minorToAmount(vendor.minTransferMinor),
          maxTransfer: minorToAmount(vendor.maxTransferMinor),
        })),
      };
    },

    /**
     * One ledger transfer between the member's main cash account and a vendor wallet account.
     * The ledger id comes from the Idempotency-Key, so a retry replays and the same key with
     * another body (vendor, direction, amount) is a mismatch.
     */
    async transfer(input: {
      merchant: Merchant;
      memberId: bigint;
      from: string;
      to: string;
      amount: number;
      idempotencyKey: string | undefined;
    }): Promise<WalletTransfer> {
      const { merchant, memberId, idempotencyKey } = input;
      if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
      }
      const intoVendor = input.from === MAIN_WALLET;
      const vendorCode = intoVendor ? input.to : input.from;
      if (input.from === input.to || (!intoVendor && input.to !== MAIN_WALLET)) {
        throw new AppError('VALIDATION_FAILED', { field: intoVendor ? 'to' : 'from' });
      }
      const vendor = (await repository.vendorWallets(merchant.code)).find(
        (candidate) => candidate.code === vendorCode,
      );
      // A disabled vendor takes no more money, but what is in it can always come back.
      if (!vendor || (intoVendor && !vendor.enabled)) {
        throw new AppError('WALLET_UNKNOWN', { field: intoVendor ? 'to' : 'from' });
      }
      const amountMinor = amountToMinor(input.amount);
      const belowMinimum = amountMinor < vendor.minTransferMinor && vendor.enabled;
      if (belowMinimum || amountMinor > vendor.maxTransferMinor) {
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          field: 'amount',
          minAmount: minorToAmount(vendor.minTransferMinor),
          maxAmount: minorToAmount(vendor.maxTransferMinor),
        });
      }
      const viaProvider = await deps.vendorTransfer?.({
        merchant,
        memberId,
        walletCode: vendor.code,
        direction: intoVendor ? 'in' : 'out',
        amountMinor,
        idempotencyKey,
      });
      if (viaProvider) return viaProvider;
      const account = (wallet: string) =>
        ledger.memberAccount({
          merchantCode: merchant.code,
          memberId,
          asset: 'cash',
          currency: merchant.currency,
          wallet,
        });
      const [mainId, vendorId] = await Promise.all([account(MAIN_WALLET), account(vendor.code)]);
      const keyPart = idempotencyKey
        ? createHash('sha256').update(idempotencyKey).digest('base64url')
        : randomUUID();
      let result: Awaited<ReturnType<LedgerService['transfer']>>;
      try {
        result = await ledger.transfer({
          id: `wallet-transfer:${memberId}:${keyPart}`,
          debitAccountId: intoVendor ? mainId : vendorId,
          creditAccountId: intoVendor ? vendorId : mainId,
          amountMinor,
          code: WALLET_TRANSFER_CODE,
          reference: `${input.from}>${input.to}`,
        });
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'IDEMPOTENCY_CONFLICT') {
          throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
        }
        throw error;
      }
      return {
        transferId: result.transfer.id,
        from: input.from,
        to: input.to,
        amount: minorToAmount(result.transfer.amountMinor),
        currency: merchant.currency,
        createdAt: result.transfer.createdAt.toISOString(),
      };
    },

    transactions(memberId: bigint, query: RecordQuery & { type?: string }) {
      return records(memberId, query, query.type ? { code: query.type } : {});
    },

    bonusDetails(memberId: bigint, query: RecordQuery) {
      return records(memberId, query, { asset: 'bonus' });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
