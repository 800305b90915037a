import {
  type ConsolidatedFunds,
  type MerchantWallet,
  minorToAmount,
  pageTotals,
  RECORD_RANGE_DEFAULT_DAYS,
  RECORD_RANGE_MAX_DAYS,
  type RecordPage,
  type WalletTransfer,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { LedgerAsset, LedgerService, MemberEntry } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';
import { consolidatedFunds } from './consolidated.js';
import { createWalletRepository } from './repository.js';
import {
  transferBetweenWallets,
  type VendorWalletTransferHook,
  type WalletTransferInput,
} from './transfer.js';

export {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type VendorWalletTransferHook,
  WALLET_TRANSFER_CODE,
  type WalletTransferInput,
} from './transfer.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The member's wallets: balances, moves between main and vendor wallets, and their records. */
export interface WalletService {
  /** Every balance of the member in the merchant's currency, per wallet and in total. */
  consolidated(merchant: Merchant, memberId: bigint): Promise<ConsolidatedFunds>;
  /** The merchant's wallet mode and its enabled vendor wallets with their transfer limits. */
  merchantWallet(merchant: Merchant): Promise<MerchantWallet>;
  /**
   * One move between the member's main cash account and a vendor wallet; a retry with the same
   * Idempotency-Key replays it.
   */
  transfer(input: WalletTransferInput): Promise<WalletTransfer>;
  /** A page of the member's ledger entries in a date range, of one transfer code if asked. */
  transactions(memberId: bigint, query: RecordQuery & { type?: string }): Promise<RecordPage>;
  /** A page of the member's bonus-asset ledger entries in a date range. */
  bonusDetails(memberId: bigint, query: RecordQuery): Promise<RecordPage>;
}

/** The wallet service on its own repository over `db`. */
export function createWalletService(
  db: Db,
  deps: {
    ledger: LedgerService;
    vendorTransfer?: VendorWalletTransferHook;
    /** The member's real contract flags (module agent-contracts); else the merchant's switches. */
    contractFlagsOf?: (
      merchant: Merchant,
      memberId: bigint,
    ) => Promise<ConsolidatedFunds['contracts']>;
  },
): WalletService {
  const repository = createWalletRepository(db);
  const unitOfWork = createUnitOfWork(db);
  const { ledger } = deps;

  async function records(
    memberId: bigint,
    query: RecordQuery,
    filter: { asset?: LedgerAsset; excludeAssets?: readonly LedgerAsset[]; code?: string },
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
    async consolidated(merchant, memberId) {
      const [accounts, vendors] = await Promise.all([
        ledger.memberAvailableBalances(memberId),
        repository.vendorWallets(merchant.code),
      ]);
      const funds = consolidatedFunds(merchant, accounts, vendors);
      if (!deps.contractFlagsOf) return funds;
      return { ...funds, contracts: await deps.contractFlagsOf(merchant, memberId) };
    },

    async merchantWallet(merchant) {
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

    transfer(input) {
      return transferBetweenWallets({ ...deps, repository, unitOfWork }, input);
    },

    transactions(memberId, query) {
      // The account record lists money only: points (their own asset) have the points detail.
      return records(memberId, query, {
        excludeAssets: ['points'],
        ...(query.type ? { code: query.type } : {}),
      });
    },

    bonusDetails(memberId, query) {
      return records(memberId, query, { asset: 'bonus' });
    },
  };
}
