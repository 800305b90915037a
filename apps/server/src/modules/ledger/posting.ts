import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { createBatcher } from './batcher.js';
import type { LedgerRepository } from './repository.js';
import type { TransferInput, TransferResult } from './service-interface.js';
import {
  BATCH_DEADLOCK_RETRIES,
  checkInput,
  DEADLOCK_DETECTED,
  sameIdentity,
  TRANSFER_BATCH_MAX_SIZE,
  TRANSFER_BATCHES_IN_FLIGHT,
  TRANSFER_QUEUE_MAX,
  TRANSFER_SET_MAX_SIZE,
} from './transfer-rules.js';
import type { LedgerTransfer } from './types.js';

/** Posted (single) transfers: batched on their own, or in a transaction the caller opened. */

type BatchItem = Parameters<LedgerRepository['postTransferBatch']>[0][number];
export type PostBatched = ReturnType<typeof createTransferBatcher>;

/** Posted transfers arriving at once go to the database as one statement (batcher.ts). */
export function createTransferBatcher(repository: LedgerRepository) {
  return createBatcher({
    maxBatchSize: TRANSFER_BATCH_MAX_SIZE,
    maxInFlight: TRANSFER_BATCHES_IN_FLIGHT,
    maxQueued: TRANSFER_QUEUE_MAX,
    overflowError: () => new AppError('SERVICE_UNAVAILABLE'),
    run: async (items: BatchItem[]) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await repository.postTransferBatch(items);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== DEADLOCK_DETECTED || attempt >= BATCH_DEADLOCK_RETRIES) throw error;
        }
      }
    },
  });
}

/** The hot path (bets, wins): batched with whatever else is arriving, one round trip. */
export async function postSingle(
  repository: LedgerRepository,
  postBatched: PostBatched,
  input: TransferInput,
): Promise<TransferResult> {
  const reference = input.reference ?? '';
  const outcome = await postBatched({
    id: input.id,
    debitAccountId: input.debitAccountId,
    creditAccountId: input.creditAccountId,
    amountMinor: input.amountMinor,
    code: input.code,
    reference,
  });
  if (outcome.outcome === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
  if (outcome.outcome === 'invalid') {
    throw new Error(`ledger transfer ${input.id}: accounts do not match`);
  }
  if (outcome.outcome === 'posted') {
    const transfer: LedgerTransfer = {
      id: input.id,
      merchantCode: outcome.merchantCode,
      debitAccountId: input.debitAccountId,
      creditAccountId: input.creditAccountId,
      amountMinor: input.amountMinor,
      code: input.code,
      reference,
      kind: 'single',
      status: 'posted',
      pendingId: null,
      postedAmountMinor: null,
      expiresAt: null,
      createdAt: outcome.createdAt,
    };
    return { transfer, replayed: false };
  }
  const existing = await repository.findTransfer(input.id);
  if (!existing) throw new Error(`transfer ${input.id} vanished`);
  if (!sameIdentity(existing, { ...input, reference, kind: 'single', pendingId: null })) {
    throw new AppError('IDEMPOTENCY_CONFLICT');
  }
  return { transfer: existing, replayed: true };
}

/**
 * A posted transfer carried out in a database transaction the caller opened (`executor`),
 * for a module whose own rows must commit or roll back with the money (game rounds). Same
 * idempotency as `transfer`; INSUFFICIENT_FUNDS leaves the caller's transaction usable.
 */
export async function postSingleWithin(
  repository: LedgerRepository,
  executor: Db,
  input: Omit<TransferInput, 'pending'>,
): Promise<TransferResult> {
  checkInput(input);
  const reference = input.reference ?? '';
  const queries = repository.within(executor);
  const outcome = await queries.postSingleTransferInTransaction({ ...input, reference });
  if (outcome === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
  const transfer = await queries.findTransfer(input.id);
  if (!transfer) throw new Error(`transfer ${input.id} vanished`);
  if (outcome !== 'exists') return { transfer, replayed: false };
  if (!sameIdentity(transfer, { ...input, reference, kind: 'single', pendingId: null })) {
    throw new AppError('IDEMPOTENCY_CONFLICT');
  }
  return { transfer, replayed: true };
}

/**
 * Many posted transfers in the caller's transaction, in one statement (accounts locked in
 * id order): settlement batches. Each id is idempotent as in `transfer`; a member account
 * that cannot cover its part throws INSUFFICIENT_FUNDS (the caller's transaction rolls back).
 * Answers, per input, whether it was replayed.
 */
export async function postBatchWithin(
  repository: LedgerRepository,
  executor: Db,
  inputs: readonly Omit<TransferInput, 'pending'>[],
): Promise<boolean[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) checkInput(input);
  const rows = inputs.map((input) => ({ ...input, reference: input.reference ?? '' }));
  const queries = repository.within(executor);
  const outcomes = await queries.postTransferBatch(rows);
  const replayed: boolean[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const row = rows[index] as (typeof rows)[number];
    if (outcome.outcome === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
    if (outcome.outcome === 'invalid') {
      throw new Error(`ledger transfer ${row.id}: accounts do not match`);
    }
    if (outcome.outcome === 'exists') {
      const existing = await queries.findTransfer(row.id);
      if (!existing || !sameIdentity(existing, { ...row, kind: 'single', pendingId: null })) {
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
    }
    replayed.push(outcome.outcome === 'exists');
  }
  return replayed;
}

/**
 * Many posted transfers in the caller's transaction as one set (`ledger_post_transfer_set`):
 * the same idempotency per id as `transfer`, in a fixed number of statements whatever the size,
 * for settlements of thousands of wins. A member account that cannot cover its part throws
 * INSUFFICIENT_FUNDS and nothing of the set moved. Answers, per input, whether it was replayed.
 */
export async function postSetWithin(
  repository: LedgerRepository,
  executor: Db,
  inputs: readonly Omit<TransferInput, 'pending'>[],
): Promise<boolean[]> {
  if (inputs.length === 0) return [];
  if (inputs.length > TRANSFER_SET_MAX_SIZE) {
    throw new Error(`transfer set of ${inputs.length} exceeds ${TRANSFER_SET_MAX_SIZE}`);
  }
  for (const input of inputs) checkInput(input);
  const rows = inputs.map((input) => ({ ...input, reference: input.reference ?? '' }));
  if (new Set(rows.map((row) => row.id)).size !== rows.length) {
    throw new Error('transfer set repeats an id');
  }
  const queries = repository.within(executor);
  const outcomes = await queries.postTransferSet(rows);
  if (outcomes === 'insufficient') throw new AppError('INSUFFICIENT_FUNDS');
  const replayedIds = rows.filter((_, index) => outcomes[index] === 'exists').map((row) => row.id);
  const existing = new Map(
    (await queries.findTransfers(replayedIds)).map((transfer) => [transfer.id, transfer]),
  );
  const replayed = new Set(replayedIds);
  for (const row of rows) {
    if (!replayed.has(row.id)) continue;
    const transfer = existing.get(row.id);
    if (!transfer || !sameIdentity(transfer, { ...row, kind: 'single', pendingId: null })) {
      throw new AppError('IDEMPOTENCY_CONFLICT');
    }
  }
  return outcomes.map((outcome) => outcome === 'exists');
}
