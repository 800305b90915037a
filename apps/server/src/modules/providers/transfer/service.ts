import { randomUUID } from 'node:crypto';
import { MAIN_WALLET } from '@app/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { AppError } from '../../../http/app-error.js';
import { appendEvents, type NewEvent } from '../../events/index.js';
import type { LedgerService } from '../../ledger/index.js';
import type { TransferClient, TransferProvider } from './client.js';
import {
  createGameTransferRepository,
  type GameTransfer,
  type GameTransferRepository,
} from './repository.js';

/** Ledger code of moves between the main wallet and a vendor's wallet (as the wallet module's). */
export const GAME_TRANSFER_CODE = 'transfer';
/** A pending transfer is asked about only after this long (its first call may still be running). */
export const TRANSFER_STATUS_RECHECK_AFTER_MS = 10_000;
/** Pending transfers checked per run of the status job. */
export const TRANSFER_STATUS_BATCH_LIMIT = 100;

export type GameTransferOutcome = 'ok' | 'failed' | 'pending';

export interface GameTransferInput {
  merchantCode: string;
  currency: string;
  memberId: bigint;
  provider: TransferProvider;
  /** The member's wallet at this vendor (vendor_wallets.code). */
  walletCode: string;
  direction: 'in' | 'out';
  amountMinor: bigint;
  /** Stable id for retries of one request; random when absent. */
  transferId?: string;
}

/** Money moves between the main wallet and transfer-mode providers' wallets. */
export interface GameTransferService {
  /** Holds the amount, calls the provider and settles on its answer; pending when it gives none. */
  move(input: GameTransferInput): Promise<{ transferId: string; outcome: GameTransferOutcome }>;
  /** Asks providers about transfers still pending; answers how many were settled. */
  checkPending(): Promise<number>;
  /** The transfer of this id, if any. */
  find(transferId: string): Promise<GameTransfer | undefined>;
}

/**
 * The platform side of a transfer-mode provider: the amount is held with a pending ledger
 * transfer (main -> vendor wallet for 'in', vendor wallet -> main for 'out'), the provider is
 * called (signed), and the hold is posted on 'ok' or voided on 'failed'. No answer (timeout,
 * network, 5xx) leaves it pending; `checkPending` (a job, every minute) asks the provider for
 * the status until it knows. Money is never in both wallets nor in neither.
 */
/** The stream's record of one step of a move: the balance push tells the member's pages. */
export function transferMovedEvent(
  move: {
    merchantCode: string;
    memberId: bigint;
    direction: 'in' | 'out';
    amountMinor: bigint;
    ledgerTransferId: string;
  },
  stage: 'held' | 'posted' | 'voided',
): NewEvent {
  return {
    type: 'wallet.transfer-moved',
    merchantCode: move.merchantCode,
    memberId: move.memberId,
    payload: {
      memberId: move.memberId.toString(),
      transferId: move.ledgerTransferId,
      direction: move.direction,
      stage,
      amountMinor: move.amountMinor.toString(),
    },
  };
}

export function createGameTransferService(deps: {
  repository: GameTransferRepository;
  ledger: LedgerService;
  /** Each ledger step commits with its event (and the transfer's status) in one transaction. */
  unitOfWork: UnitOfWork;
  client: TransferClient;
  providerOf: (code: string) => Promise<TransferProvider | undefined>;
  now?: () => number;
}): GameTransferService {
  const { repository, ledger, client } = deps;
  const now = deps.now ?? Date.now;

  async function settle(transferId: string, status: 'ok' | 'failed'): Promise<void> {
    const transfer = await repository.find(transferId);
    if (transfer?.status !== 'pending') return;
    const pendingId = transfer.ledgerPendingId;
    try {
      await deps.unitOfWork(async (executor) => {
        const result =
          status === 'ok'
            ? await ledger.postPendingWithin(executor, { id: `${pendingId}:post`, pendingId })
            : await ledger.voidPendingWithin(executor, { id: `${pendingId}:void`, pendingId });
        if (!result.replayed) {
          await appendEvents(executor, [
            transferMovedEvent(
              { ...transfer, ledgerTransferId: pendingId },
              status === 'ok' ? 'posted' : 'voided',
            ),
          ]);
        }
        // The status commits with its ledger step: a resolved transfer always moved its money.
        await createGameTransferRepository(executor).resolve(transferId, status);
      });
    } catch (error) {
      // Settled by another instance meanwhile, the same way (the ledger resolves a hold once).
      if (!(error instanceof AppError && error.errorCode === 'TRANSFER_NOT_PENDING')) throw error;
      await repository.resolve(transferId, status);
    }
  }

  return {
    async move(input) {
      const account = (wallet: string) =>
        ledger.memberAccount({
          merchantCode: input.merchantCode,
          memberId: input.memberId,
          asset: 'cash',
          currency: input.currency,
          wallet,
        });
      const [mainId, vendorId] = await Promise.all([
        account(MAIN_WALLET),
        account(input.walletCode),
      ]);
      const transferId = input.transferId ?? `gt-${randomUUID()}`;
      const ledgerPendingId = `game-transfer:${input.provider.code}:${transferId}`;
      const into = input.direction === 'in';
      await deps.unitOfWork(async (executor) => {
        const held = await ledger.holdWithin(executor, {
          id: ledgerPendingId,
          debitAccountId: into ? mainId : vendorId,
          creditAccountId: into ? vendorId : mainId,
          amountMinor: input.amountMinor,
          code: GAME_TRANSFER_CODE,
          reference: into
            ? `${MAIN_WALLET}>${input.walletCode}`
            : `${input.walletCode}>${MAIN_WALLET}`,
        });
        if (held.replayed) return;
        await appendEvents(executor, [
          transferMovedEvent({ ...input, ledgerTransferId: ledgerPendingId }, 'held'),
        ]);
      });
      const existing = await repository.find(transferId);
      if (existing) {
        return { transferId, outcome: existing.status };
      }
      await repository.insert({
        id: transferId,
        merchantCode: input.merchantCode,
        memberId: input.memberId,
        vassalage: input.provider.code,
        direction: input.direction,
        amountMinor: input.amountMinor,
        ledgerPendingId,
      });
      const reply = await client.transfer(input.provider, {
        transferId,
        playerRef: input.memberId.toString(),
        direction: input.direction,
        amountMinor: Number(input.amountMinor),
      });
      if (!reply.known) return { transferId, outcome: 'pending' };
      await settle(transferId, reply.answer.status);
      return { transferId, outcome: reply.answer.status };
    },

    async checkPending() {
      const ids = await repository.pendingIds(
        new Date(now() - TRANSFER_STATUS_RECHECK_AFTER_MS),
        TRANSFER_STATUS_BATCH_LIMIT,
      );
      let settled = 0;
      for (const id of ids) {
        const transfer = await repository.find(id);
        const provider = transfer ? await deps.providerOf(transfer.vassalage) : undefined;
        if (!transfer || !provider) continue;
        const reply = await client.status(provider, id);
        await repository.countCheck(id);
        // 'unknown' or no answer: asked again next run, until the provider knows.
        if (!reply.known || reply.answer.status === 'unknown') continue;
        await settle(id, reply.answer.status);
        settled += 1;
      }
      return settled;
    },

    find(transferId) {
      return repository.find(transferId);
    },
  };
}
