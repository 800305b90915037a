import { createHash } from 'node:crypto';
import { MAIN_WALLET, minorToAmount, type WalletTransfer } from '@app/contract';
import { AppError } from '../../../http/app-error.js';
import type { GameLookups } from '../../games/index.js';
import type { LedgerService } from '../../ledger/index.js';
import type { Merchant } from '../../system/index.js';
import type { MoveIntoVendor } from '../service.js';
import type { GameTransferOutcome, GameTransferService } from './service.js';

function throwUnlessOk(outcome: GameTransferOutcome): void {
  if (outcome === 'failed') throw new AppError('GAME_TRANSFER_FAILED');
  if (outcome === 'pending') throw new AppError('GAME_TRANSFER_PENDING');
}

/** Launch with confirmTrans=1: the whole available main cash goes into the vendor's wallet. */
export function createMoveIntoVendor(deps: {
  gameTransfers: GameTransferService;
  ledger: LedgerService;
}): MoveIntoVendor {
  return async ({ merchant, memberId, game }) => {
    if (!game.vendorWalletCode) return;
    const available = (await deps.ledger.memberAvailableBalances(memberId))
      .filter(
        (account) =>
          account.asset === 'cash' &&
          account.wallet === MAIN_WALLET &&
          account.currency === merchant.currency,
      )
      .reduce((sum, account) => sum + account.availableMinor, 0n);
    if (available <= 0n) return;
    const { outcome } = await deps.gameTransfers.move({
      merchantCode: merchant.code,
      currency: merchant.currency,
      memberId,
      provider: game.provider,
      walletCode: game.vendorWalletCode,
      direction: 'in',
      amountMinor: available,
    });
    throwUnlessOk(outcome);
  };
}

/** What the wallet module's GCS_walletTransfer asks before moving money to or from a vendor. */
export type VendorWalletTransfer = (input: {
  merchant: Merchant;
  memberId: bigint;
  walletCode: string;
  direction: 'in' | 'out';
  amountMinor: bigint;
  idempotencyKey: string | undefined;
}) => Promise<WalletTransfer | undefined>;

/**
 * A vendor wallet that belongs to a transfer-mode provider is moved through the provider (hold,
 * call, post or void); any other vendor wallet (DEMOVENDOR) answers undefined and the wallet
 * module moves it in the ledger alone, as before.
 */
export function createVendorWalletTransfer(deps: {
  gameTransfers: GameTransferService;
  catalogue: GameLookups;
}): VendorWalletTransfer {
  return async (input) => {
    const provider = await deps.catalogue.transferProviderOfWallet(
      input.merchant.code,
      input.walletCode,
    );
    if (!provider) return undefined;
    const keyPart = input.idempotencyKey
      ? createHash('sha256').update(input.idempotencyKey).digest('base64url')
      : undefined;
    let result: Awaited<ReturnType<GameTransferService['move']>>;
    try {
      result = await deps.gameTransfers.move({
        merchantCode: input.merchant.code,
        currency: input.merchant.currency,
        memberId: input.memberId,
        provider,
        walletCode: input.walletCode,
        direction: input.direction,
        amountMinor: input.amountMinor,
        ...(keyPart ? { transferId: `wt-${input.memberId}-${keyPart}` } : {}),
      });
    } catch (error) {
      if (error instanceof AppError && error.errorCode === 'IDEMPOTENCY_CONFLICT') {
        throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
      }
      throw error;
    }
    throwUnlessOk(result.outcome);
    const into = input.direction === 'in';
    return {
      transferId: result.transferId,
      from: into ? MAIN_WALLET : input.walletCode,
      to: into ? input.walletCode : MAIN_WALLET,
      amount: minorToAmount(input.amountMinor),
      currency: input.merchant.currency,
      createdAt: new Date().toISOString(),
    };
  };
}
