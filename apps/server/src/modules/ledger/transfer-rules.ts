import { AppError } from '../../http/app-error.js';
import type { LedgerQueries } from './repository.js';
import type { TransferInput } from './service-interface.js';
import type { LedgerAccount, LedgerEntry, LedgerTransfer, TransferIdentity } from './types.js';

/** The ledger's limits, and the checks and steps every kind of transfer shares. */

/**
 * House accounts are split into this many rows, picked by a key (the member), so that
 * concurrent bets do not all wait on one row lock.
 */
export const HOUSE_ACCOUNT_SHARDS = 16;
/** Pending transfers voided per run of the expiry sweep. */
export const EXPIRY_BATCH_LIMIT = 500;
export const TRANSFER_ID_MAX_LENGTH = 200;
export const TRANSFER_REFERENCE_MAX_LENGTH = 200;
/** Most posted transfers sent to the database in one statement (see batcher.ts). */
export const TRANSFER_BATCH_MAX_SIZE = 128;
/**
 * Most transfers in one set (`transferSetWithin`): a lottery settlement chunk's wins fit with
 * room, and the statement's arrays stay a few megabytes.
 */
export const TRANSFER_SET_MAX_SIZE = 20_000;
/** Batches in flight at once per process. */
export const TRANSFER_BATCHES_IN_FLIGHT = 2;
/**
 * Posted transfers waiting for a batch per process; beyond this the database is not keeping
 * up, and a caller is better told at once (503) than left waiting behind thousands of others.
 */
export const TRANSFER_QUEUE_MAX = 10_000;
/** A batch the database broke off as a deadlock (two batches each repeating the other's id) is retried this often. */
export const BATCH_DEADLOCK_RETRIES = 2;
export const DEADLOCK_DETECTED = '40P01';

export function sameIdentity(existing: LedgerTransfer, requested: TransferIdentity): boolean {
  return (
    existing.debitAccountId === requested.debitAccountId &&
    existing.creditAccountId === requested.creditAccountId &&
    existing.amountMinor === requested.amountMinor &&
    existing.code === requested.code &&
    existing.reference === requested.reference &&
    existing.kind === requested.kind &&
    existing.pendingId === requested.pendingId
  );
}

export function assertTransferable(accounts: LedgerAccount[], debitId: bigint, creditId: bigint) {
  const debit = accounts.find((account) => account.id === debitId);
  const credit = accounts.find((account) => account.id === creditId);
  if (!debit || !credit) throw new Error(`ledger account missing: ${debitId} or ${creditId}`);
  if (
    debit.merchantCode !== credit.merchantCode ||
    debit.asset !== credit.asset ||
    debit.currency !== credit.currency
  ) {
    throw new Error(
      `ledger accounts ${debitId} and ${creditId} differ in merchant, asset or currency`,
    );
  }
  return { debit, credit };
}

export function checkInput(input: TransferInput) {
  if (input.amountMinor <= 0n)
    throw new Error(`transfer amount must be positive: ${input.amountMinor}`);
  if (input.debitAccountId === input.creditAccountId)
    throw new Error('transfer to the same account');
  if (input.id.length === 0 || input.id.length > TRANSFER_ID_MAX_LENGTH) {
    throw new Error(`transfer id length out of bounds: ${input.id.length}`);
  }
  if ((input.reference ?? '').length > TRANSFER_REFERENCE_MAX_LENGTH) {
    throw new Error('transfer reference too long');
  }
}

/**
 * Moves `amountMinor` from debit to credit, touching the two rows in id order so that two
 * transfers between the same accounts can never deadlock. Throws INSUFFICIENT_FUNDS (and the
 * surrounding transaction rolls back) when a member account cannot cover it.
 */
export async function moveFunds(
  repository: LedgerQueries,
  transfer: { id: string; merchantCode: string },
  debitAccountId: bigint,
  creditAccountId: bigint,
  amountMinor: bigint,
): Promise<void> {
  const movements = [
    { accountId: debitAccountId, amountMinor: -amountMinor },
    { accountId: creditAccountId, amountMinor },
  ].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const entries: LedgerEntry[] = [];
  for (const movement of movements) {
    const balanceAfterMinor = await repository.moveBalance(
      movement.accountId,
      movement.amountMinor,
    );
    if (balanceAfterMinor === undefined) throw new AppError('INSUFFICIENT_FUNDS');
    entries.push({
      transferId: transfer.id,
      merchantCode: transfer.merchantCode,
      ...movement,
      balanceAfterMinor,
    });
  }
  await repository.insertEntries(entries);
}
