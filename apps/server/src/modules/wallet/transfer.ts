import { createHash, randomUUID } from 'node:crypto';
import { amountToMinor, MAIN_WALLET, minorToAmount, type WalletTransfer } from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { appendEvents } from '../events/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';
import type { WalletRepository } from './repository.js';

/** Longest Idempotency-Key accepted; the ledger id holds its hash, not the key. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Code of the ledger transfers between the main wallet and a vendor wallet. */
export const WALLET_TRANSFER_CODE = 'transfer';

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

/** A member's move between the main wallet and one vendor wallet. */
export interface WalletTransferInput {
  merchant: Merchant;
  memberId: bigint;
  from: string;
  to: string;
  amount: number;
  idempotencyKey: string | undefined;
}

/**
 * One ledger transfer between the member's main cash account and a vendor wallet account.
 * The ledger id comes from the Idempotency-Key, so a retry replays and the same key with
 * another body (vendor, direction, amount) is a mismatch.
 */
export async function transferBetweenWallets(
  deps: {
    repository: WalletRepository;
    ledger: LedgerService;
    /** The ledger move and its event commit together. */
    unitOfWork: UnitOfWork;
    vendorTransfer?: VendorWalletTransferHook | undefined;
  },
  input: WalletTransferInput,
): Promise<WalletTransfer> {
  const { merchant, memberId, idempotencyKey } = input;
  if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
  }
  const intoVendor = input.from === MAIN_WALLET;
  const vendorCode = intoVendor ? input.to : input.from;
  if (input.from === input.to || (!intoVendor && input.to !== MAIN_WALLET)) {
    throw new AppError('VALIDATION_FAILED', { field: intoVendor ? 'to' : 'from' });
  }
  const vendor = (await deps.repository.vendorWallets(merchant.code)).find(
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
    deps.ledger.memberAccount({
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
    result = await deps.unitOfWork(async (executor) => {
      const moved = await deps.ledger.transferWithin(executor, {
        id: `wallet-transfer:${memberId}:${keyPart}`,
        debitAccountId: intoVendor ? mainId : vendorId,
        creditAccountId: intoVendor ? vendorId : mainId,
        amountMinor,
        code: WALLET_TRANSFER_CODE,
        reference: `${input.from}>${input.to}`,
      });
      // Only the step that moved the money tells the stream; a replay moved nothing.
      if (!moved.replayed) {
        await appendEvents(executor, [
          {
            type: 'wallet.transfer-moved',
            merchantCode: merchant.code,
            memberId,
            payload: {
              memberId: memberId.toString(),
              transferId: moved.transfer.id,
              direction: intoVendor ? 'in' : 'out',
              stage: 'posted',
              amountMinor: amountMinor.toString(),
            },
          },
        ]);
      }
      return moved;
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
}
